"""Accounts: the owner's first visit, signing in and out, passwords, and
the limit on wrong passwords."""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from tests.factories import NAMES, PASSWORD, make_user
from tests.phone import Phone
from vinescore.accounts.models import Group, Membership
from vinescore.table.models import Game, Player, Seat

pytestmark = pytest.mark.django_db


def test_a_fresh_install_offers_to_create_the_owner_who_takes_in_the_games_already_there():
    # A database from before accounts: a game and its players, in no group.
    game = Game.objects.create(kind="coralon", rules_version="x", target=100)
    for i, name in enumerate(NAMES[:4]):
        Seat.objects.create(game=game, player=Player.objects.create(name=name), position=i)
    game.refresh_result()
    phone = Phone(user=None)
    assert phone.get("/")["Location"].startswith("/accounts/login/")
    assert phone.get("/accounts/login/")["Location"] == "/welcome/"
    response = phone.post(
        "/welcome/",
        {
            "username": "dee",
            "email": "dee@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "group": "Thursday club",
        },
    )
    assert response.status_code == 302
    dee = get_user_model().objects.get(username="dee")
    group = Group.objects.get()
    assert group.name == "Thursday club" and dee.is_superuser
    assert group.memberships.get().role == Membership.OWNER
    game.refresh_from_db()
    assert game.group == group
    assert set(group.players.values_list("name", flat=True)) == set(NAMES[:4])
    assert phone.get(game.get_absolute_url()).status_code == 200  # signed in already
    # Once there is an owner, the welcome is gone.
    assert Phone(user=None).get("/welcome/").status_code == 404


def test_the_first_visit_refuses_a_weak_password_and_creates_nobody():
    response = Phone(user=None).post(
        "/welcome/",
        {"username": "dee", "password1": "12345", "password2": "12345", "group": "Club"},
    )
    assert response.status_code == 422
    assert "This password is too short" in response.content.decode()
    assert not get_user_model().objects.exists() and not Group.objects.exists()


def test_a_wrong_password_is_refused_with_a_message(client):
    make_user("ana")
    response = Phone(user=None).post("/accounts/login/", {"username": "ana", "password": "not it"})
    assert response.status_code == 422
    assert "Please enter a correct username and password" in response.content.decode()


def test_signing_in_and_out():
    make_user("ana")
    phone = Phone(user=None)
    response = phone.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert response.status_code == 302
    assert phone.get("/accounts/").status_code == 200
    phone.post("/accounts/logout/")
    assert phone.get("/accounts/").status_code == 302


def test_five_wrong_passwords_pause_that_account_even_with_the_right_one():
    make_user("ana")
    phone = Phone(user=None)
    for _ in range(5):
        phone.post("/accounts/login/", {"username": "ana", "password": "guess"})
    response = phone.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many wrong passwords" in response.content.decode()
    assert phone.get("/accounts/").status_code == 302  # not signed in


def test_wrong_passwords_from_one_address_pause_it_for_every_account():
    for name in ("ana", "ben"):
        make_user(name)
    phone = Phone(user=None)
    for i in range(5):
        phone.post("/accounts/login/", {"username": f"nobody{i}", "password": "guess"})
    response = phone.post("/accounts/login/", {"username": "ben", "password": PASSWORD})
    assert response.status_code == 429
    other_address = Phone(user=None, REMOTE_ADDR="10.0.0.9")
    assert (
        other_address.post(
            "/accounts/login/", {"username": "ben", "password": PASSWORD}
        ).status_code
        == 302
    )


def test_the_admin_sign_in_is_limited_the_same_way():
    user = make_user("ana")
    user.is_staff = user.is_superuser = True
    user.save()
    phone = Phone(user=None)
    for _ in range(5):
        phone.post("/admin/login/", {"username": "ana", "password": "guess"})
    response = phone.post("/admin/login/", {"username": "ana", "password": PASSWORD})
    assert response.status_code == 429


def test_a_forgotten_password_is_reset_by_a_link_sent_by_email():
    make_user("ana")
    phone = Phone(user=None)
    response = phone.post("/accounts/password/reset/", {"email": "ana@example.com"})
    assert response.status_code == 302
    (message,) = mail.outbox
    link = next(word for word in message.body.split() if "/accounts/password/reset/" in word)
    path = link.split("testserver", 1)[1]
    form_page = phone.get(path, follow=True)
    assert "Choose a new password" in form_page.content.decode()
    new = "another long table password"
    done = phone.post(form_page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    assert done.status_code == 302
    assert phone.post("/accounts/login/", {"username": "ana", "password": new}).status_code == 302


def test_a_reset_link_used_once_is_gone_the_second_time():
    make_user("ana")
    phone = Phone(user=None)
    phone.post("/accounts/password/reset/", {"email": "ana@example.com"})
    link = next(w for w in mail.outbox[0].body.split() if "/accounts/password/reset/" in w)
    form_page = phone.get(link.split("testserver", 1)[1], follow=True)
    new = "another long table password"
    phone.post(form_page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    again = Phone(user=None).get(link.split("testserver", 1)[1], follow=True)
    assert again.status_code == 410
    assert "This link has already been used or has expired" in again.content.decode()


def test_changing_the_password_needs_the_old_one(client):
    response = client.post(
        "/accounts/password/change/",
        {"old_password": "wrong", "new_password1": "x" * 12, "new_password2": "x" * 12},
    )
    assert response.status_code == 422
    assert "Your old password was entered incorrectly" in response.content.decode()


def test_sign_up_is_closed_unless_the_server_opens_it(settings):
    assert Phone(user=None).get("/accounts/signup/").status_code == 404
    settings.SIGNUP_OPEN = True
    phone = Phone(user=None)
    response = phone.post(
        "/accounts/signup/", {"username": "zoe", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302
    zoe = get_user_model().objects.get(username="zoe")
    assert Membership.objects.get(user=zoe).role == Membership.OWNER
    assert "zoe&#x27;s games" in phone.get("/").content.decode()
