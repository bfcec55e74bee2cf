"""The parts of a sheet kept in the cache are the same for everyone; each
visitor's own CSRF token and one-time keys are rendered around them, so the
forms work for everyone."""

import re

import pytest
from django.core.cache import cache

from tests.factories import make_game
from tests.phone import Phone
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
BEN_MAKES_4 = {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}


def test_every_visitor_to_a_kept_sheet_can_post_its_forms():
    game = make_game(hands=[EXACT_BEN] * 4)
    visitors = []
    for _ in range(2):  # the second is served the parts kept for the first
        client = Phone(enforce_csrf_checks=True)
        body = client.get(game.get_absolute_url()).content.decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1)
        assert f'"X-CSRFToken": "{token}"' in body
        keys = re.findall(r'name="key" value="([^"]+)"', body)
        assert len(keys) == len(set(keys)) > 1  # a key of its own in each form
        form = {
            name: re.search(rf'name="{name}" value="([^"]+)"', body).group(1)
            for name in ("version", "key")
        }
        visitors.append((client, token, form))
    assert visitors[0][2]["key"] != visitors[1][2]["key"]  # a fresh key for each visitor
    first, second = (
        client.post(f"/games/{game.pk}/note/", {"note": note, "csrfmiddlewaretoken": token, **form})
        for note, (client, token, form) in zip(("first", "second"), visitors, strict=True)
    )
    # Both tokens are taken; the second note was drawn from the sheet as it
    # was before the first, so it is refused rather than written over it.
    assert first.status_code == 302
    assert second.status_code == 409
    assert "The note was changed on another phone" in second.content.decode()
    game.refresh_from_db()
    assert game.note == "first"


def test_a_kept_sheet_is_served_without_replaying_the_game(client, django_assert_num_queries):
    game = make_game(hands=[BEN_MAKES_4] * 4)
    first = client.get(game.get_absolute_url()).content.decode()
    # Again: the session with its person and their groups, and the game;
    # neither the seats nor the hands are read, as every part of the sheet
    # is kept.
    with django_assert_num_queries(2):
        again = client.get(game.get_absolute_url()).content.decode()
    strip = re.compile(r'value="[^"]+"|"X-CSRFToken": "[^"]+"')
    assert strip.sub("", first) == strip.sub("", again)
    assert "Ana" in again and "Hand 5" in again


def test_a_change_is_on_the_sheet_at_once(client):
    game = make_game(hands=[BEN_MAKES_4] * 4)
    assert "Hand 5 ·" in client.get(game.get_absolute_url()).content.decode()
    game.add_hand(BEN_MAKES_4)
    game.refresh_result()
    body = client.get(game.get_absolute_url()).content.decode()
    assert "Hand 6 ·" in body and "Hand 5 scored" in body


def test_a_post_without_the_visitors_token_is_refused():
    game = make_game(hands=[EXACT_BEN] * 4)
    Phone().get(game.get_absolute_url())  # keeps the parts
    client = Phone(enforce_csrf_checks=True)
    client.get(game.get_absolute_url())
    response = client.post(f"/games/{game.pk}/note/", {"note": "x", "csrfmiddlewaretoken": "nope"})
    assert response.status_code == 403


def test_a_new_note_is_a_new_version_of_the_game_and_of_its_players_records(client):
    game = make_game(hands=[EXACT_BEN] * 4)
    ana = game.seats.get(position=0).player
    before = (game.version, ana.record_version())
    client.post(f"/games/{game.pk}/note/", {"note": "Cy owes snacks"})
    game.refresh_from_db()
    ana.refresh_from_db()
    assert game.version > before[0] and ana.record_version() != before[1]


def test_a_game_that_does_not_exist_or_is_unknown_is_not_found(client):
    assert client.get("/games/999999/").status_code == 404
    game = make_game()
    Game.objects.filter(pk=game.pk).update(kind="snap")
    cache.clear()
    assert client.get(game.get_absolute_url()).status_code == 404
