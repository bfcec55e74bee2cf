"""Changes from several phones at once.

Every form that changes a game carries the version it was drawn from and a
one-time key. The view locks the game row and compares: a key already logged
is the same submit sent again, answered as the first time whatever version it
names; else a change drawn from an older version is refused with what
happened since.
"""

from __future__ import annotations

import re
import secrets

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext, ngettext

from .models import Game, GameChange, hand_number

KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")


def new_key() -> str:
    return secrets.token_urlsafe(18)


class Unreadable:
    """A field whose value, when it cannot be read, counts as none: a bad
    version is then simply stale, a bad key no key at all."""

    def clean(self, value):
        try:
            return super().clean(value)
        except forms.ValidationError:
            return None


class KeyField(Unreadable, forms.RegexField):
    def __init__(self):
        super().__init__(KEY, required=False)


class VersionField(Unreadable, forms.IntegerField):
    def __init__(self):
        super().__init__(min_value=0, max_value=999_999_999, required=False)


class KeyForm(forms.Form):
    """A one-time key alone (a game being started has no version yet): a
    submit sent twice is recognised by it."""

    key = KeyField()

    def __init__(self, data):
        super().__init__(data)
        self.is_valid()

    @property
    def one_time_key(self) -> str:
        return self.cleaned_data.get("key") or ""


class ChangeForm(forms.Form):
    """Every form that changes a game: the version it was drawn from and a one-time
    key, checked under the game's lock (sheet_views.change_to). A resent submit
    finds its first change in `sent_before`, and is not valid, so nothing is made
    twice; stale, its error on `version` says what changed meanwhile (409).
    Without a game it checks its own fields only."""

    version = VersionField()
    key = KeyField()

    def __init__(self, *args, game: Game | None, **kwargs):
        self.game = game
        self.changed = ""  # what changed since the version it was drawn from
        self._sent_before: GameChange | None = None
        super().__init__(*args, **kwargs)

    def clean(self):
        data = super().clean()
        if self.game is None:
            return data
        # Looked for after the lock, in a query of its own: a submit that waited
        # for the same one to commit sees its change.
        self._sent_before = self.earlier_submit()
        if self._sent_before is not None:
            self.add_error(None, forms.ValidationError(self.already_stored(), code="sent_before"))
        if self.drawn_from == self.game.version:
            return data
        if self._sent_before is None:
            self.changed = story(self.game, since(self.game, self.drawn_from))
        self.add_error("version", forms.ValidationError(self.stale_sentence(), code="stale"))
        return data

    @property
    def drawn_from(self) -> int | None:
        return self.cleaned_data.get("version")

    @property
    def one_time_key(self) -> str:
        return self.cleaned_data.get("key") or ""

    @property
    def is_stale(self) -> bool:
        """Drawn from another version of the game than it is now."""
        return self.has_error("version", code="stale")

    @property
    def sent_before(self) -> GameChange | None:
        """The change this same submit already made, when it is sent again."""
        return self._sent_before if self.has_error(NON_FIELD_ERRORS, "sent_before") else None

    def earlier_submit(self) -> GameChange | None:
        if not self.one_time_key:
            return None
        return self.game.changes.filter(key=self.one_time_key).first()

    def already_stored(self) -> str:
        """What a submit sent again is told: the first one was stored."""
        return gettext("This was already stored: it was sent twice and stored once.")

    def stale_sentence(self) -> str:
        if not self.changed:
            return gettext("This page was out of date; here is the sheet as it is now.")
        return gettext("{changes} on another phone; here is the sheet as it is now.").format(
            changes=self.changed
        )

    def refusal(self) -> str:
        """The sentence a stale form is refused with (its error)."""
        return self.errors["version"].data[-1].message


def since(game: Game, version: int | None) -> list[GameChange]:
    """The changes made from `version` on, oldest first."""
    if version is None:
        return []
    return list(game.changes.filter(version__gte=version).order_by("pk"))


def story(game: Game, changes: list[GameChange]) -> str:
    """What those changes did, in players' words: "hand 5 was already
    entered, and the note was changed"."""
    if not changes:
        return ""
    live = game.live_positions()
    positions = dict(
        game.hands.filter(pk__in=[c.hand_id for c in changes if c.hand_id]).values_list(
            "pk", "position"
        )
    )

    def hand(change: GameChange) -> str:
        position = positions.get(change.hand_id)
        if position is None:
            return gettext("a hand")
        return gettext("hand {number}").format(number=hand_number(position, live))

    def names(c: GameChange) -> dict:
        return {"was": (c.before or {}).get("name"), "now": (c.after or {}).get("name")}

    said = {
        GameChange.ADDED: lambda c: gettext("{hand} was already entered").format(hand=hand(c)),
        GameChange.EDITED: lambda c: gettext("{hand} was changed").format(hand=hand(c)),
        GameChange.DELETED: lambda c: gettext("{hand} was deleted").format(hand=hand(c)),
        GameChange.RESTORED: lambda c: gettext("{hand} was restored").format(hand=hand(c)),
        GameChange.NOTE: lambda c: gettext("the note was changed"),
        GameChange.TARGET: lambda c: gettext("the game was reopened to play on to {target}").format(
            target=c.after
        ),
        GameChange.ENDED: lambda c: gettext("the game was ended"),
        GameChange.REOPENED: lambda c: gettext("the game was reopened"),
        GameChange.REMATCH: lambda c: gettext("a rematch was started"),
        GameChange.RESCORED: lambda c: gettext("the game was rescored under corrected rules"),
        GameChange.MERGED: lambda c: gettext("{was} was merged into {now}").format(**names(c)),
        GameChange.GAME_DELETED: lambda c: gettext("the game was deleted"),
        GameChange.GAME_RESTORED: lambda c: gettext("the game was restored"),
        GameChange.SEATS: lambda c: gettext("the seats were changed"),
        GameChange.REPLACED: lambda c: gettext("{was} was replaced by {now}").format(**names(c)),
        GameChange.CONFIRMED: lambda c: gettext("{hand} was confirmed").format(hand=hand(c)),
    }
    clauses = [said[c.action](c) for c in changes if c.action in said]
    if len(clauses) > 3:
        more = len(clauses) - 2
        clauses = [
            *clauses[:2],
            ngettext("{n} more change was made", "{n} more changes were made", more).format(n=more),
        ]
    if len(clauses) == 1:
        text = clauses[0]
    else:
        text = gettext("{some} and {last}").format(some=", ".join(clauses[:-1]), last=clauses[-1])
    return text[0].upper() + text[1:]
