"""The rules reference as content files: one Markdown file per game in
`content/`, plus the deck and the glossary.

A file starts with a few `Key: value` lines (Python-Markdown's meta format),
then one `## Title {#anchor}` heading per section. A heading's braces may
also hold `.ruling` (our decisions from RULINGS.md, shown marked as ours) and
`rules="exact miss"` (the scorer's HandResult.rule names the section
explains, so the score sheet can link a hand to it). Under
`## Worked examples {#examples}`, each `### Title` is a hand told in words,
followed by a fenced `hand` block holding its facts as JSON; the scorer
scores it when the page renders.

Numbers the rules own are never typed in a file: `{target.4}`, `{bid.min}`
and the like are filled from the game's rules (see numbers.py) when the page
renders. A glossary word is an ordinary Markdown reference link, `[bump][]`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import markdown

CONTENT = Path(__file__).parent / "content"
EXAMPLES = "examples"

_HEADING = re.compile(r"^## (?P<title>.+?)\s*\{(?P<attrs>[^}]*)\}\s*$", re.M)
_EXAMPLE = re.compile(r"^### (?P<title>.+?)\s*$", re.M)
_HAND = re.compile(r"^```hand\n(?P<json>.*?)\n```\s*$", re.M | re.S)
_ATTR = re.compile(r'#(?P<anchor>[a-z0-9-]+)|\.(?P<flag>[a-z]+)|(?P<key>[a-z]+)="(?P<value>[^"]*)"')


@dataclass(frozen=True)
class Section:
    anchor: str  # the URL fragment: "players", "deal", "bidding", "play", "scoring", ...
    title: str
    text: str  # Markdown, with placeholders for the rules' numbers
    ruling: bool = False  # our decisions from RULINGS.md, shown marked as ours
    rules: tuple[str, ...] = ()  # the scorer's HandResult.rule names it explains
    games: tuple[str, ...] = ()  # glossary: the games that use the word


@dataclass(frozen=True)
class Example:
    """A worked example: a hand the scorer scores when the page renders."""

    title: str
    story: str  # the hand in words (Markdown), before the result
    names: tuple[str, ...]
    facts: dict[str, Any]
    expect: tuple[int, ...]  # the awards the story promises (checked by the tests)
    options: frozenset[str] = frozenset()
    dealer: int = 0
    stakes: int | None = None  # coin games: balances start here; the duel: health


@dataclass(frozen=True)
class RulesPage:
    key: str  # the game's key in the scoring registry
    lede: str  # one or two sentences (Markdown): what kind of game this is
    sections: tuple[Section, ...]
    examples: tuple[Example, ...]
    terms: tuple[str, ...] = ()  # glossary terms the page uses
    source: str = ""  # which rulebook and section the facts come from
    related: tuple[str, ...] = field(default=())  # keys of related games


@dataclass(frozen=True)
class Term:
    key: str  # anchor, lower-case: "bump", "sweep", "open-card"
    word: str  # as shown: "Bump", "Open card"
    meaning: str  # Markdown
    games: tuple[str, ...] = ()  # registry keys of games that use it


def _meta(head: str) -> dict[str, str]:
    md = markdown.Markdown(extensions=["meta"])
    md.convert(head)
    return {key: " ".join(lines).strip() for key, lines in md.Meta.items()}


def _split(source: str) -> tuple[dict[str, str], list[Section]]:
    """The meta lines and the `##` sections of a content file."""
    first = _HEADING.search(source)
    if first is None:
        raise ValueError("a content file needs at least one '## Title {#anchor}' section")
    meta = _meta(source[: first.start()])
    headings = list(_HEADING.finditer(source))
    sections = []
    for heading, after in zip(headings, [*headings[1:], None], strict=True):
        attrs: dict[str, str] = {}
        flags: set[str] = set()
        for part in _ATTR.finditer(heading["attrs"]):
            if part["anchor"]:
                attrs["anchor"] = part["anchor"]
            elif part["flag"]:
                flags.add(part["flag"])
            else:
                attrs[part["key"]] = part["value"]
        if "anchor" not in attrs:
            raise ValueError(f"the section {heading['title']!r} has no #anchor")
        end = after.start() if after else len(source)
        sections.append(
            Section(
                attrs["anchor"],
                heading["title"],
                source[heading.end() : end].strip(),
                ruling="ruling" in flags,
                rules=tuple(attrs.get("rules", "").split()),
                games=tuple(attrs.get("games", "").split()),
            )
        )
    return meta, sections


def _examples(text: str) -> tuple[Example, ...]:
    titles = list(_EXAMPLE.finditer(text))
    out = []
    for heading, after in zip(titles, [*titles[1:], None], strict=True):
        body = text[heading.end() : after.start() if after else len(text)]
        hand = _HAND.search(body)
        if hand is None:
            raise ValueError(f"the example {heading['title']!r} has no ```hand block")
        data = json.loads(hand["json"])
        out.append(
            Example(
                heading["title"],
                body[: hand.start()].strip(),
                tuple(data["names"]),
                data["facts"],
                tuple(data["expect"]),
                frozenset(data.get("options", ())),
                data.get("dealer", 0),
                data.get("stakes"),
            )
        )
    return tuple(out)


def load_page(key: str) -> RulesPage:
    meta, sections = _split((CONTENT / f"{key}.md").read_text())
    examples = [s for s in sections if s.anchor == EXAMPLES]
    return RulesPage(
        key=key,
        lede=meta.get("lede", ""),
        sections=tuple(s for s in sections if s.anchor != EXAMPLES),
        examples=_examples(examples[0].text) if examples else (),
        terms=tuple(meta.get("terms", "").split()),
        source=meta.get("source", ""),
        related=tuple(meta.get("related", "").split()),
    )


def load_sections(name: str) -> tuple[Section, ...]:
    """A file of plain sections: the deck page."""
    return tuple(_split((CONTENT / f"{name}.md").read_text())[1])


def load_glossary() -> tuple[Term, ...]:
    return tuple(
        Term(s.anchor, s.title, s.text, s.games)
        for s in _split((CONTENT / "glossary.md").read_text())[1]
    )


def page_keys() -> list[str]:
    special = {"deck", "glossary"}
    return sorted(p.stem for p in CONTENT.glob("*.md") if p.stem not in special)
