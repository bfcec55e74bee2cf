"""A finished game shows everyone's place, not only the winner's."""

import pytest
from pytest_django.asserts import assertInHTML

from tests.factories import make_game

pytestmark = pytest.mark.django_db

EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def place(number: str, name: str, total: int, note: str = "") -> str:
    why = f'<span class="why">{note}</span>' if note else ""
    return (
        f'<li><span class="place">{number}</span><span class="who" title="{name}">{name}</span>'
        f'<span class="score">{total}</span>{why}</li>'
    )


def test_a_finished_game_shows_the_final_standings_in_order(client):
    game = make_game("pad", target=50, hands=[{"points": [10, 30, 50, 30]}])
    body = client.get(game.get_absolute_url()).content.decode()
    assert "Final standings" in body
    assertInHTML(place("1st", "Cy", 50), body)
    assertInHTML(place("2nd", "Ben", 30, "level with Dee"), body)
    assertInHTML(place("2nd", "Dee", 30, "level with Ben"), body)
    assertInHTML(place("4th", "Ana", 10), body)
    assert body.index(">1st<") < body.index(">2nd<") < body.index(">4th<")


def test_the_standings_reach_the_other_phones_with_the_last_hand(client):
    game = make_game(target=26, hands=[EXACT_BEN])
    shown = game.version
    client.post(f"/games/{game.pk}/hands/", EXACT_BEN)
    live = client.get(
        f"/games/{game.pk}/live/",
        headers={"HX-Request": "true", "If-None-Match": f'"{game.pk}.{shown}.en-gb"'},
    ).content.decode()
    assert "Ben win" in live
    assertInHTML(place("1st", "Ben", 26), live)


def test_a_game_still_being_played_has_no_standings(client):
    game = make_game(hands=[EXACT_BEN])
    assert "Final standings" not in client.get(game.get_absolute_url()).content.decode()
