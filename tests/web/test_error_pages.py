"""Not found, not allowed and server errors are pages of the app, in its
layout, with a way back to the games (DEBUG is off in the tests, as in
production)."""

import pytest
from django.test import RequestFactory
from django.views.defaults import server_error

from tests.factories import make_game, make_member, make_user
from tests.phone import Phone
from vinescore.accounts.models import Group, Membership

pytestmark = pytest.mark.django_db


def in_the_layout(body: str) -> None:
    assert '<header class="topbar">' in body
    assert 'href="/">Back to the games</a>' in body
    assert "/static/css/vinescore" in body


def test_an_address_that_does_not_exist_is_a_page_with_a_way_back(client):
    response = client.get("/nope/")
    body = response.content.decode()
    assert response.status_code == 404
    assert "<h1>Not found</h1>" in body
    in_the_layout(body)
    assert ">History</a>" in body  # the signed-in top bar


def test_a_game_of_another_group_is_not_found_in_the_layout():
    game = make_game()
    Group.objects.start("Another table", make_user("stranger"))
    response = Phone(user="stranger").get(game.get_absolute_url())
    assert response.status_code == 404
    in_the_layout(response.content.decode())


def test_a_viewer_refused_a_change_sees_why_in_the_layout():
    game = make_game()
    make_member("vic", Membership.VIEWER)
    response = Phone(user="vic").post(f"/games/{game.pk}/watch-links/")
    body = response.content.decode()
    assert response.status_code == 403
    assert "<h1>Not allowed</h1>" in body
    in_the_layout(body)


def test_a_form_from_an_old_page_is_refused_in_the_layout():
    game = make_game()
    response = Phone(enforce_csrf_checks=True).post(
        f"/games/{game.pk}/note/", {"note": "x", "csrfmiddlewaretoken": "nope"}
    )
    body = response.content.decode()
    assert response.status_code == 403
    assert "What you sent was not saved" in body
    in_the_layout(body)


def test_a_server_error_page_needs_nothing_but_the_static_files():
    response = server_error(RequestFactory().get("/games/1/"))
    body = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong" in body
    in_the_layout(body)
