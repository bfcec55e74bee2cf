"""A hand's answer draws the next hand's fields only for a dealer's seat the
table has not seen yet: they are kept under all they show (the table, its
dealer, the facts carried over). What a phone sees is the same as if drawn
anew."""

import re

import pytest

from tests.drawn import templates_drawn
from tests.factories import make_game

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
# Ben bids 2 and takes 4; everyone else scores their tricks.
HAND = {"bidder": "1", "bid": "2", "tricks": ["2", "4", "4", "3"]}


def enter(client, game, hand=HAND) -> tuple[str, list[str]]:
    """The htmx answer to a hand, and the templates drawn for it."""
    game.refresh_from_db()
    with templates_drawn() as drawn:
        response = client.post(
            f"/games/{game.pk}/hands/", {**hand, "version": game.version}, headers=HTMX
        )
    assert response.status_code == 200, response.content.decode()
    return response.content.decode(), drawn


def fields(page: str) -> list[str]:
    return re.findall(r"<fieldset.*?</fieldset>", page, flags=re.DOTALL)


def test_the_next_hands_fields_are_drawn_once_for_each_dealer(client):
    game = make_game(target=99_999)
    first, drawn = enter(client, game)  # Ben deals next
    assert "table/_hand_fields.html" in drawn
    assert "<strong>Ben</strong> deals" in first
    for _ in range(3):
        enter(client, game)
    fifth, drawn = enter(client, game)  # round the table: Ben deals again
    assert "<strong>Ben</strong> deals" in fifth and "Hand 6" in fifth
    assert "table/_hand_fields.html" not in drawn
    assert fields(fifth) == fields(first)
    # The chip of who bids first moved with the dealer, and back.
    assert 'class="chip first" title="Cy bids first"' in fifth


def test_rows_drawn_before_the_game_ended_send_a_change_through_reopen(client):
    game = make_game(target=12)
    page, _ = enter(client, game)
    first = game.live_hands()[0].pk
    assert f'href="/games/{game.pk}/hands/{first}/edit/"' in page
    while not game.is_finished:  # until someone reaches 12
        won, _ = enter(client, game)
        game.refresh_from_db()
    assert game.hand_count > 1
    assert f'href="/games/{game.pk}/reopen/?hand={first}&amp;then=edit"' in won
    assert f"/hands/{first}/edit/" not in won
