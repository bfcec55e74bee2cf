"""Pages kept in the cache between requests still carry each visitor's own
CSRF token, so the forms on them work for everyone."""

import re

import pytest

from tests.factories import make_game
from tests.phone import Phone
from vinescore.table.changes import KEY_PLACEHOLDER
from vinescore.table.fragments import csrf_placeholder
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def test_every_visitor_to_a_kept_sheet_can_post_its_forms():
    game = make_game(hands=[EXACT_BEN] * 4)
    visitors = []
    for _ in range(2):  # the second is served the page kept for the first
        client = Phone(enforce_csrf_checks=True)
        body = client.get(game.get_absolute_url()).content.decode()
        assert csrf_placeholder() not in body and KEY_PLACEHOLDER not in body
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1)
        assert f'"X-CSRFToken": "{token}"' in body
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


def test_a_post_without_the_visitors_token_is_refused():
    game = make_game(hands=[EXACT_BEN] * 4)
    Phone().get(game.get_absolute_url())  # keeps the page
    client = Phone(enforce_csrf_checks=True)
    client.get(game.get_absolute_url())
    response = client.post(f"/games/{game.pk}/note/", {"note": "x", "csrfmiddlewaretoken": "nope"})
    assert response.status_code == 403


def test_a_new_note_is_a_new_version_of_the_game_and_of_its_players_records(client):
    game = make_game(hands=[EXACT_BEN] * 4)
    ana = game.seats.get(position=0).player
    before = (game.updated_at, ana.record_changed_at)
    client.post(f"/games/{game.pk}/note/", {"note": "Cy owes snacks"})
    game.refresh_from_db()
    ana.refresh_from_db()
    assert game.updated_at > before[0] and ana.record_changed_at > before[1]


def test_a_game_that_does_not_exist_or_is_unknown_is_not_found(client):
    assert client.get("/games/999999/").status_code == 404
    game = make_game()
    Game.objects.filter(pk=game.pk).update(kind="snap")
    assert client.get(game.get_absolute_url()).status_code == 404
