"""A submit's one-time key seen before is the same submit sent again, whatever
version of the game it names: a phone that sends it with the version the
game is at now (a form kept open while the sheet moved on, a retry that took
the new version) is told it was already stored, and nothing is stored twice
or answered with a server error. Run on PostgreSQL too (CI does)."""

import re

import pytest

from tests.factories import NAMES, make_game, make_player
from vinescore.table.models import Game, Hand

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
KEY = "k" * 24
BEN_MAKES_4 = {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "4"]}
ANA_MAKES_2 = {"bidder": "0", "bid": "2", "tricks": ["2", "4", "4", "3"]}
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
HAND_IS_IN = "Hand 1 is in: it was sent twice and stored once."
ALREADY_STORED = "This was already stored: it was sent twice and stored once."


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def test_a_hand_sent_again_with_the_current_version_and_other_facts_is_already_stored(client):
    game = make_game()
    first = client.post(f"/games/{game.pk}/hands/", {**BEN_MAKES_4, "key": KEY}, headers=HTMX)
    assert first.status_code == 200
    # The phone posts with the version the game is at now, after the first hand.
    again = client.post(f"/games/{game.pk}/hands/", {**ANA_MAKES_2, "key": KEY}, headers=HTMX)
    assert again.status_code == 200
    assert HAND_IS_IN in text(again)
    game.refresh_from_db()
    assert game.hand_count == 1 and game.changes.count() == 1
    assert Hand.objects.get(game=game).facts["bidder"] == 1  # Ben's hand, as first sent


def test_a_hand_sent_again_without_javascript_opens_the_sheet_saying_it_is_in(client):
    game = make_game()
    client.post(f"/games/{game.pk}/hands/", {**BEN_MAKES_4, "key": KEY})
    again = client.post(f"/games/{game.pk}/hands/", {**ANA_MAKES_2, "key": KEY}, follow=True)
    assert again.status_code == 200 and again.redirect_chain[0][1] == 302
    assert HAND_IS_IN in text(again)
    assert Hand.objects.filter(game=game).count() == 1


def test_a_note_sent_again_with_the_current_version_is_already_stored(client):
    game = make_game()
    client.post(f"/games/{game.pk}/note/", {"note": "Pizza", "key": KEY})
    version = Game.objects.get(pk=game.pk).version
    again = client.post(f"/games/{game.pk}/note/", {"note": "Pasta", "key": KEY}, follow=True)
    assert again.status_code == 200
    assert ALREADY_STORED in text(again)
    game.refresh_from_db()
    assert game.note == "Pizza" and game.version == version and game.changes.count() == 1


def finished_game() -> Game:
    return make_game(hands=[EXACT_BEN] * 4)  # Ben reaches 52 of 50


def deleted_hand() -> Game:
    game = make_game(hands=[EXACT_BEN, EXACT_BEN])
    game.delete_hand(game.hands.get(position=2))
    return game


def deleted_game() -> Game:
    game = make_game(hands=[EXACT_BEN])
    game.delete_game()
    return game


def first_hand(game: Game) -> int:
    return game.hands.order_by("position").first().pk


def last_hand(game: Game) -> int:
    return game.hands.order_by("position").last().pk


# Each form that changes a game: the game it is sent to, its address and what it sends.
EVERY_CHANGE = {
    "hand": (make_game, lambda g: "hands/", lambda g: BEN_MAKES_4),
    "edit": (
        lambda: make_game(hands=[EXACT_BEN]),
        lambda g: f"hands/{first_hand(g)}/edit/",
        lambda g: ANA_MAKES_2,
    ),
    "delete": (
        lambda: make_game(hands=[EXACT_BEN]),
        lambda g: f"hands/{first_hand(g)}/delete/",
        lambda g: {},
    ),
    "undo": (deleted_hand, lambda g: f"hands/{last_hand(g)}/restore/", lambda g: {}),
    "note": (make_game, lambda g: "note/", lambda g: {"note": "Pasta"}),
    "reopen": (finished_game, lambda g: "reopen/", lambda g: {"target": "100"}),
    "end session": (
        lambda: make_game("pad", NAMES[:3], target=None),
        lambda g: "end/",
        lambda g: {},
    ),
    "rematch": (finished_game, lambda g: "rematch/", lambda g: {}),
    "seats": (
        make_game,
        lambda g: "seats/",
        lambda g: {
            **{f"seat_{i + 1}": p.pk for i, p in enumerate(reversed(g.seated_players()))},
            "first_dealer": 1,
        },
    ),
    "replace a player": (
        lambda: make_game(hands=[EXACT_BEN]),
        lambda g: "seats/",
        lambda g: {"seat": "0", "player": make_player("Zed").pk},
    ),
    "delete the game": (make_game, lambda g: "delete/", lambda g: {}),
}


@pytest.mark.parametrize("change", EVERY_CHANGE)
def test_every_change_sent_again_with_the_current_version_changes_nothing(client, change):
    make, path, data = EVERY_CHANGE[change]
    game = make()
    game.set_note("Pizza", key=KEY)  # the key's first use
    game.refresh_from_db()
    before = (game.version, game.changes.count(), Game.objects.count())
    response = client.post(
        f"/games/{game.pk}/{path(game)}", {**data(game), "key": KEY}, follow=True
    )
    assert response.status_code == 200
    assert ALREADY_STORED in text(response)
    game = Game.objects.get(pk=game.pk)
    assert (game.version, game.changes.count(), Game.objects.count()) == before


def test_restoring_a_game_with_a_key_seen_before_restores_nothing(client):
    game = make_game(hands=[EXACT_BEN])
    client.post(f"/games/{game.pk}/delete/")
    client.post(f"/games/{game.pk}/restore/", {"key": KEY})  # Undo
    client.post(f"/games/{game.pk}/delete/")
    game.refresh_from_db()
    before = (game.version, game.changes.count())
    # The Undo sent again, with the version the game is at now.
    response = client.post(f"/games/{game.pk}/restore/", {"key": KEY})
    assert response.status_code == 409
    assert "This game was already deleted on another phone." in text(response)
    game.refresh_from_db()
    assert game.is_deleted and (game.version, game.changes.count()) == before
