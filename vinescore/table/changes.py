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
from bisect import bisect_left
from dataclasses import dataclass

from django.http import HttpRequest

from .models import Game, GameChange

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
    live = list(
        game.hands.filter(deleted_at__isnull=True)
        .order_by("position")
        .values_list("position", flat=True)
    )
    positions = dict(
        game.hands.filter(pk__in=[c.hand_id for c in changes if c.hand_id]).values_list(
            "pk", "position"
        )
    )

    def hand(change: GameChange) -> str:
        position = positions.get(change.hand_id)
        return "a hand" if position is None else f"hand {bisect_left(live, position) + 1}"

    said = {
        GameChange.ADDED: lambda c: f"{hand(c)} was already entered",
        GameChange.EDITED: lambda c: f"{hand(c)} was changed",
        GameChange.DELETED: lambda c: f"{hand(c)} was deleted",
        GameChange.RESTORED: lambda c: f"{hand(c)} was restored",
        GameChange.NOTE: lambda c: "the note was changed",
        GameChange.TARGET: lambda c: f"the game was reopened to play on to {c.after}",
        GameChange.ENDED: lambda c: "the game was ended",
        GameChange.REOPENED: lambda c: "the game was reopened",
        GameChange.REMATCH: lambda c: "a rematch was started",
        GameChange.RESCORED: lambda c: "the game was rescored under corrected rules",
        GameChange.MERGED: lambda c: (
            f"{(c.before or {}).get('name')} was merged into {(c.after or {}).get('name')}"
        ),
    }
    clauses = [said[c.action](c) for c in changes if c.action in said]
    if len(clauses) > 3:
        clauses = [*clauses[:2], f"{len(clauses) - 2} more changes were made"]
    text = clauses[0] if len(clauses) == 1 else ", ".join(clauses[:-1]) + " and " + clauses[-1]
    return text[0].upper() + text[1:]


def conflict_message(game: Game, version: int | None) -> str:
    told = story(game, since(game, version))
    if not told:
        return "This page was out of date; here is the sheet as it is now."
    return f"{told} on another phone; here is the sheet as it is now."
