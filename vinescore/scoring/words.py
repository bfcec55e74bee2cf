"""Small helpers for writing explanations in players' words.

Every sentence a player reads goes through `gettext` / `ngettext` below,
written with named placeholders and formatted afterwards:

    gettext("{who} bid {bid} and took {took}").format(who=..., bid=..., took=...)

By default they return the English as written. Django installs its own pair
when the app starts (`vinescore.table.apps`), and the phone installs the same
catalog read by the standard library's `gettext` module; this package itself
imports neither.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


_gettext: Callable[[str], str] = _english
_ngettext: Callable[[str, str, int], str] = _english_plural


def use_translations(
    gettext: Callable[[str], str] | None, ngettext: Callable[[str, str, int], str] | None
) -> None:
    """Install a translation pair (None for either: back to English)."""
    global _gettext, _ngettext
    _gettext = gettext or _english
    _ngettext = ngettext or _english_plural


def gettext(message: str) -> str:
    return _gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _ngettext(singular, plural, n)


def gettext_noop(message: str) -> str:
    """Marks a word kept in a constant for the catalog; `gettext` it where it is shown."""
    return message


def plural(n: int, word: str, words: str | None = None) -> str:
    """ "1 trick", "2 tricks": the words as the catalog has them (see `_nouns`)."""
    one, many = "{n} " + word, "{n} " + (words or word + "s")
    return ngettext(one, many, n).format(n=n)


def _nouns() -> None:  # pragma: no cover - never called: lists the counted words for the catalog
    ngettext("{n} trick", "{n} tricks", 1)
    ngettext("{n} thief", "{n} thieves", 1)
    ngettext("{n} point", "{n} points", 1)
    ngettext("{n} card", "{n} cards", 1)
    ngettext("{n} point card", "{n} point cards", 1)
    ngettext("{n} poisoned trick", "{n} poisoned tricks", 1)
    ngettext("{n} Tar", "{n} Tars", 1)
    ngettext("{n} coin", "{n} coins", 1)


def and_list(items: Sequence[str]) -> str:
    items = list(items)
    if not items:
        return gettext("nobody")
    if len(items) == 1:
        return items[0]
    return gettext("{names} and {last}").format(names=", ".join(items[:-1]), last=items[-1])


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st (German: 1., 2., ...)."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return {
        "st": gettext("{n}st"),
        "nd": gettext("{n}nd"),
        "rd": gettext("{n}rd"),
        "th": gettext("{n}th"),
    }[suffix].format(n=n)
