"""vinescore's rules reference: pages, glossary and deck, as plain data.

Like the scoring service, nothing here imports Django.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vinescore.scoring import REGISTRY, HandResult, Table
from vinescore.scoring.ledger import describe

from .deck import DECK
from .glossary import TERMS
from .pages_duel import PAGES as _DUEL
from .pages_more import PAGES as _MORE
from .pages_pad import PAGES as _PAD
from .pages_vines import PAGES as _VINES
from .text import Example, RulesPage, Section, Term

PAGES: dict[str, RulesPage] = {page.key: page for page in (*_VINES, *_MORE, *_DUEL, *_PAD)}
GLOSSARY: dict[str, Term] = {term.key: term for term in TERMS}


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


def work_out(key: str, example: Example) -> WorkedExample:
    """Score an example with the real scorer, as the page renders."""
    rules = REGISTRY[key]
    table = Table(example.names, example.options, example.dealer, example.stakes)
    result = rules.score(rules.clean(example.facts, table), table)
    sides = example.names if rules.coins else rules.side_names(example.names)
    payments = tuple(describe(result.payments, example.names))
    return WorkedExample(example, result, tuple(sides), payments)


@dataclass(frozen=True)
class Hit:
    where: str  # a game's name, "Glossary" or "The deck"
    title: str
    url: str
    snippet: str


def _plain(text: str) -> str:
    text = re.sub(r"\[\[([^\]]+)\]\]", lambda m: _term_word(m.group(1)), text)
    return text.replace("**", "")


def _term_word(key: str) -> str:
    term = GLOSSARY.get(key)
    return term.word.lower() if term else key


def _snippet(text: str, word: str, width: int = 90) -> str:
    at = text.lower().find(word)
    start = max(0, at - width // 3)
    piece = text[start : start + width]
    return ("…" if start else "") + piece + ("…" if start + width < len(text) else "")


def search(query: str, names: dict[str, str], limit: int = 40) -> list[Hit]:
    """Sections, glossary terms and deck notes containing every word."""
    words = [w for w in re.findall(r"[\w'-]+", query.lower()) if w]
    if not words:
        return []
    hits: list[Hit] = []

    def matches(text: str) -> bool:
        low = text.lower()
        return all(w in low for w in words)

    for page in PAGES.values():
        for section in page.sections:
            text = _plain(" ".join(section.paragraphs))
            if matches(section.title + " " + text):
                hits.append(
                    Hit(
                        names[page.key],
                        section.title,
                        f"{page.key}/#{section.anchor}",
                        _snippet(text, words[0]),
                    )
                )
    for term in TERMS:
        text = _plain(term.meaning)
        if matches(term.word + " " + text):
            hits.append(
                Hit("Glossary", term.word, f"glossary/#{term.key}", _snippet(text, words[0]))
            )
    for section in DECK:
        text = _plain(" ".join(section.paragraphs))
        if matches(section.title + " " + text):
            hits.append(
                Hit("The deck", section.title, f"deck/#{section.anchor}", _snippet(text, words[0]))
            )
    return hits[:limit]


__all__ = [
    "DECK",
    "GLOSSARY",
    "PAGES",
    "Hit",
    "RulesPage",
    "Section",
    "WorkedExample",
    "rule_anchor",
    "search",
    "work_out",
]
