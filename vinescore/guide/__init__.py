"""vinescore's rules reference: a page per game, the deck and a glossary.

The prose lives in Markdown files in `content/` (see content.py); the numbers
those pages state and their worked examples come from the scoring package
when a page renders, so a page can never disagree with the scorer. The table
may use the guide (`PAGES`, `rule_anchor`); the guide uses nothing of the
table's.
"""

from __future__ import annotations

from dataclasses import dataclass

from vinescore.scoring import REGISTRY, HandResult, Table
from vinescore.scoring.ledger import describe

from . import render
from .content import Example, RulesPage, Section, Term, load_glossary, load_page, load_sections
from .numbers import PageNumbers

PAGES: dict[str, RulesPage] = {rules.key: load_page(rules.key) for rules in REGISTRY}
GLOSSARY: dict[str, Term] = {term.key: term for term in load_glossary()}
DECK: tuple[Section, ...] = load_sections("deck")
WORDS: dict[str, str] = {term.key: term.word for term in GLOSSARY.values()}


def rule_anchor(key: str, rule: str) -> str | None:
    """The section of a game's page that explains a scorer's rule name."""
    return _RULE_ANCHORS.get(key, {}).get(rule)


_RULE_ANCHORS: dict[str, dict[str, str]] = {
    page.key: {rule: s.anchor for s in page.sections for rule in s.rules} for page in PAGES.values()
}


@dataclass(frozen=True)
class WorkedExample:
    example: Example
    result: HandResult
    sides: tuple[str, ...]
    payments: tuple[str, ...] = ()  # coin games: "Ben pays Ana 6"
    story: str = ""  # the story as HTML


def work_out(key: str, example: Example) -> WorkedExample:
    """Score an example with the real scorer, as the page renders."""
    rules = REGISTRY[key]
    table = Table(example.names, example.options, example.dealer, example.stakes)
    result = rules.score(rules.clean(example.facts, table), table)
    sides = example.names if rules.coins else rules.side_names(example.names)
    payments = tuple(describe(result.payments, example.names))
    return WorkedExample(example, result, tuple(sides), payments)


@dataclass(frozen=True)
class ShownSection:
    anchor: str
    title: str
    html: str
    ruling: bool
    rules: tuple[str, ...]


@dataclass(frozen=True)
class ShownPage:
    """A game's page as a reader sees it: numbers filled in, examples scored."""

    page: RulesPage
    lede: str
    sections: tuple[ShownSection, ...]
    examples: tuple[WorkedExample, ...]


def show_page(key: str, glossary_url: str) -> ShownPage:
    page = PAGES[key]
    found = PageNumbers(key)

    def html(text: str, inline: bool = False) -> str:
        return render.to_html(text, found, glossary_url, WORDS, inline=inline)

    examples = []
    for example in page.examples:
        worked = work_out(key, example)
        examples.append(
            WorkedExample(
                worked.example,
                worked.result,
                worked.sides,
                worked.payments,
                html(example.story, inline=True),
            )
        )
    return ShownPage(
        page,
        html(page.lede, inline=True),
        tuple(
            ShownSection(s.anchor, s.title, html(s.text), s.ruling, s.rules) for s in page.sections
        ),
        tuple(examples),
    )


def text_of(key: str, text: str) -> str:
    """A piece of a game's page as a reader sees it, without markup."""
    return render.to_text(text, PageNumbers(key), WORDS)


def show_text(text: str, glossary_url: str, inline: bool = False) -> str:
    """A glossary meaning or a deck section as HTML."""
    return render.to_html(text, {}, glossary_url, WORDS, inline=inline)


__all__ = [
    "DECK",
    "GLOSSARY",
    "PAGES",
    "RulesPage",
    "Section",
    "ShownPage",
    "WorkedExample",
    "rule_anchor",
    "show_page",
    "show_text",
    "text_of",
    "work_out",
]
