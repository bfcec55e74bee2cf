"""How the tests read the content files' markup."""

import re

from vinescore.guide import WORDS

LINK = re.compile(r"\[([^\]]+)\]\[\]")
KEYS = {word.lower(): key for key, word in WORDS.items()}


def linked(text: str) -> set[str]:
    """The glossary keys a piece of Markdown links (`[bump][]`); a label that
    is no glossary word comes back as itself, so a test can name it."""
    labels = (" ".join(label.split()).lower() for label in LINK.findall(text))
    return {KEYS.get(label, label) for label in labels}


def paragraphs(text: str) -> list[str]:
    return [p.strip() for p in text.split("\n\n") if p.strip()]
