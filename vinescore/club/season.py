"""A club's season: its nights finished in a period, each player's best
results counted (events.season), read from each night's standings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.utils import timezone

from vinescore.events import SeasonRow, season

from .models import Event
from .standings import standings_of


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
    # Every night's standings read at once: the queries of one night.
    nights = standings_of(events)
    results = [
        {row.player: row.points for row in nights[event.pk].rows if row.played} for event in events
    ]
    names = {row.player: row.name for night in nights.values() for row in night.rows}
    return events, [SeasonLine(row, names[row.player]) for row in season(results, best, minimum)]
