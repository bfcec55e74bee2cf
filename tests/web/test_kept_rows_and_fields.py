"""A hand's answer draws only what changed: the next hand's fields are kept
under what they show (the table, its dealer), each row of the sheet under
all it prints. What a phone sees is the same as if drawn anew."""

import re

import pytest

from tests.drawn import templates_drawn
from tests.factories import make_game
from vinescore.shared_parts import drawn_parts

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


def rows_drawn() -> set:
    return {key for key in drawn_parts.kept if key[0] == "sheet-row"}


def test_a_new_hand_draws_its_own_row_and_an_edit_every_row_it_moved(client):
    game = make_game(target=99_999)
    for _ in range(3):
        enter(client, game)
    before = rows_drawn()
    page, _ = enter(client, game)
    assert len(rows_drawn() - before) == 1  # hand 4's row; hands 1 to 3 as they were
    assert page.count('<tbody id="hand-') == 4
    # Ana's 13 in hand 2 moves the totals of hands 2 to 4: their rows are drawn anew.
    second = game.live_hands()[1]
    before = rows_drawn()
    game.refresh_from_db()
    edited = client.post(
        f"/games/{game.pk}/hands/{second.pk}/edit/",
        {"bidder": "0", "bid": "13", "tricks": ["13", "0", "0", "0"], "version": game.version},
    )
    assert edited.status_code == 302
    page = client.get(game.get_absolute_url()).content.decode()
    assert len(rows_drawn() - before) == 3
    assert "Ana bid 13 and took exactly 13" in page
