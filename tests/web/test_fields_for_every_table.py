"""The next hand's fields are kept under all they show, the players' names
among them: every table sees its own players, escaped as the template
escapes them, however another table of the same game is called."""

import pytest

from tests.drawn import templates_drawn
from tests.factories import make_game

pytestmark = pytest.mark.django_db


def page_and_drawn(client, game) -> tuple[str, list[str]]:
    with templates_drawn() as drawn:
        page = client.get(game.get_absolute_url()).content.decode()
    return page, drawn


def test_two_tables_of_one_game_each_see_their_own_players_in_the_fields(client):
    ours = make_game(target=99_999, names=("Ana", "Ben", "Cy", "Dee"))
    theirs = make_game(target=99_999, names=('Zoe "Z&Y"', "<b>Yan</b>", "Xia", "Wes"))
    page, drawn = page_and_drawn(client, ours)
    assert "table/_hand_fields.html" in drawn
    assert 'data-label="Ana"' in page and '<label for="id_tricks_0">Ana</label>' in page
    assert 'title="Ben bids first"' in page
    page, drawn = page_and_drawn(client, theirs)
    assert "table/_hand_fields.html" in drawn
    assert 'data-label="Zoe &quot;Z&amp;Y&quot;"' in page
    assert '<label for="id_tricks_0">Zoe &quot;Z&amp;Y&quot;</label>' in page
    assert 'title="&lt;b&gt;Yan&lt;/b&gt; bids first"' in page and "<b>Yan</b>" not in page
    assert 'aria-label="One more for Wes"' in page
    assert "Ana" not in page and "Ben" not in page
    # Seen again, from what is kept.
    page, drawn = page_and_drawn(client, ours)
    assert "table/_hand_fields.html" not in drawn and 'data-label="Ana"' in page
