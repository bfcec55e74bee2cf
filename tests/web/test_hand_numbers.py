"""A hand has one number everywhere: the sheet, its edit and delete pages,
the change log and the message another phone gets. After a deletion the
later hands move up, and a deleted hand is named by where it would stand if
restored."""

import html
import re

import pytest

from tests.factories import make_game

pytestmark = pytest.mark.django_db

# Bid by Ana, Ben, Cy and Dee in turn.
HANDS = [{"bidder": b, "bid": 5, "tricks": [3, 4, 4, 2]} for b in range(4)]


def text(response) -> str:
    return html.unescape(response.content.decode())


def test_after_a_deletion_every_page_numbers_the_hands_alike(client):
    game = make_game(hands=HANDS)
    first, second, third, fourth = game.live_hands()
    client.post(f"/games/{game.pk}/hands/{second.pk}/delete/", {"version": game.version})
    game.refresh_from_db()

    sheet = text(client.get(f"/games/{game.pk}/"))
    numbers = re.findall(r'<tbody id="hand-(\d+)".*?<th scope="row"[^>]*>(\d+)</th>', sheet, re.S)
    assert [(int(pk), int(n)) for pk, n in numbers] == [
        (first.pk, 1),
        (third.pk, 2),
        (fourth.pk, 3),
    ]
    assert "Edit hand 2" in text(client.get(f"/games/{game.pk}/hands/{third.pk}/edit/"))
    assert "Delete hand 3?" in text(client.get(f"/games/{game.pk}/hands/{fourth.pk}/delete/"))
    log = text(client.get(f"/games/{game.pk}/log/"))
    assert "Hand 2 (deleted now) deleted: Bidder: Ben" in log
    assert "Hand 2 scored: Bidder: Cy" in log and "Hand 3 scored: Bidder: Dee" in log

    # Another phone, drawn before Cy's hand was edited, is told which hand moved.
    drawn = game.version
    client.post(
        f"/games/{game.pk}/hands/{third.pk}/edit/",
        {"bidder": "2", "bid": "6", "tricks": ["3", "4", "4", "2"], "version": drawn},
    )
    refused = client.post(f"/games/{game.pk}/hands/", {"bidder": "0", "version": drawn})
    assert refused.status_code == 409
    assert "Hand 2 was changed on another phone" in text(refused)


def test_the_sheet_and_the_stored_hands_agree_on_every_number():
    game = make_game(hands=HANDS * 2)
    hands = list(game.hands.order_by("position"))
    for gone in (hands[0], hands[5]):
        game.delete_hand(gone)
    live = game.live_positions()
    sheet = game.sheet()
    in_play = [h for h in hands if h.deleted_at is None]
    assert [game.number_of(h) for h in in_play] == [row.number for row in sheet.rows]
    assert [game.number_of(h) for h in (hands[0], hands[5])] == [1, 5]
    assert len(live) == len(sheet.rows) == len(hands) - 2
