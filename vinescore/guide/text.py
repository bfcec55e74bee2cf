"""The rules reference, as data: one page per game in the registry.

Pages are written in vinescore's own words (the rulebooks are the source of
facts, not of sentences). Worked examples hold only the facts of a hand; the
scoring service computes their result when the page renders, so a page can
never disagree with the scorer.

Markup in paragraphs is deliberately tiny: [[term]] links a glossary term
(see glossary.py); **bold** is bold. Nothing else is interpreted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Section:
    anchor: str  # the URL fragment: "players", "deal", "bidding", "play", "scoring", ...
    title: str
    paragraphs: tuple[str, ...]
    # our decisions from RULINGS.md, shown marked as ours
    ruling: bool = False
    # the scorer's HandResult.rule names this section explains ("exact", "miss", ...)
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Example:
    """A worked example: a hand the scorer scores when the page renders."""

    title: str
    story: str  # the hand in words, before the result
    names: tuple[str, ...]
    facts: dict[str, Any]
    expect: tuple[int, ...]  # the awards the story promises (checked by the tests)
    options: frozenset[str] = frozenset()
    dealer: int = 0
    stakes: int | None = None  # coin games: balances start here


@dataclass(frozen=True)
class RulesPage:
    key: str  # the game's key in the scoring registry
    lede: str  # one or two sentences: what kind of game this is
    sections: tuple[Section, ...]
    examples: tuple[Example, ...]
    terms: tuple[str, ...] = ()  # glossary terms the page uses
    source: str = ""  # which rulebook and section the facts come from
    related: tuple[str, ...] = field(default=())  # keys of related games


@dataclass(frozen=True)
class Term:
    key: str  # anchor, lower-case: "bump", "sweep", "open-card"
    word: str  # as shown: "Bump", "Open card"
    meaning: str
    games: tuple[str, ...] = ()  # registry keys of games that use it
