"""What club says happened to an event, for the rooms above it to hear
(live listens, for the big screen)."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

# An event moved on: a round drawn, seats swapped, a player joined or left,
# a hand confirmed. Sent with `pk` once the change commits.
event_changed = Signal()


def changed_on_commit(pk: int) -> None:
    transaction.on_commit(lambda: event_changed.send(sender=None, pk=pk))
