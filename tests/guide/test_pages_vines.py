"""The rules pages for Games 1 to 5, the glossary and the deck page, checked
against the scoring service: examples score as their stories promise, and every
rule a scorer can name is explained by exactly one section."""

import inspect
import random
import re

import pytest

from tests.guide.markup import linked, paragraphs
from vinescore import guide
from vinescore.guide import DECK
from vinescore.scoring import REGISTRY, HandInvalid, Table

REQUIRED = ("players", "deal", "bidding", "play", "scoring", "winning", "ties", "rulings")
KEYS = (
    "coralon",
    "coralon-partners",
    "thief",
    "thieves",
    "ducks-and-geese",
    "dog",
    "ducks-and-geese-cutthroat",
)
VARIANTS = ("coralon-partners", "thieves", "dog", "ducks-and-geese-cutthroat")
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
TERMS = tuple(guide.GLOSSARY.values())
GLOSSARY = guide.GLOSSARY
PAGES = tuple(guide.PAGES[key] for key in KEYS)
BY_KEY = {page.key: page for page in PAGES}

page_params = pytest.mark.parametrize("page", PAGES, ids=lambda p: p.key)
example_params = pytest.mark.parametrize(
    "page,example",
    [(page, example) for page in PAGES for example in page.examples],
    ids=lambda x: getattr(x, "key", None) or getattr(x, "title", None),
)


def page_paragraphs(page):
    return [p for section in page.sections for p in paragraphs(section.text)]


# --- random valid hands, to learn every rule name a scorer can give ------------


def random_value(rng, field, table):
    if field.kind == "seat":
        return rng.randrange(table.size)
    if field.kind == "team":
        return rng.randrange(2)
    if field.kind == "seats":
        return [s for s in range(table.size) if rng.random() < 0.3]
    if field.kind == "choice":
        return rng.choice(field.choices)[0]
    if field.kind == "flag":
        return rng.random() < 0.5
    if field.kind == "number":
        # small numbers often, so that zero bids are sometimes made
        if rng.random() < 0.3:
            return field.min
        return rng.randint(field.min, field.max)
    if field.kind == "per_seat":
        if field.total is not None:
            numbers = [0] * table.size
            for _ in range(field.total):
                numbers[rng.randrange(table.size)] += 1
            return numbers
        most = field.most if field.most is not None else field.max * table.size
        numbers = [0] * table.size
        for _ in range(rng.randint(0, most)):
            numbers[rng.randrange(table.size)] += 1
        return [min(n, field.max) for n in numbers]
    raise AssertionError(field.kind)


def rules_produced(key, hands=1500):
    rules = REGISTRY[key]
    rng = random.Random(f"vinescore-guide-{key}")
    every_option = frozenset(option.name for option in rules.options)
    found = set()
    for players in rules.player_counts:
        for options in (every_option, frozenset()):
            table = Table(NAMES[:players], options, rng.randrange(players))
            fields = rules.fields(table)
            for _ in range(hands):
                facts = {}
                for field in fields:
                    if field.applies(facts):
                        facts[field.name] = random_value(rng, field, table)
                try:
                    clean = rules.clean(facts, table)
                except HandInvalid:
                    continue
                found.add(rules.score(clean, table).rule)
    return found


def scorer_module(key):
    return inspect.getmodule(type(REGISTRY[key]))


# --- pages -------------------------------------------------------------------


@page_params
def test_page_is_for_a_registered_game(page):
    assert page.key in REGISTRY
    assert page.lede.strip()
    assert page.source.startswith("Vines rulebook")


@page_params
def test_anchors_are_unique_and_the_required_ones_exist(page):
    anchors = [section.anchor for section in page.sections]
    assert len(anchors) == len(set(anchors))
    for anchor in REQUIRED:
        assert anchor in anchors
    assert all(re.fullmatch(r"[a-z0-9-]+", a) for a in anchors)


@page_params
def test_our_rulings_are_marked_as_ours(page):
    rulings = [s for s in page.sections if s.anchor == "rulings"]
    assert rulings[0].ruling
    assert "ruling" in rulings[0].title.lower()
    # a ruling section explains no scorer rule on its own; the rule sections do
    assert [s.anchor for s in page.sections if s.ruling] == ["rulings"]


@page_params
def test_no_paragraph_is_empty(page):
    for section in page.sections:
        assert section.title.strip()
        assert paragraphs(section.text)
        for text in paragraphs(section.text):
            assert text.strip()
            assert text.count("**") % 2 == 0


@page_params
def test_every_linked_term_is_in_the_glossary_and_listed_on_the_page(page):
    used = {key for text in page_paragraphs(page) for key in linked(text)}
    assert used <= set(GLOSSARY), used - set(GLOSSARY)
    assert used <= set(page.terms), used - set(page.terms)
    assert set(page.terms) <= set(GLOSSARY), set(page.terms) - set(GLOSSARY)


@page_params
def test_related_pages_are_registered_games(page):
    for key in page.related:
        assert key in REGISTRY
        assert key != page.key


@pytest.mark.parametrize("key", VARIANTS)
def test_variants_say_what_differs_and_point_back(key):
    page = BY_KEY[key]
    assert page.related
    assert "differences" in [section.anchor for section in page.sections]


@page_params
def test_every_rule_the_scorer_gives_is_explained_by_exactly_one_section(page):
    produced = rules_produced(page.key)
    explained = [rule for section in page.sections for rule in section.rules]
    assert len(explained) == len(set(explained)), "a rule is explained twice"
    assert produced == set(explained)


def test_every_rule_written_in_a_scorer_module_is_explained_on_one_of_its_pages():
    modules = {scorer_module(page.key) for page in PAGES}
    for module in modules:
        written = set(re.findall(r'rule="(\w+)"', inspect.getsource(module)))
        explained = {
            rule
            for page in PAGES
            if scorer_module(page.key) is module
            for section in page.sections
            for rule in section.rules
        }
        assert written <= explained, (module.__name__, written - explained)


@page_params
def test_every_page_has_a_worked_example(page):
    assert page.examples
    if page.key in ("coralon", "ducks-and-geese"):
        made = [e for e in page.examples if score(page, e).made]
        missed = [e for e in page.examples if score(page, e).made is False]
        assert made and missed


def score(page, example):
    rules = REGISTRY[page.key]
    table = Table(example.names, example.options, example.dealer)
    return rules.score(rules.clean(example.facts, table), table)


@example_params
def test_example_facts_are_valid_and_score_as_the_story_says(page, example):
    rules = REGISTRY[page.key]
    assert len(example.names) in rules.player_counts
    assert len(example.expect) == rules.side_count(len(example.names))
    table = Table(example.names, example.options, example.dealer)
    facts = rules.clean(example.facts, table)
    assert set(example.facts) <= set(facts), "an example records a fact that does not apply"
    assert rules.score(facts, table).awards == example.expect
    assert example.story.strip() and example.title.strip()


def test_ducks_and_geese_shows_the_rulebooks_capped_and_bump_examples():
    page = BY_KEY["ducks-and-geese"]
    results = [(e.facts, score(page, e)) for e in page.examples]
    capped = [
        r for f, r in results if f.get("bid") == 5 and f["bidders_tricks"] + f["bidders_cards"] == 7
    ]
    assert capped and capped[0].rule == "made" and 5 in capped[0].awards
    bumped = [
        r for f, r in results if f.get("bid") == 5 and f["bidders_tricks"] + f["bidders_cards"] == 4
    ]
    assert bumped and bumped[0].rule == "miss"
    assert "bump of 5" in bumped[0].explanation


def test_coralon_partners_shows_a_zero_bid():
    page = BY_KEY["coralon-partners"]
    assert any(score(page, e).rule == "zero" for e in page.examples)


# --- glossary ----------------------------------------------------------------


def test_glossary_keys_are_unique_and_lower_case():
    keys = [term.key for term in TERMS]
    assert len(keys) == len(set(keys))
    assert all(re.fullmatch(r"[a-z0-9-]+", key) for key in keys)


@pytest.mark.parametrize(
    "key",
    "bid bidder bump sweep open-card the-box trump no-trump thief key-suit red take-back "
    "dealer deuce farmer tar point-card exact exceed miss zero-bid double-zero less "
    "blind-bid forfeit partner stakes settle-up trick lead follow-suit poison "
    "war-and-peace jasper-city chief vice ledger".split(),
)
def test_glossary_has_the_words_players_meet(key):
    term = GLOSSARY[key]
    assert term.word.strip() and term.meaning.strip()
    assert term.games


@pytest.mark.parametrize("term", TERMS, ids=lambda t: t.key)
def test_a_term_names_only_registered_games(term):
    assert term.games
    assert len(term.games) == len(set(term.games))
    assert all(key in REGISTRY for key in term.games)
    for key in linked(term.meaning):
        assert key in GLOSSARY


@pytest.mark.parametrize("key", ["chief", "vice"])
def test_mu_words_say_mu_is_another_deck(key):
    term = GLOSSARY[key]
    assert term.games == ("mu",)
    assert "Mü" in term.meaning and "60-card" in term.meaning


def test_every_term_a_page_lists_names_that_game():
    for page in PAGES:
        for key in page.terms:
            assert page.key in GLOSSARY[key].games, (page.key, key)


# --- the deck page -------------------------------------------------------------


def test_deck_page_sections_are_unique_and_not_empty():
    anchors = [section.anchor for section in DECK]
    assert len(anchors) == len(set(anchors))
    for section in DECK:
        assert paragraphs(section.text)
        assert linked(section.text) <= set(GLOSSARY)


def test_deck_page_has_the_suits_ranks_and_count():
    text = " ".join(section.text for section in DECK)
    for word in ("Anchors", "Crowns", "Cups", "Locks", "Trees", "55"):
        assert word in text
    for rank in ("Ace", "Knight", "Bishop", "Farmer", "Tar"):
        assert rank in text
    assert text.index("Knight") < text.index("Bishop") < text.index("Farmer")
