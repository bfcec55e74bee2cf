"""Signing out ends that session on the server: a copy of the cookie taken
before is worth nothing after, on any page and on the live sheet's poll,
whose idle check still costs one query."""

from http.cookies import SimpleCookie

import pytest
from django.conf import settings

from tests.factories import PASSWORD, make_game, make_member
from tests.phone import Phone
from vinescore.accounts.models import Session
from vinescore.accounts.signals import access_changed
from vinescore.table.links import TableLink

pytestmark = pytest.mark.django_db
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
HTMX = {"HX-Request": "true"}


def poll(phone, game, version=None):
    version = game.version if version is None else version
    return phone.get(
        f"/games/{game.pk}/live/", headers={**HTMX, "If-None-Match": f'"{game.pk}.{version}.en-gb"'}
    )


def signed_in(username: str = "member") -> Phone:
    phone = Phone(user=None)
    user = make_member(username)
    response = phone.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    return phone


def copy_of(phone: Phone) -> Phone:
    """Another phone holding a copy of this one's cookie."""
    thief = Phone(user=None)
    thief.cookies = SimpleCookie(phone.cookies.output(header="", sep="\n"))
    return thief


def test_a_copy_of_the_cookie_works_while_its_session_lasts():
    game = make_game(hands=[EXACT_BEN])
    phone = signed_in()
    copy = copy_of(phone)
    response = copy.get(game.get_absolute_url())
    assert response.status_code == 200 and "Ana" in response.content.decode()
    assert poll(copy, game).status_code == 304


def test_after_signing_out_a_copy_of_the_cookie_gets_the_sign_in_page():
    game = make_game(hands=[EXACT_BEN])
    phone = signed_in()
    copy = copy_of(phone)
    assert phone.post("/accounts/logout/")["Location"] == "/accounts/login/"
    for url in ("/", game.get_absolute_url(), "/history/", "/accounts/"):
        response = copy.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/accounts/login/"), url
    assert copy.get("/accounts/login/").status_code == 200


def test_after_signing_out_the_live_sheet_answers_a_copy_of_the_cookie_with_nothing():
    game = make_game(hands=[EXACT_BEN])
    phone = signed_in()
    copy = copy_of(phone)
    phone.post("/accounts/logout/")
    unchanged = poll(copy, game)
    assert unchanged.status_code == 404 and b"Ana" not in unchanged.content
    moved_on = poll(copy, game, version=0)
    assert moved_on.status_code == 404 and b"Ana" not in moved_on.content


def test_signing_out_on_one_phone_leaves_the_same_person_signed_in_on_another():
    game = make_game(hands=[EXACT_BEN])
    one, other = signed_in(), signed_in()
    one.post("/accounts/logout/")
    assert other.get(game.get_absolute_url()).status_code == 200
    assert poll(other, game).status_code == 304


def test_the_session_is_kept_on_the_server_with_its_person():
    phone = signed_in("dee")
    key = phone.cookies[settings.SESSION_COOKIE_NAME].value
    assert Session.objects.get(session_key=key).user.username == "dee"
    phone.post("/accounts/logout/")
    assert not Session.objects.filter(session_key=key).exists()


def test_the_idle_check_is_one_query_with_the_session_on_the_server(
    django_assert_num_queries,
):
    game = make_game(hands=[EXACT_BEN] * 30)
    phone = signed_in()
    with django_assert_num_queries(1):
        assert poll(phone, game).status_code == 304


def test_a_made_up_cookie_gets_no_answer_from_the_live_sheet():
    game = make_game(hands=[EXACT_BEN])
    phone = Phone(user=None)
    phone.cookies[settings.SESSION_COOKIE_NAME] = "x" * 32
    assert poll(phone, game).status_code == 404
    assert phone.get(game.get_absolute_url())["Location"].startswith("/accounts/login/")


def test_a_new_password_ends_the_persons_other_sessions_but_not_this_one():
    game = make_game(hands=[EXACT_BEN])
    here, elsewhere = signed_in(), signed_in()
    response = here.post(
        "/accounts/password/change/",
        {
            "old_password": PASSWORD,
            "new_password1": "another long table password",
            "new_password2": "another long table password",
        },
    )
    assert response.status_code == 302
    assert here.get(game.get_absolute_url()).status_code == 200
    assert poll(here, game).status_code == 304
    assert elsewhere.get(game.get_absolute_url())["Location"].startswith("/accounts/login/")
    assert poll(elsewhere, game).status_code == 404


def test_a_password_reset_ends_every_session_of_the_person():
    import re

    from django.core import mail

    game = make_game(hands=[EXACT_BEN])
    phone = signed_in()
    Phone(user=None).post("/accounts/password/reset/", {"email": "member@example.com"})
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[-1].body)[1]
    stranger = Phone(user=None)
    form = stranger.get(link, follow=True)
    new = "another long table password"
    done = stranger.post(form.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    assert done.status_code == 302
    assert phone.get(game.get_absolute_url())["Location"].startswith("/accounts/login/")
    assert poll(phone, game).status_code == 404


def test_signing_out_tells_every_stream_to_look_but_signing_in_does_not(
    django_capture_on_commit_callbacks,
):
    # A guest's phone at the table signs in: its session takes a new key and
    # keeps its table links, so nobody's access ended and no stream need look.
    game = make_game()
    link = TableLink.objects.create(game=game, created_by=make_member("owner"))
    phone = Phone(user=None)
    assert phone.get(f"/t/{link.code}/").status_code == 302
    guest_key = phone.cookies[settings.SESSION_COOKIE_NAME].value
    make_member("dee")
    told = []

    def heard(sender, **kwargs):
        told.append(sender)

    access_changed.connect(heard)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            signed = phone.post("/accounts/login/", {"username": "dee", "password": PASSWORD})
        assert signed.status_code == 302
        assert phone.cookies[settings.SESSION_COOKIE_NAME].value != guest_key
        assert not Session.objects.filter(session_key=guest_key).exists()
        assert len(told) == 0
        with django_capture_on_commit_callbacks(execute=True):
            assert phone.post("/accounts/logout/").status_code == 302
        assert len(told) == 1
    finally:
        access_changed.disconnect(heard)
