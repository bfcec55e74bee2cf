"""A club's season: its nights finished in a period, each player's best
results counted (events.season), read from each night's standings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.utils import timezone

from vinescore.events import SeasonRow, season
from vinescore.table.models import Player

from .models import Event
from .standings import event_standings


@dataclass(frozen=True)
class SeasonLine:
    row: SeasonRow
    name: str


def season_of(group, start: date, end: date, best: int, minimum: int):
    """The events counted and the season's lines, ranked first."""
    zone = timezone.get_current_timezone()
    after = datetime.combine(start, time.min, zone)
    before = datetime.combine(end + timedelta(days=1), time.min, zone)
    events = list(
        Event.objects.filter(group=group, finished_at__gte=after, finished_at__lt=before).order_by(
            "finished_at"
        )
    )
    results = [
        {row.player: row.points for row in event_standings(event).rows if row.played}
        for event in events
    ]
    rows = season(results, best, minimum)
    names = dict(Player.objects.filter(pk__in=[r.player for r in rows]).values_list("pk", "name"))
    return events, [SeasonLine(row, names[row.player]) for row in rows]
