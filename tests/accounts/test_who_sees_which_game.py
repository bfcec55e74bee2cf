"""Game.objects.visible_to: a member named by their account reads the same
games, in the same roles, as the same member named by their session's cookie
(the poll's look); a deleted game only when asked. A member's page reads one
game by that query (game_seen), and finds the same."""

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from hypothesis import given
from hypothesis import settings as examples
from hypothesis import strategies as st

from tests.accounts.test_sign_out import signed_in
from tests.factories import make_game, make_member, session_cookie
from vinescore.accounts import access
from vinescore.accounts.access import Visitor
from vinescore.accounts.models import Group, Membership, Session
from vinescore.accounts.sessions import SessionStore
from vinescore.accounts.sessions import signed_in as signed_in_person
from vinescore.table.models import Game, game_seen

pytestmark = pytest.mark.django_db


def seen(visitor: Visitor, **kwargs) -> set[tuple[int, str]]:
    return set(Game.objects.visible_to(visitor, **kwargs).values_list("pk", "visitor_role"))


@pytest.mark.parametrize("role", [Membership.OWNER, Membership.MEMBER, Membership.VIEWER])
def test_a_member_sees_their_groups_games_in_their_role_by_account_or_by_cookie(role):
    phone = signed_in("dee")
    user = make_member("dee", role)
    ours, gone = make_game(), make_game()
    Game.objects.filter(pk=gone.pk).update(deleted_at=gone.created_at)
    theirs = Group.objects.start("Other table", make_member("eli"))
    make_game(group=theirs)
    key = phone.cookies[settings.SESSION_COOKIE_NAME].value

    by_account, by_cookie = Visitor(user_id=user.pk), Visitor(session_key=key)
    assert seen(by_account) == seen(by_cookie) == {(ours.pk, role)}
    assert seen(by_account, deleted=True) == seen(by_cookie, deleted=True)
    assert seen(by_account, deleted=True) == {(ours.pk, role), (gone.pk, role)}


@pytest.mark.parametrize("role", [Membership.OWNER, Membership.MEMBER, Membership.VIEWER])
def test_a_members_page_reads_each_game_as_visible_to_does(role):
    user = make_member("dee", role)
    ours, gone = make_game(), make_game()
    Game.objects.filter(pk=gone.pk).update(deleted_at=gone.created_at)
    theirs = make_game(group=Group.objects.start("Other table", make_member("eli")))

    for game in (ours, gone):
        read = game_seen(Visitor(user_id=user.pk), game.pk)
        assert (read.pk, read.visitor_role, read.table_link) == (game.pk, role, None)
        assert read.group.name == "Game night" and read.created_at == game.created_at
        assert read.final_totals == Game.objects.get(pk=game.pk).final_totals
    assert game_seen(Visitor(user_id=user.pk), theirs.pk) is None
    assert (
        game_seen(Visitor(user_id=make_member("eli").pk), ours.pk).visitor_role == Membership.MEMBER
    )


def test_a_members_change_reads_the_game_with_its_row_locked():
    user = make_member("dee", Membership.MEMBER)
    game = make_game()
    with transaction.atomic(), CaptureQueriesContext(connection) as read:
        locked = game_seen(Visitor(user_id=user.pk), game.pk, lock=True)
    assert (locked.pk, locked.visitor_role) == (game.pk, Membership.MEMBER)
    if connection.features.has_select_for_update:
        assert 'FOR UPDATE OF "table_game"' in read.captured_queries[-1]["sql"]


def test_an_idle_phones_look_by_its_cookie_alone_is_one_query():
    phone = signed_in("dee")
    make_member("dee", Membership.VIEWER)
    ours = make_game()
    theirs = make_game(group=Group.objects.start("Other table", make_member("eli")))
    key = phone.cookies[settings.SESSION_COOKIE_NAME].value
    with CaptureQueriesContext(connection) as looked:
        found = Game.objects.look(Visitor(session_key=key), ours.pk)
    assert found == (ours.pk, ours.version, Membership.VIEWER) and len(looked) == 1
    assert Game.objects.look(Visitor(session_key=key), theirs.pk) is None
    Session.objects.filter(session_key=key).update(expire_date=timezone.now())
    assert Game.objects.look(Visitor(session_key=key), ours.pk) is None  # run out


def test_a_long_request_that_looks_again_finds_a_member_removed_meanwhile(rf):
    # A stream's request lives all evening: what it learned of its visitor's
    # groups at its first look is forgotten when it looks again.
    user = make_member("dee")
    group = Group.objects.get(memberships__user=user)
    request = rf.get("/")
    request.user = user
    assert group.pk in access.places(request)
    Membership.objects.filter(user=user, group=group).delete()
    assert group.pk in access.places(request)  # read once a request
    access.look_again(request)
    assert group.pk not in access.places(request)


def test_groups_read_with_the_session_are_read_afresh_when_a_long_request_looks_again(rf):
    user = make_member("dee")
    group = Group.objects.get(memberships__user=user)
    request = rf.get("/")
    request.session = SessionStore(session_key=session_cookie(user)[1])
    with CaptureQueriesContext(connection) as first:
        request.user = signed_in_person(request)  # as the middleware signs them in
        assert group.pk in access.places(request)
    assert len(first) == 1  # the session's row, with the person and their groups
    Membership.objects.filter(user=user, group=group).delete()
    access.look_again(request)
    assert group.pk not in access.places(request)


ROLES = st.sampled_from([None, Membership.OWNER, Membership.MEMBER, Membership.VIEWER])


@examples(max_examples=25, deadline=None)
@given(
    roles=st.lists(ROLES, min_size=1, max_size=3),
    games=st.lists(st.tuples(st.integers(0, 2), st.booleans()), max_size=5),
    by_cookie=st.booleans(),
    expired=st.booleans(),
)
def test_a_member_without_links_sees_what_the_one_statement_for_everyone_says(
    roles, games, by_cookie, expired
):
    """The plain join a member's look takes (of_member) lets them see the
    same games in the same roles as the statement for every kind of visitor:
    whatever their groups, roles, deleted games, or session's end."""
    with transaction.atomic():
        user = make_member("dee", Membership.MEMBER)
        user.memberships.all().delete()
        groups = [Group.objects.start(f"Table {i}", make_member(f"owner{i}")) for i in range(3)]
        for group, role in zip(groups, roles, strict=False):
            if role is not None:
                Membership.objects.create(group=group, user=user, role=role)
        for at, deleted in games:
            game = make_game(group=groups[at])
            if deleted:
                Game.objects.filter(pk=game.pk).update(deleted_at=timezone.now())
        if by_cookie:
            key = session_cookie(user)[1]
            if expired:
                Session.objects.filter(session_key=key).update(expire_date=timezone.now())
            dee = Visitor(session_key=key)
        else:
            dee = Visitor(user_id=user.pk)

        def rows(games):
            return set(games.values_list("pk", "visitor_role", "table_link"))

        assert rows(Game.objects.of_member(dee)) == rows(Game.objects.of_anyone(dee))
        transaction.set_rollback(True)
