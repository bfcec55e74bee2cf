"""What live hears from the rooms below it, passed on to the hub (hub.py):
connected in LiveConfig.ready()."""

from __future__ import annotations

from django.dispatch import receiver

from vinescore.accounts.signals import access_changed
from vinescore.club import signals as club
from vinescore.table import signals as table

from . import hub


@receiver(table.game_changed)
def game_changed(sender, pk: int, version: int | None, **kwargs) -> None:
    hub.tell(pk, version)


@receiver(access_changed)
def access_changed_for_all(sender, **kwargs) -> None:
    hub.publish(hub.ACCESS, None)


@receiver(club.event_changed)
def event_changed(sender, pk: int, **kwargs) -> None:
    hub.tell(hub.club_event(pk), None)
