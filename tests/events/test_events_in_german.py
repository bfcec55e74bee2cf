"""The draw's refusals and the points rule in German, from the one catalog
(vinescore/locale/de), through the scoring package's translation hook as
the server installs it; English stays the default."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import polib
import pytest

from vinescore.events import Draw, DrawRefused, Shape, Table, draw_round, swap_seats, table_sizes
from vinescore.events.points import rule
from vinescore.scoring.words import use_translations

CATALOG = Path(__file__).resolve().parents[2] / "vinescore/locale/de/LC_MESSAGES/django.po"
GERMAN = gettext.GNUTranslations(io.BytesIO(polib.pofile(str(CATALOG)).to_binary()))


@pytest.fixture
def german():
    use_translations(GERMAN.gettext, GERMAN.ngettext)
    yield
    use_translations(None, None)


def refusal(make, *args) -> str:
    with pytest.raises(DrawRefused) as refused:
        make(*args)
    return str(refused.value)


def test_the_draw_refuses_in_german(german):
    assert refusal(table_sizes, 6, [4]) == (
        "6 Spieler lassen sich nicht auf Tische mit 4 Spielern aufteilen."
    )
    assert refusal(table_sizes, 1, [3, 4, 5, 6]) == (
        "1 Spieler kann nicht an Tischen mit 3, 4, 5, 6 Spielern sitzen."
    )
    assert refusal(table_sizes, 0, [4]) == "Ein Clubabend braucht Spieler."
    shape = Shape((4, 5), partnership=True)
    assert refusal(draw_round, 0, [1, 2, 3, 4], shape, None) == "Durchgänge werden ab 1 gezählt."
    partners = refusal(draw_round, 1, list(range(1, 6)), shape, None)
    assert partners == "Partner sitzen sich an einem Vierertisch gegenüber."
    draw = Draw(2, (Table(1, (1, 2, 3, 4)),))
    assert refusal(swap_seats, draw, 2, 2) == "Wähle zwei verschiedene Spieler zum Tauschen."
    assert refusal(swap_seats, draw, 2, 42) == "Einer der beiden hat keinen Platz in Durchgang 2."


def test_the_points_rule_reads_in_german(german):
    assert rule().startswith("Jeder Spieler bekommt den Anteil der anderen Spieler")


def test_english_is_the_default():
    assert refusal(table_sizes, 6, [4]) == "6 players cannot be split into tables of 4."
    assert refusal(table_sizes, 1, [3]) == "1 player cannot sit at tables of 3."
    assert rule().startswith("Each player scores the share of the other players")
