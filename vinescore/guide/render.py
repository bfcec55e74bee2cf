"""Content files to HTML: the rules' numbers filled in, glossary words linked.

Like healthchecks' docs (`_replace_placeholders` in hc/front/views.py), the
prose is Markdown and the figures the code owns are filled in at render
time; a placeholder the rules do not define is an error, never a blank.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

PLACEHOLDER = re.compile(r"\{((?:[a-z][a-z0-9-]*:)?[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*)\}")


class UnknownNumber(KeyError):
    """A content file names a number its game's rules do not define."""


def fill(text: str, numbers: Mapping[str, object]) -> str:
    def number(match: re.Match) -> str:
        name = match.group(1)
        if name not in numbers:
            raise UnknownNumber(f"no number called {{{name}}} in these rules")
        return str(numbers[name])

    return PLACEHOLDER.sub(number, text)


class _TermClass(Treeprocessor):
    """Marks links into the glossary, so they read as defined words."""

    def __init__(self, md: markdown.Markdown, glossary_url: str):
        super().__init__(md)
        self.glossary_url = glossary_url

    def run(self, root):
        for link in root.iter("a"):
            if link.get("href", "").startswith(self.glossary_url + "#"):
                link.set("class", "term")


class GlossaryLinks(Extension):
    """`[bump][]` links the glossary's Bump; `[point card][]s` reads "point cards"."""

    def __init__(self, glossary_url: str, words: Mapping[str, str]):
        super().__init__()
        self.glossary_url = glossary_url
        self.words = words  # key -> word as shown

    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802 (the library's name)
        md.treeprocessors.register(_TermClass(md, self.glossary_url), "term_class", 0)

    def references(self) -> str:
        return "\n".join(f"[{word}]: {self.glossary_url}#{key}" for key, word in self.words.items())


class _PlainText(Treeprocessor):
    def run(self, root):
        self.md.plain_text = " ".join("".join(root.itertext()).split())


def to_text(text: str, numbers: Mapping[str, object], words: Mapping[str, str]) -> str:
    """What a reader sees, without markup: for search and snippets."""
    links = GlossaryLinks("", words)
    md = markdown.Markdown(extensions=[links])
    md.treeprocessors.register(_PlainText(md), "plain_text", 0)
    md.convert(fill(text, numbers) + "\n\n" + links.references())
    return md.plain_text


def to_html(
    text: str,
    numbers: Mapping[str, object],
    glossary_url: str,
    words: Mapping[str, str],
    inline: bool = False,
) -> str:
    """Markdown with placeholders to HTML; `inline` drops the outer <p>."""
    links = GlossaryLinks(glossary_url, words)
    html = markdown.markdown(fill(text, numbers) + "\n\n" + links.references(), extensions=[links])
    if inline and html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
        html = html[3:-4]
    return html
