"""Changes from several phones at once.

Every form that changes a game carries the version of the game it was drawn
from and a one-time key. The view locks the game row, and compares: a change
drawn from an older version is refused with the story of what happened since
("Hand 5 was already entered on another phone"), unless its key is already in
the change log, in which case it is the same submit sent again and is
answered as the first time was.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from django.http import HttpRequest
from django.utils.translation import gettext, ngettext

from .models import Game, GameChange, hand_number

KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")

# Stands for a fresh key in a page kept in the cache (fragments.cached_page
# puts a new key in each place); nobody can type it, as it is not a key.
KEY_PLACEHOLDER = "key:placeholder:not-a-key"


def new_key() -> str:
    return secrets.token_urlsafe(18)


@dataclass(frozen=True)
class Submitted:
    version: int | None  # None: the request named no version we can read
    key: str  # "" when there is none, or it is not one of ours


def submitted(request: HttpRequest) -> Submitted:
    raw = request.POST.get("version", "")
    version = int(raw) if raw.isdigit() and len(raw) <= 9 else None
    key = request.POST.get("key", "")
    return Submitted(version, key if KEY.fullmatch(key) else "")


def earlier_submit(game: Game, sent: Submitted) -> GameChange | None:
    """The change this same submit already made, when it is sent again."""
    if not sent.key:
        return None
    return game.changes.filter(key=sent.key).first()


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


def conflict_message(game: Game, version: int | None) -> str:
    told = story(game, since(game, version))
    if not told:
        return gettext("This page was out of date; here is the sheet as it is now.")
    return gettext("{changes} on another phone; here is the sheet as it is now.").format(
        changes=told
    )
