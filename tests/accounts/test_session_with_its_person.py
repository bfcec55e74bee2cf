"""Who is asking is read with the session's row, in one query; every check
Django's own reading makes still holds (a new password, an account made
inactive, a session another way of signing in made)."""

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.accounts.test_sign_out import signed_in
from tests.factories import make_game, make_member
from tests.phone import Phone
from vinescore.accounts.models import Group, Membership, Session
from vinescore.table.models import TableLink

pytestmark = pytest.mark.django_db


def test_the_session_and_its_person_are_one_query():
    phone = signed_in()
    game = make_game()
    with CaptureQueriesContext(connection) as ctx:
        response = phone.get(game.get_absolute_url(), headers={"HX-Request": "true"})
    assert response.status_code == 200 and "Hand 1 ·" in response.content.decode()
    assert read_with_the_session(ctx, "auth_user")


def read_with_the_session(ctx: CaptureQueriesContext, table: str) -> bool:
    """Whether the request read `table` in its one query of the session, and
    in no other."""
    sql = [query["sql"] for query in ctx.captured_queries]
    sessions = [statement for statement in sql if 'FROM "accounts_session"' in statement]
    return (
        len(sessions) == 1
        and f'JOIN "{table}"' in sessions[0]
        and not any(f'FROM "{table}"' in statement for statement in sql)
    )


def test_the_person_s_groups_are_read_with_their_session():
    phone = signed_in("member")
    member = get_user_model().objects.get(username="member")
    Group.objects.start("Zebra club", member)
    with CaptureQueriesContext(connection) as ctx:
        page = phone.get("/history/").content.decode()
    assert "Zebra club" in page and "Game night" in page
    assert read_with_the_session(ctx, "accounts_membership")


def test_a_member_removed_between_two_pages_no_longer_sees_the_group():
    phone = signed_in("member")
    member = get_user_model().objects.get(username="member")
    zebra = Group.objects.start("Zebra club", member)
    theirs = make_game(group=zebra)
    assert phone.get(theirs.get_absolute_url()).status_code == 200
    Membership.objects.filter(group=zebra, user=member).delete()
    assert phone.get(theirs.get_absolute_url()).status_code == 404
    history = phone.get("/history/")
    # Their one group left: the top bar names no group to switch to.
    assert history.status_code == 200 and "Zebra club" not in history.content.decode()


def test_someone_signed_in_in_no_group_is_sent_to_their_account_page():
    phone = signed_in("member")
    Membership.objects.filter(user__username="member").delete()
    assert phone.get("/history/")["Location"] == "/accounts/"


def test_an_account_made_inactive_is_signed_out_at_its_next_request():
    phone = signed_in("member")
    game = make_game()
    assert phone.get(game.get_absolute_url()).status_code == 200
    get_user_model().objects.filter(username="member").update(is_active=False)
    assert phone.get(game.get_absolute_url())["Location"].startswith("/accounts/login/")


def test_a_new_password_set_elsewhere_signs_this_phone_out():
    phone = signed_in("member")
    game = make_game()
    assert phone.get(game.get_absolute_url()).status_code == 200
    user = get_user_model().objects.get(username="member")
    user.set_password("another long passphrase 42")
    user.save()
    assert phone.get(game.get_absolute_url())["Location"].startswith("/accounts/login/")


def test_a_session_that_ran_out_signs_the_phone_out():
    phone = signed_in("member")
    game = make_game()
    assert phone.get(game.get_absolute_url()).status_code == 200
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    assert phone.get(game.get_absolute_url())["Location"].startswith("/accounts/login/")


def test_the_top_bar_names_each_group_of_the_person():
    phone = signed_in("member")
    member = get_user_model().objects.get(username="member")
    Group.objects.start("Zebra club", member)
    Group.objects.start("Aardvarks", make_member("eli")).memberships.create(
        user=member, role=Membership.VIEWER
    )
    page = phone.get("/").content.decode()
    buttons = re.findall(r'name="group" value="\d+"[^>]*>([^<]+)</button>', page)
    assert buttons == ["Aardvarks", "Game night", "Zebra club"]  # by name, as the ORM orders them


def test_a_session_key_the_server_never_gave_is_not_taken_on():
    # A phone that brings a key of its own is given a new one when it is
    # first given a session (here a guest's, by a table link).
    game = make_game()
    link = TableLink.objects.create(game=game)
    phone = Phone(user=None)
    phone.cookies[settings.SESSION_COOKIE_NAME] = "x" * 32
    assert phone.get(f"/t/{link.code}/")["Location"] == game.get_absolute_url()
    given = phone.cookies[settings.SESSION_COOKIE_NAME].value
    assert given != "x" * 32 and Session.objects.filter(session_key=given).exists()
    assert not Session.objects.filter(session_key="x" * 32).exists()
    assert phone.get(game.get_absolute_url()).status_code == 200


def test_a_group_read_with_the_session_is_read_whole():
    # sessions.unexpired reads each of these columns of the person's groups;
    # a column added to Group is to be read there too.
    assert [f.attname for f in Group._meta.concrete_fields] == [
        "id",
        "name",
        "created_at",
        "games_changed_at",
    ]
