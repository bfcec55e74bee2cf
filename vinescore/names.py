"""Names of players, groups and games: how they are tidied, checked and compared.

Two names are one player when they read the same: compared after NFKC and
case folding ("ANA", "ana", full-width "Ａｎａ"). The unique constraint is on
Player.name_key and every lookup goes through Player.objects.named /
get_or_create_named, so the start form, player form and import never disagree.
"""

from __future__ import annotations

import unicodedata

from django import forms
from django.utils.translation import gettext

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
            gettext(
                "A name cannot hold text-direction control characters (such as a "
                "right-to-left override): they make a name look like another."
            )
        )
    if any(unicodedata.category(char) == "Cc" for char in name):
        raise NameInvalid(gettext("A name cannot hold control characters."))
    if not any(_visible(char) for char in name):
        raise NameInvalid(gettext("A name needs at least one letter, digit or sign that shows."))
    if len(name) > most:
        raise NameInvalid(
            gettext("A name has at most {most} characters; this has {length}.").format(
                most=most, length=len(name)
            )
        )
    if len(name_key(name)) > MAX_KEY:
        raise NameInvalid(gettext("This name is too long once its characters are spelled out."))
    return name


class NameField(forms.CharField):
    """A name typed in a form. Its input carries no maxlength: a browser
    would cut a pasted name short without a word; the form refuses one that
    is too long instead, with a message beside the field."""

    def widget_attrs(self, widget):
        attrs = super().widget_attrs(widget)
        attrs.pop("maxlength", None)
        return attrs
