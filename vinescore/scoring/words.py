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

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


_gettext: Gettext = _english
_ngettext: Ngettext = _english_plural


def _installed() -> tuple[Gettext, Ngettext]:
    return _gettext, _ngettext


# The pair for the language in use now, which may name it once for many
# sentences (see `one_language`).
_pin: Callable[[], tuple[Gettext, Ngettext]] = _installed
_pinned: ContextVar[tuple[Gettext, Ngettext] | None] = ContextVar("pinned", default=None)


def use_translations(
    gettext: Gettext | None,
    ngettext: Ngettext | None,
    pin: Callable[[], tuple[Gettext, Ngettext]] | None = None,
) -> None:
    """Install a translation pair (None for either: back to English). `pin`,
    if given, returns a pair bound to the language in use when it is called,
    for `one_language`."""
    global _gettext, _ngettext, _pin
    _gettext = gettext or _english
    _ngettext = ngettext or _english_plural
    _pin = pin or _installed


@contextmanager
def one_language() -> Iterator[None]:
    """Within it, this thread's sentences are in the language in use as it
    began, looked up once: a replay explains hundreds of hands."""
    token = _pinned.set(_pin())
    try:
        yield
    finally:
        _pinned.reset(token)


def gettext(message: str) -> str:
    pinned = _pinned.get()
    return (pinned[0] if pinned is not None else _gettext)(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    pinned = _pinned.get()
    return (pinned[1] if pinned is not None else _ngettext)(singular, plural, n)


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
