"""Every number a rules page states that the rules define comes from the
rules: the content files name it (`{target.4}`), the page shows the scorer's
value, and when the rules change the page follows."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from vinescore import guide
from vinescore.guide import render
from vinescore.guide.content import CONTENT
from vinescore.guide.numbers import PageNumbers, numbers
from vinescore.scoring import REGISTRY
from vinescore.scoring.games import mu

KEYS = sorted(guide.PAGES)
NUMBER = re.compile(r"(?<![\w.§])\d+(?![\w§])")
# A phrase that states one of the rules' numbers: what follows must be a placeholder.
STATES = re.compile(
    r"(?:lowest (?:\S+ )?is|at least|start at|run from|be from|from|to|up to|reaches|"
    r"play to|played to|holds?|scores|a fixed|deal|target|most)\s+\**(\d+)",
    re.I,
)
# Literal numbers that are not the rules' numbers in that sense, each with why.
NOT_THE_RULES = {
    # settle-up examples, checked against the ledger by test_pages_more
    "baronet": ["with stakes of 100, Ana ends on 130, Ben on 95, Cy on 100 and Dee on 75"],
    "up-and-down": [
        "with stakes of 30, Ana ends on 41, Ben on 22, Cy on 30, Dee on 35 and Eli on 22",
        "the low cards (7 down to 2)",  # card ranks, not coins
    ],
    "mu": [
        "its own 60-card deck",  # cards in the deck, not points
        "That makes 12 points per colour",  # a colour, not a hand
        # an overbid worked through; checked against the scorer below
        "a bid of 5 needs 36; a side with 28 reached the 27 for a bid of 2",
    ],
}


class Blank(dict):
    """Every placeholder filled with a mark, so only typed numbers remain."""

    def __contains__(self, name: object) -> bool:
        return True

    def __getitem__(self, name: str) -> str:
        return "§"


def prose(key: str) -> str:
    """The page's lede and sections, as written (examples are scored, not stated)."""
    page = guide.PAGES[key]
    return "\n\n".join([page.lede, *(s.text for s in page.sections)])


def shown(key: str) -> str:
    return guide.text_of(key, prose(key))


def typed(key: str) -> str:
    """The page's text with every placeholder blank: what the file types itself."""
    text = render.to_text(prose(key), Blank(), guide.WORDS)
    for phrase in NOT_THE_RULES.get(key, []):
        assert phrase in text, f"{key}: the allowed phrase {phrase!r} is gone; drop it"
        text = text.replace(phrase, "§")
    return text


def defined(key: str) -> dict[str, int]:
    """The numbers the rules define for a game, but the player counts, which
    pages also use to say which count a number is for ("13 with 4 players")."""
    return {
        name: value
        for name, value in numbers(REGISTRY[key]).items()
        if isinstance(value, int) and not name.startswith("players")
    }


@pytest.mark.parametrize("key", KEYS)
def test_every_number_the_rules_define_is_on_the_page(key):
    text = shown(key)
    on_page = set(NUMBER.findall(text))
    for name, value in numbers(REGISTRY[key]).items():
        for part in NUMBER.findall(str(value)):
            assert part in on_page, f"{key}: {{{name}}} = {value} is not on the page"


@pytest.mark.parametrize("key", KEYS)
def test_the_content_file_types_none_of_the_rules_big_numbers(key):
    text = typed(key)
    for name, value in defined(key).items():
        if value >= 10:
            found = [m.start() for m in NUMBER.finditer(text) if m.group() == str(value)]
            where = [text[max(0, at - 40) : at + 20] for at in found]
            assert not found, f"{key}: {value} typed where {{{name}}} belongs: {where}"


@pytest.mark.parametrize("key", KEYS)
def test_no_rule_is_stated_with_a_typed_number(key):
    text = typed(key)
    small = {str(v): name for name, v in defined(key).items()}
    for match in STATES.finditer(text):
        assert match.group(1) not in small, (
            f"{key}: “{match.group(0)}” types {{{small[match.group(1)]}}}"
        )


@pytest.mark.parametrize("key", KEYS)
def test_every_placeholder_names_a_number_the_rules_define(key):
    source = (CONTENT / f"{key}.md").read_text()
    own = PageNumbers(key)
    for name in render.PLACEHOLDER.findall(source):
        assert name in own, f"{key}.md names {{{name}}}, which its rules do not define"


def test_a_placeholder_the_rules_do_not_define_is_an_error_not_a_blank():
    with pytest.raises(render.UnknownNumber):
        render.to_html("Play to {target.7}.", PageNumbers("coralon"), "/g/", {})


def test_another_games_number_comes_from_that_game():
    dog = shown("dog")
    assert "The lowest bid is 2 instead of 3." in dog


def test_the_mu_overbid_worked_through_in_words_is_the_scorers():
    assert mu.target(5, 5) == 36
    assert mu.reached(5, 5, 28) == 2 and mu.target(5, 2) == 27


@pytest.mark.django_db
def test_the_page_follows_when_the_rules_change(client, monkeypatch):
    coralon = type(REGISTRY["coralon"])
    # the worked examples are hands of the real game's 13 tricks
    monkeypatch.setitem(guide.PAGES, "coralon", replace(guide.PAGES["coralon"], examples=()))
    monkeypatch.setattr(coralon, "TARGET", {3: 61, 4: 41, 5: 27, 6: 23})
    monkeypatch.setattr(coralon, "HAND_SIZE", {3: 17, 4: 12, 5: 10, 6: 8})
    body = " ".join(client.get("/rules/coralon/").content.decode().split())
    assert "<strong>61</strong> with 3 players" in body
    assert "<strong>41</strong> with 4, <strong>27</strong> with 5" in body
    assert "<strong>12</strong> with 4" in body
    for old in ("60", "40", "25", "18", "13"):
        assert f"<strong>{old}</strong>" not in body, old
    assert "Hand sizes are fixed: 17, 12, 10 or 8 tricks" in body


@pytest.mark.django_db
def test_a_variant_follows_the_game_it_names(client, monkeypatch):
    ducks = type(REGISTRY["ducks-and-geese"])
    monkeypatch.setattr(ducks, "MIN_BID", 4)
    body = " ".join(client.get("/rules/dog/").content.decode().split())
    assert "lowest bid is 2 instead of 4." in body
    ducks_body = " ".join(client.get("/rules/ducks-and-geese/").content.decode().split())
    assert "The lowest bid is <strong>4</strong>" in ducks_body
