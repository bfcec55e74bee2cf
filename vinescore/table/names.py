"""Players' names: how they are tidied, checked and compared.

Two names are the same player when they read the same: compared after
Unicode NFKC normalisation and case folding, so "ANA", "ana" and "Ａｎａ"
(full width) are one player, and so are "Kim" and "Kim" typed with the
Kelvin sign. The form, the import and the database's unique constraint (on
Player.name_key) all use `name_key`, so they can never disagree.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 40
MAX_KEY = 200  # NFKC spells some single characters out at length

# Characters that reorder the text around them (right-to-left override and
# friends): a name holding one can display as another name.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f"  # Arabic letter mark, left-to-right and right-to-left marks
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings and overrides
    "\u2066\u2067\u2068\u2069"  # isolates
)
# Letters and symbols that draw nothing.
BLANK_LOOKING = frozenset("\u115f\u1160\u180e\u2800\u3164\uffa0")


class NameInvalid(ValueError):
    """A name no player could be told apart by; the message says why."""


def name_key(name: str) -> str:
    """What two names are compared by."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def _visible(char: str) -> bool:
    return unicodedata.category(char)[0] in "LNPS" and char not in BLANK_LOOKING


def clean_name(raw: str, most: int = MAX_NAME) -> str:
    """The name (of a player, or a group or game with `most` characters)
    with its spaces tidied, or NameInvalid saying what is wrong."""
    name = " ".join(raw.split())
    if any(char in BIDI_CONTROLS for char in name):
        raise NameInvalid(
            "A name cannot hold text-direction control characters (such as a "
            "right-to-left override): they make a name look like another."
        )
    if any(unicodedata.category(char) == "Cc" for char in name):
        raise NameInvalid("A name cannot hold control characters.")
    if not any(_visible(char) for char in name):
        raise NameInvalid("A name needs at least one letter, digit or sign that shows.")
    if len(name) > most:
        raise NameInvalid(f"A name has at most {most} characters; this has {len(name)}.")
    if len(name_key(name)) > MAX_KEY:
        raise NameInvalid("This name is too long once its characters are spelled out.")
    return name
