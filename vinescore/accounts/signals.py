"""What accounts says happened, for the rooms above it to hear (live listens:
live/receivers.py); accounts knows nothing of who listens."""

from __future__ import annotations

from contextvars import ContextVar

from django.db import transaction
from django.dispatch import Signal

# Who may see which game changed (a member's role, a member removed, a phone
# signed out): sent once a transaction that changed it commits, once however
# many rows it changed (sessions cleared by the thousand).
access_changed = Signal()


class Telling:
    """One telling of access_changed, shared by the rows one transaction
    changes: each row's commit hook calls it, and only the first tells. A
    telling whose transaction rolled back is taken on by the next."""

    def __init__(self) -> None:
        self.told = False

    def __call__(self) -> None:
        if not self.told:
            self.told = True
            access_changed.send(sender=Telling)


telling: ContextVar[Telling | None] = ContextVar("access change to tell", default=None)


def access_changed_on_commit() -> None:
    """Says who may see which game changed, once the transaction commits."""
    pending = telling.get()
    if pending is None or pending.told:
        pending = Telling()
        telling.set(pending)
    transaction.on_commit(pending)
