"""A table link's code cannot be guessed at full speed: a code that opens
nothing counts, from the address that typed it, towards the pause wrong
passwords have. After five, every code from there, the right one too, is
answered 429 with a page that says to wait; another address is not touched,
a right code resets no one's count, and once the pause is over the right
code opens the table again."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.utils import timezone

from tests.factories import make_game, make_user
from tests.phone import Phone
from vinescore.table.links import TABLE_CODE_ALPHABET

pytestmark = pytest.mark.django_db
PAUSED = "Opening table links from here is paused after 5 wrong codes."
WAIT = "Wait 15 minutes, then try the code again."


def shown_table_link(client) -> tuple[str, str]:
    """A member shows a game's table link: its path, and the game's sheet."""
    game = make_game()
    assert client.post(f"/games/{game.pk}/table-links/").status_code == 302
    return f"/t/{game.table_links.get().code}/", game.get_absolute_url()


def wrong_codes(right: str) -> list[str]:
    code = right.split("/")[2]
    return [f"/t/{c}{code[1:]}/" for c in TABLE_CODE_ALPHABET if c != code[0]]


def test_five_wrong_codes_pause_that_address_even_for_the_right_code(client):
    right, sheet = shown_table_link(client)
    guesser = Phone(user=None)
    wrong = wrong_codes(right)
    assert [guesser.get(path).status_code for path in wrong[:4]] == [404] * 4
    fifth = guesser.get(wrong[4])
    assert fifth.status_code == 429 and PAUSED in fifth.content.decode()
    response = guesser.get(right)
    assert response.status_code == 429
    assert "Too many wrong table codes" in response.content.decode()
    assert PAUSED in response.content.decode() and WAIT in response.content.decode()
    assert guesser.get(sheet).status_code == 302  # not seated: sent to sign in


def test_another_address_still_opens_the_table_link(client):
    right, sheet = shown_table_link(client)
    guesser = Phone(user=None)
    for path in wrong_codes(right)[:5]:
        guesser.get(path)
    assert guesser.get(right).status_code == 429
    at_the_table = Phone(user=None, REMOTE_ADDR="10.0.0.9")
    response = at_the_table.get(right)
    assert response.status_code == 302 and response["Location"] == sheet
    assert at_the_table.get(sheet).status_code == 200


def test_a_right_code_resets_no_count(client):
    right, sheet = shown_table_link(client)
    guesser = Phone(user=None)
    wrong = wrong_codes(right)
    for path in wrong[:4]:
        guesser.get(path)
    # The right code, from another phone at the table and from the guesser.
    assert Phone(user=None, REMOTE_ADDR="10.0.0.9").get(right).status_code == 302
    assert guesser.get(right).status_code == 302
    assert guesser.get(wrong[4]).status_code == 429  # the fifth miss all the same
    assert guesser.get(right).status_code == 429


def test_once_the_pause_is_over_the_right_code_opens_the_table(client):
    right, sheet = shown_table_link(client)
    guesser = Phone(user=None)
    for path in wrong_codes(right)[:5]:
        guesser.get(path)
    assert guesser.get(right).status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    response = guesser.get(right)
    assert response.status_code == 302 and response["Location"] == sheet


def test_wrong_passwords_still_pause_their_account_from_every_address(client):
    # Sign-in keeps its rule: only table codes count by address alone.
    make_user("ana")
    for i in range(5):
        Phone(user=None, REMOTE_ADDR=f"10.0.1.{i}").post(
            "/accounts/login/", {"username": "ana", "password": "guess"}
        )
    response = Phone(user=None, REMOTE_ADDR="10.0.2.1").post(
        "/accounts/login/", {"username": "ana", "password": "guess"}
    )
    assert response.status_code == 429
    assert "Signing in as ana is paused after 5 wrong passwords." in response.content.decode()
