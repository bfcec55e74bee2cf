"""Small helpers for writing explanations in players' words."""

from __future__ import annotations

from collections.abc import Sequence


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


def and_list(items: Sequence[str]) -> str:
    items = list(items)
    if not items:
        return "nobody"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]
