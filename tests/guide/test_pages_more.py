"""Rules pages for Bishop, Baronet, Chevalier, Up and Down and Mü: shape,
markup, worked examples and coverage of every rule the scorers can name.

Pure Python: run with `-p no:django`.
"""

from __future__ import annotations

import ast
import inspect
import re
import textwrap

import pytest

from tests.guide.markup import linked, paragraphs
from vinescore import guide
from vinescore.guide.content import Example, RulesPage, Section
from vinescore.scoring import REGISTRY, Table
from vinescore.scoring.base import PASSED_OUT, GameRules
from vinescore.scoring.ledger import describe, settle_up

KEYS = ("bishop", "baronet", "chevalier", "up-and-down", "up-and-down-points", "mu")
REQUIRED = ("players", "deal", "bidding", "play", "scoring", "winning", "ties", "rulings")
GLOSSARY_KEYS = frozenset(
    """bid bidder bump sweep open-card the-box trump no-trump thief key-suit red take-back
    dealer deuce farmer tar point-card exact exceed miss zero-bid double-zero less blind-bid
    forfeit partner stakes settle-up trick lead follow-suit poison war-and-peace jasper-city
    chief vice ledger passed-out""".split()
)
PAGES = tuple(guide.PAGES[key] for key in KEYS)
BY_KEY = {page.key: page for page in PAGES}
EXAMPLES = [(page.key, i, ex) for page in PAGES for i, ex in enumerate(page.examples)]


def texts(page: RulesPage) -> list[str]:
    """Every piece of text on a page that takes markup."""
    out = [page.lede]
    for section in page.sections:
        out += [section.title, *paragraphs(section.text)]
    for example in page.examples:
        out += [example.title, example.story]
    return out


def scorer_rules(rules: GameRules) -> set[str]:
    """Every `rule` name a game's scorer can return: the string literals given
    as `rule=...` or assigned to `rule` in the game's own classes."""
    found: set[str] = set()
    for cls in type(rules).__mro__:
        if not cls.__module__.startswith("vinescore.scoring.games."):
            continue
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
        for node in ast.walk(tree):
            values = []
            if isinstance(node, ast.keyword) and node.arg == "rule":
                values.append(node.value)
            elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "rule" for t in node.targets
            ):
                values.append(node.value)
            for value in values:
                for part in ast.walk(value):
                    assert not isinstance(part, ast.JoinedStr), (
                        f"{cls.__name__} builds a rule name with an f-string: list its "
                        "cases in this test"
                    )
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        found.add(part.value)
    if rules.passes:  # the base class scores a deal everyone passed
        found.add(PASSED_OUT)
    return found


def test_one_page_for_each_game_in_the_registry():
    assert isinstance(PAGES, tuple)
    assert all(isinstance(page, RulesPage) for page in PAGES)
    assert sorted(BY_KEY) == sorted(KEYS) and len(PAGES) == len(KEYS)
    for page in PAGES:
        assert page.key in REGISTRY


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.key)
def test_sections_have_unique_anchors_and_the_required_ones(page):
    anchors = [s.anchor for s in page.sections]
    assert all(isinstance(s, Section) for s in page.sections)
    assert len(anchors) == len(set(anchors))
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", a) for a in anchors)
    assert set(REQUIRED) <= set(anchors)
    rulings = next(s for s in page.sections if s.anchor == "rulings")
    assert rulings.ruling and "ruling" in rulings.title.lower()


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.key)
def test_no_empty_text(page):
    assert page.lede.strip() and page.source.strip()
    for section in page.sections:
        assert section.title.strip() and paragraphs(section.text), section.anchor
        for paragraph in paragraphs(section.text):
            assert paragraph.strip(), f"{page.key}#{section.anchor} has an empty paragraph"
    assert page.examples
    for example in page.examples:
        assert isinstance(example, Example)
        assert example.title.strip() and example.story.strip()


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.key)
def test_markup_links_only_glossary_terms_the_page_lists(page):
    assert set(page.terms) <= GLOSSARY_KEYS
    assert len(page.terms) == len(set(page.terms))
    used: set[str] = set()
    for text in texts(page):
        assert text.count("**") % 2 == 0, text
        used.update(linked(text))
    assert used <= GLOSSARY_KEYS, used - GLOSSARY_KEYS
    assert used <= set(page.terms), used - set(page.terms)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.key)
def test_every_rule_the_scorer_names_is_explained_by_exactly_one_section(page):
    produced = scorer_rules(REGISTRY[page.key])
    assert produced, "the scorer names no rule: the source scan is broken"
    covered = [rule for section in page.sections for rule in section.rules]
    for rule in produced:
        assert covered.count(rule) == 1, f"{page.key}: {rule!r} in {covered.count(rule)} sections"
    assert set(covered) <= produced, set(covered) - produced


def test_the_rule_scan_finds_what_the_scorers_return():
    assert scorer_rules(REGISTRY["bishop"]) == {"made", "failed", "passed-out"}
    assert scorer_rules(REGISTRY["baronet"]) == {"made", "failed", "passed-out"}
    assert scorer_rules(REGISTRY["chevalier"]) == {"made", "sweep", "bump", "passed-out"}
    assert scorer_rules(REGISTRY["up-and-down"]) == {"take-back", "red", "made", "failed"}
    assert scorer_rules(REGISTRY["up-and-down-points"]) == {
        "exact",
        "exceed",
        "short",
        "passed-out",
    }
    assert scorer_rules(REGISTRY["mu"]) == {"made", "overbid", "tie", "passed-out"}


@pytest.mark.parametrize(
    ("key", "index", "example"), EXAMPLES, ids=[f"{k}-{i}" for k, i, _ in EXAMPLES]
)
def test_each_example_is_a_valid_hand_scored_as_promised(key, index, example):
    rules = REGISTRY[key]
    assert len(example.names) in rules.player_counts
    assert len(set(example.names)) == len(example.names)
    if rules.coins:
        assert example.stakes is not None
    else:
        assert example.stakes is None
    names = {f.name for f in rules.fields(Table(example.names))}
    assert set(example.facts) <= names, set(example.facts) - names
    table = Table(example.names, frozenset(example.options), example.dealer)
    cleaned = rules.clean(dict(example.facts), table)
    result = rules.score(cleaned, table)
    assert result.awards == example.expect, result.explanation
    assert len(example.expect) == rules.side_count(len(example.names))
    if rules.coins:
        assert sum(example.expect) == 0


def test_the_examples_the_brief_asks_for():
    def rules_of(key):
        page = BY_KEY[key]
        out = []
        for example in page.examples:
            table = Table(example.names, frozenset(example.options), example.dealer)
            rules = REGISTRY[key]
            out.append(rules.score(rules.clean(dict(example.facts), table), table))
        return out

    assert len(BY_KEY["chevalier"].examples) >= 2 and len(BY_KEY["baronet"].examples) >= 2
    assert len(BY_KEY["mu"].examples) >= 2
    chevalier = rules_of("chevalier")
    failed = next(r for r in chevalier if r.rule == "bump")
    assert failed.bid == 5 and 0 in failed.awards and max(failed.awards) >= 5
    assert any(r.rule == "sweep" for r in chevalier)
    baronet = rules_of("baronet")
    assert any(len(r.awards) == 5 and r.made for r in baronet)
    assert (-5, 7, -5, 3) in [r.awards for r in baronet]  # bid 5: pot 10, partner 3, bidder 7
    mu = {r.rule for r in rules_of("mu")}
    assert {"made", "overbid"} <= mu


def test_variants_point_at_each_other():
    assert BY_KEY["bishop"].related == ("baronet",)
    assert BY_KEY["baronet"].related == ("bishop",)
    assert BY_KEY["up-and-down"].related == ("up-and-down-points",)
    assert BY_KEY["up-and-down-points"].related == ("up-and-down",)
    for page in PAGES:
        assert all(k in REGISTRY and k != page.key for k in page.related)


@pytest.mark.parametrize("key", ["baronet", "up-and-down"])
def test_coin_pages_explain_the_ledger_the_session_and_the_settle_up(key):
    page = BY_KEY[key]
    anchors = {s.anchor for s in page.sections}
    assert {"coins", "settle-up"} <= anchors
    text = " ".join(s.text for s in page.sections).lower()
    for word in ("[ledger][]", "balance", "end the session", "[settle up][]", "fewest"):
        assert word in text, word


@pytest.mark.parametrize(
    ("key", "balances", "stakes"),
    [("baronet", [130, 95, 100, 75], 100), ("up-and-down", [41, 22, 30, 35, 22], 30)],
)
def test_the_settle_up_examples_match_the_ledger(key, balances, stakes):
    assert REGISTRY[key].default_stakes(len(balances)) == stakes  # the rules' own stakes
    names = ("Ana", "Ben", "Cy", "Dee", "Eli")[: len(balances)]
    section = next(s for s in BY_KEY[key].sections if s.anchor == "settle-up")
    text = guide.text_of(key, section.text)
    for line in describe(settle_up(balances, stakes), names):
        assert line in text, line
