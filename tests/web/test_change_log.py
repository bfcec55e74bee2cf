"""The change log speaks the players' words: names, labels and values as the
form shows them, never seat numbers or raw facts."""

import html

import pytest

from tests.factories import NAMES, make_game
from tests.web.test_records import CASES, make_case

pytestmark = pytest.mark.django_db

MISS = {"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}  # Ana bids 5 and takes 3
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def log(client, game) -> str:
    """The log's entries as text."""
    page = html.unescape(client.get(f"/games/{game.pk}/log/").content.decode())
    return page[page.index('<ol class="log">') : page.index("</ol>")]


def test_an_added_hand_is_told_with_names_and_labels(client):
    game = make_game(hands=[MISS])
    text = log(client, game)
    assert "Hand 1 scored: Bidder: Ana · Bid: 5 · Tricks: Ana 3, Ben 4, Cy 4, Dee 2." in text
    assert "{" not in text and "'bidder'" not in text


def test_an_edit_says_whose_bid_changed_and_from_what(client):
    game = make_game(hands=[MISS, MISS])
    hand = game.live_hands()[1]
    client.post(
        f"/games/{game.pk}/hands/{hand.pk}/edit/",
        {"bidder": "0", "bid": "3", "tricks": ["3", "5", "3", "2"]},
    )
    text = log(client, game)
    assert (
        "Hand 2: Ana's bid changed from 5 to 3; Ben's tricks changed from 4 to 5; "
        "Cy's tricks changed from 4 to 3." in text
    )


def test_a_new_bidder_is_named_not_numbered(client):
    game = make_game(hands=[MISS])
    hand = game.live_hands()[0]
    client.post(
        f"/games/{game.pk}/hands/{hand.pk}/edit/",
        {"bidder": "2", "bid": "5", "tricks": ["3", "4", "4", "2"]},
    )
    assert "Hand 1: the bidder changed from Ana to Cy." in log(client, game)


def test_a_deleted_hand_is_named_by_where_it_stood_and_can_be_restored(client):
    game = make_game(hands=[MISS, MISS, MISS])
    hand = game.live_hands()[1]
    client.post(f"/games/{game.pk}/hands/{hand.pk}/delete/")
    text = log(client, game)
    assert "Hand 2 (deleted now) deleted: Bidder: Ana" in text
    assert f"/hands/{hand.pk}/restore/" in text
    client.post(f"/games/{game.pk}/hands/{hand.pk}/restore/")
    assert "Hand 2 restored: Bidder: Ana" in log(client, game)


def test_the_note_target_end_and_reopen_are_in_the_log(client):
    game = make_game(hands=[EXACT_BEN] * 4)
    client.post(f"/games/{game.pk}/note/", {"note": "At Cy's"})
    client.post(f"/games/{game.pk}/note/", {"note": "At Dee's"})
    client.post(f"/games/{game.pk}/reopen/", {"target": "80"})
    text = log(client, game)
    assert "Note added: “At Cy's”." in text
    assert "Note changed from “At Cy's” to “At Dee's”." in text
    assert "Play goes on: the target score went from 40 to 80." in text

    session = make_game("baronet", names=("Ana", "Ben", "Cy"))
    client.post(f"/games/{session.pk}/end/")
    client.post(f"/games/{session.pk}/reopen/")
    text = log(client, session)
    assert "The table ended the session." in text and "Reopened to play on." in text


@pytest.mark.parametrize("kind", sorted(CASES))
def test_every_games_hands_are_told_in_words_not_raw_facts(client, kind):
    game = make_case(kind)
    text = log(client, game)
    assert text.count(" scored: ") == len(CASES[kind]["hands"])
    for raw in ("[", "{", "None", "True", "False", "seat "):
        assert raw not in text, f"{raw!r} in the {kind} log"
    assert any(name in text for name in NAMES[: CASES[kind]["players"]])
