"""The next hand's fields are drawn once for every table of a game and its
number of players, with a stand-in for each seat's name, and each table's
names put in after: what a phone sees is what drawing them with the names
would have shown, for every game, whatever the players are called."""

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from tests.drawn import templates_drawn
from tests.factories import make_game
from vinescore.scoring import REGISTRY, Table
from vinescore.shared_parts import seat_stand_in, with_names
from vinescore.table.hand_forms import HandForm

# Names a template escapes, and one typed like a seat's stand-in.
NAMES = (
    'Ana "A&B"',
    "<b>Ben</b>",
    "O'Neil",
    "\ue0001\ue001",
    *(f"Player {n}" for n in range(5, 13)),
)


def tables():
    for rules in REGISTRY:
        for size in rules.player_counts or (2, 4, 6):
            for options in (frozenset(), frozenset(o.name for o in rules.options)):
                yield pytest.param(rules, size, options, id=f"{rules.key}-{size}-{len(options)}")


def drawn(rules, table: Table) -> str:
    form = HandForm(rules, table)
    form.initial = {f.name: f.default for f in form.fact_fields if f.default is not None}
    return render_to_string("table/_hand_fields.html", {"form": form})


@pytest.mark.parametrize(("rules", "size", "options"), list(tables()))
@pytest.mark.parametrize("language", ["en-gb", "de"])
def test_fields_drawn_with_stand_ins_show_each_tables_names(rules, size, options, language):
    names = NAMES[:size]
    table = Table(names, options, dealer=size - 1, stakes=rules.default_stakes(size))
    blank = Table(
        tuple(seat_stand_in(seat) for seat in range(size)),
        options,
        dealer=size - 1,
        stakes=rules.default_stakes(size),
    )
    with translation.override(language):
        assert with_names(drawn(rules, blank), names) == drawn(rules, table)


def page_and_drawn(client, game) -> tuple[str, list[str]]:
    with templates_drawn() as drawn:
        page = client.get(game.get_absolute_url()).content.decode()
    return page, drawn


@pytest.mark.django_db
def test_two_tables_of_one_game_share_the_fields_and_each_sees_its_own_players(client):
    ours = make_game(target=99_999, names=("Ana", "Ben", "Cy", "Dee"))
    theirs = make_game(target=99_999, names=("Zoe", "Yan", "Xia", "Wes"))
    page, drawn = page_and_drawn(client, ours)
    assert "table/_hand_fields.html" in drawn
    assert 'data-label="Ana"' in page and '<label for="id_tricks_0">Ana</label>' in page
    assert 'title="Ben bids first"' in page
    page, drawn = page_and_drawn(client, theirs)
    assert "table/_hand_fields.html" not in drawn
    assert 'data-label="Zoe"' in page and '<label for="id_tricks_0">Zoe</label>' in page
    assert 'title="Yan bids first"' in page and 'aria-label="One more for Wes"' in page
    assert "Ana" not in page and "Ben" not in page
