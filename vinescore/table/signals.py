"""What table says happened to a game, for the rooms above it to hear (live
listens: live/receivers.py); table knows nothing of who listens."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

# A game moved on to a new version, or who may see it changed (a link
# withdrawn): sent with `pk` and `version` (None for the latter) once the
# change commits (changed_on_commit).
game_changed = Signal()


def changed_on_commit(sender: type, pk: int, version: int | None = None) -> None:
    """Says game `pk` is at `version` (None: who may see it changed) once the
    transaction commits; nothing if it rolls back."""
    transaction.on_commit(lambda: game_changed.send(sender=sender, pk=pk, version=version))
