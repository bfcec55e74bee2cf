"""What the outbox (static/js/outbox.js) counts on when it sends the hands a
phone kept while it could not reach the server: each hand goes with the
version it was drawn from and a key of its own, and the server's answer
decides. A hand stored moves the game exactly one version on, so the next
kept hand, drawn from the same page, is sent as from the version after."""

import pytest

from tests.factories import make_game
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true", "HX-Target": "live"}
BEN_MAKES_4 = {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "4"]}
CY_MAKES_5 = {"bidder": "2", "bid": "5", "tricks": ["3", "3", "5", "2"]}
DEE_MAKES_6 = {"bidder": "3", "bid": "6", "tricks": ["2", "3", "2", "6"]}


def send(client, game, facts, version, key):
    data = {**facts, "version": str(version), "key": key}
    return client.post(f"/games/{game.pk}/hands/", data, headers=HTMX)


def test_kept_hands_are_stored_in_order_once_each(client):
    game = make_game()
    drawn = game.version
    first = send(client, game, BEN_MAKES_4, drawn, "kept-hand-one-aaaaaa")
    assert first.status_code == 200 and "Hand 1 scored" in first.content.decode()
    assert Game.objects.get(pk=game.pk).version == drawn + 1

    # The answer was lost, so the phone sends it again: stored once.
    again = send(client, game, BEN_MAKES_4, drawn, "kept-hand-one-aaaaaa")
    assert again.status_code == 200
    assert "Hand 1 is in: it was sent twice and stored once." in again.content.decode()

    # The next hand kept on the phone, drawn from the same page, goes as from
    # the version after the first.
    second = send(client, game, CY_MAKES_5, drawn + 1, "kept-hand-two-bbbbbb")
    assert second.status_code == 200 and "Hand 2 scored" in second.content.decode()
    assert [h.facts["bidder"] for h in game.hands.order_by("position")] == [1, 2]


def test_a_kept_hand_overtaken_by_another_phone_is_refused_with_what_changed(client):
    game = make_game()
    drawn = game.version
    send(client, game, CY_MAKES_5, drawn, "another-phone-cccccc")  # another phone, first
    late = send(client, game, DEE_MAKES_6, drawn, "kept-hand-late-dddddd")
    assert late.status_code == 409
    assert "Hand 1 was already entered on another phone" in late.content.decode()
    assert game.hands.count() == 1
