"""The scoring package in German: explanations and refusals from the one
catalog (vinescore/locale/de), read here as a phone reads it, with the
standard library's gettext; English stays the default."""

from __future__ import annotations

import gettext
import io
import re
import string
from pathlib import Path

import polib
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vinescore.scoring import REGISTRY, HandInvalid, HandResult, Setup, Table, replay
from vinescore.scoring.games.bishop import Baronet
from vinescore.scoring.games.mu import Mu
from vinescore.scoring.ledger import describe
from vinescore.scoring.phone import posted_facts
from vinescore.scoring.sheet import Sheet
from vinescore.scoring.words import and_list, ordinal, plural, use_translations

CATALOG = Path(__file__).resolve().parents[2] / "vinescore/locale/de/LC_MESSAGES/django.po"
PO = polib.pofile(str(CATALOG))
GERMAN = gettext.GNUTranslations(io.BytesIO(PO.to_binary()))
FOUR = ("Ana", "Ben", "Cy", "Dee")
FIVE = (*FOUR, "Eli")


@pytest.fixture
def german():
    use_translations(GERMAN.gettext, GERMAN.ngettext)
    yield
    use_translations(None, None)


def play(rules, facts, names=FOUR, **table):
    t = Table(names, **table)
    return rules.score(rules.clean(facts, t), t)


def refusal(rules, facts, names=FOUR):
    with pytest.raises(HandInvalid) as refused:
        rules.clean(facts, Table(names))
    return refused.value.errors


# --- worked examples --------------------------------------------------------


def test_a_trick_game_explains_in_german(german):
    coralon = REGISTRY["coralon"]
    made = play(coralon, {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]})
    assert made.awards == (0, 4, 0, 0)
    assert made.explanation == "Ben bot 4 und holte genau 4: nur Ben punktet"
    missed = play(coralon, {"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]})
    assert missed.explanation == (
        "Ana bot 5 und holte 3: Ana punktet nichts; alle anderen punkten ihre Stiche"
    )


def test_a_coin_game_explains_and_settles_in_german(german):
    baronet = Baronet()
    facts = {"bidder": 0, "bid": 6, "block": "peace", "trump": "Locks", "partner": 2}
    result = play(baronet, {**facts, "points": 7}, names=FIVE)
    assert result.awards == (12, -6, 6, -6, -6)
    assert "Ana bot 6 (Bischof der Locks) mit Cy" in result.explanation
    assert "Ben, Dee und Eli zahlen je 6; Ana bekommt 12, Cy 6" in result.explanation
    alone = play(baronet, {"bidder": 4, "bid": 4, "partner": None, "points": 3}, names=FIVE)
    assert alone.explanation.startswith("Eli bot 4 allein und holte 3 Punkte: ")
    passed = play(baronet, {"passed": True}, names=FIVE, dealer=4, stakes=100)
    assert passed.explanation == (
        "Alle haben gepasst, als Eli gab: niemand punktet oder zahlt, "
        "und das Geben geht nach links an Ana"
    )


def test_mu_explains_in_german(german):
    rules = Mu()
    tie = {"tie": True, "tied": [0, 2, 3], "tied_last": 3, "shown": 3}
    result = play(rules, tie, names=FIVE)
    assert result.awards == (15, 0, 15, -30, 0)
    assert result.explanation == (
        "Ana, Cy und Dee lagen mit 3 Karten gezeigt um den Chief gleichauf und das Blatt "
        "wurde nicht gespielt: Dee, zuletzt gleichgezogen, verliert 30; Ana und Cy "
        "bekommen je 15; niemand punktet Kartenpunkte"
    )
    hand = {"tie": False, "chief": 1, "bid": 6, "vice": None, "partner": 0}
    hand |= {"trump": "other_number", "points": [20, 21, 9, 5, 5]}
    made = play(rules, hand, names=FIVE)
    assert made.explanation.startswith("Chief Ben bot 6 bei 5 Spielern und braucht 39")
    assert "(10 pro gezeigter Karte plus 20 für eine andere Zahl als Trumpf)" in (made.explanation)


def test_passing_the_target_together_explains_in_german(german):
    coralon = REGISTRY["coralon"]
    ahead = [{"bidder": 0, "bid": 3, "tricks": [6, 6, 0, 1]}] * 3
    ahead += [{"bidder": 0, "bid": 3, "tricks": [6, 5, 1, 1]}] * 3
    sheet = replay(
        coralon, Setup(FOUR, target=40), [*ahead, {"bidder": 1, "bid": 3, "tricks": [6, 7, 0, 0]}]
    )
    assert sheet.winner.reason == (
        "Ana und Ben überschritten beide 40 in derselben Runde; die höhere Punktzahl gewinnt"
    )
    assert sheet.rows[-1].result.explanation.endswith(
        ". Ana und Ben überschritten beide 40 in dieser Runde; der Sieg geht an Ana, denn die "
        "höhere Punktzahl gewinnt"
    )
    level = Mu().winner(
        [210, 190, 0, 210, 0], 200, HandResult((0,) * 5, "", bidder=1, partner=3), Table(FIVE)
    )
    assert level.reason == (
        "Ana und Dee überschritten beide 200 in derselben Runde, gleichauf mit 210; bei "
        "Gleichstand gewinnt der Partner des Chiefs (Hausregel: die Mü-Hilfeseite nennt keinen "
        "Stichentscheid)"
    )


def test_the_duel_explains_in_german(german):
    duel = REGISTRY["duel"]
    sheet = replay(
        duel,
        Setup(("Ana", "Ben"), target=2, stakes=10),
        [
            {"damage": [0, 4]},
            {"damage": [3, 2]},
        ],
    )
    assert (
        sheet.rows[-1].result.explanation == "Ana erleidet 3 und Ben erleidet 2: Ana 7 Leben, Ben 4"
    )
    assert duel.status(sheet.next_table) == "Runde 1: Ana 7 Leben, Ben 4 · Ben greift an"


def test_the_score_pad_explains_in_german(german):
    pad = REGISTRY["pad"]
    result = play(pad, {"points": ["12", "", "-3"]}, names=FOUR[:3])
    assert result.explanation == "Runde gewertet: Ana +12 und Cy -3"


def test_a_refused_hand_says_why_in_german(german):
    coralon = REGISTRY["coralon"]
    assert refusal(coralon, {"bid": "4", "tricks": ["3", "4", "2", ""]}) == {
        "bidder": "Bieter: bitte auswählen."
    }
    assert refusal(coralon, {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "9"]}) == {
        "tricks": "Stiche: 13 in einem Blatt mit 4 Spielern; diese ergeben 18."
    }
    # A record's fact that does not apply says why in German, its yes included.
    with pytest.raises(HandInvalid) as refused:
        Baronet().check_record({"passed": True, "bidder": 1, "bid": 4}, Table(FIVE))
    assert refused.value.errors["bidder"].endswith("(Alle haben gepasst: ja).")


def test_the_english_is_unchanged_without_a_catalog():
    coralon = REGISTRY["coralon"]
    assert refusal(coralon, {"bid": "4", "tricks": ["3", "4", "2", ""]}) == {
        "bidder": "Choose the bidder."
    }
    assert (and_list([]), and_list(["A", "B", "C"])) == ("nobody", "A, B and C")
    assert (ordinal(1), ordinal(12), ordinal(22)) == ("1st", "12th", "22nd")
    assert (plural(1, "trick"), plural(3, "thief", "thieves")) == ("1 trick", "3 thieves")


def test_words_helpers_in_german(german):
    assert (and_list([]), and_list(["A", "B", "C"])) == ("niemand", "A, B und C")
    assert (ordinal(1), ordinal(12), ordinal(22)) == ("1.", "12.", "22.")
    assert (plural(1, "trick"), plural(3, "thief", "thieves")) == ("1 Stich", "3 Diebe")


# --- the catalog --------------------------------------------------------------


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_translation_has_the_placeholders_of_its_english():
    """A German sentence names exactly the values the English one does, so
    formatting it can never fail and never leaves a value out."""
    wrong = []
    for entry in PO:
        if entry.msgid_plural:
            english = placeholders(entry.msgid) | placeholders(entry.msgid_plural)
            german = [placeholders(s) for s in entry.msgstr_plural.values()]
            if any(g - english for g in german) or set().union(*german) != english:
                wrong.append(entry.msgid)
        elif entry.msgstr and placeholders(entry.msgstr) != placeholders(entry.msgid):
            wrong.append(entry.msgid)
    assert wrong == []


def test_every_scoring_message_is_translated_and_none_is_fuzzy():
    scoring = [e for e in PO if re.search(r"\{\w*\}", e.msgid)]
    assert len(scoring) > 200
    assert [e.msgid for e in PO if "fuzzy" in e.flags] == []
    untranslated = [
        e.msgid for e in PO if not (e.msgstr or (e.msgstr_plural and all(e.msgstr_plural.values())))
    ]
    assert untranslated == []


def test_every_counted_word_is_in_the_catalog():
    """`plural(n, "trick")` looks up "{n} trick": each word the package counts
    must be listed for the catalog (words._nouns)."""
    package = CATALOG.parents[3] / "scoring"
    source = "\n".join(path.read_text() for path in package.rglob("*.py"))
    counted = set(re.findall(r"plural\([^,()]+(?:\[[^]]*\])?, \"([^\"]+)\"", source))
    counted |= set(re.findall(r"CARD = \(gettext_noop\(\"([^\"]+)\"\)", source))
    assert {"trick", "thief", "point", "card", "point card", "Tar"} <= counted
    catalog = {e.msgid for e in PO if e.msgid_plural}
    assert {"{n} " + word for word in counted} <= catalog


# --- every explanation formats, in both languages -------------------------------


@st.composite
def posted(draw, field, size):
    """What a hand form might post for a field: sensible and not."""
    if field.kind == "flag":
        return draw(st.sampled_from(["", "on"]))
    if field.kind in ("seat", "team"):
        return str(draw(st.integers(-1, size)))
    if field.kind == "seats":
        return [str(s) for s in draw(st.sets(st.integers(0, size - 1), max_size=size))]
    if field.kind == "choice":
        values = [str(v) for v, _ in field.choices] + ["", "x"]
        return draw(st.sampled_from(values))
    if field.kind == "number":
        return str(draw(st.integers(field.min - 1, field.max + 1)))
    if field.kind == "per_seat" and field.total is not None and draw(st.booleans()):
        # A hand that adds up: each of the total's units to someone.
        units = draw(st.lists(st.integers(0, size - 1), min_size=field.total, max_size=field.total))
        cells = [str(units.count(seat)) for seat in range(size)]
        if draw(st.booleans()):
            cells[draw(st.integers(0, size - 1))] = ""
        return cells
    if field.kind == "per_seat":
        cell = st.one_of(st.just(""), st.integers(field.min - 1, field.max).map(str))
        return draw(st.lists(cell, min_size=size, max_size=size))
    return ""


def explain_hands(rules, setup, data) -> list[str]:
    """Plays a few drawn hands; every word the sheet and the form said."""
    said = []
    sheet = Sheet(rules, setup)
    for _ in range(3):
        table = sheet.next_table
        fields = rules.fields(table)
        raw = {f.name: data.draw(posted(f, table.size), label=f.name) for f in fields}
        said += [f.label + f.help for f in fields]
        try:
            facts = rules.clean(posted_facts(fields, raw), table)
        except HandInvalid as refused:
            said += list(refused.errors.values())
            continue
        sheet.play(facts)
        said.append(sheet.rows[-1].result.explanation)
        said += describe(sheet.rows[-1].result.payments, table.names)
        said.append(rules.status(sheet.next_table))
        if sheet.winner is not None:
            said.append(sheet.winner.reason)
            break
    return said


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_explanation_formats_in_english_and_german(data):
    rules = data.draw(st.sampled_from(list(REGISTRY)), label="game")
    size = data.draw(st.sampled_from(rules.player_counts), label="players")
    names = [o.name for o in rules.options]
    options = frozenset(data.draw(st.sets(st.sampled_from(names)))) if names else frozenset()
    setup = Setup(
        names=("Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")[:size],
        options=options,
        target=rules.default_target(size),
        stakes=rules.default_stakes(size),
    )
    for language in (None, GERMAN):
        use_translations(language and language.gettext, language and language.ngettext)
        try:
            said = explain_hands(rules, setup, data)
        finally:
            use_translations(None, None)
        assert all("{" not in words and "}" not in words for words in said), said
