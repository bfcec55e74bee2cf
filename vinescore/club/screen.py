"""The club's big screen: the round, each table's progress and the
standings, the same bytes for every screen of the event (by language),
drawn once a state and kept in Django's cache.

An event's state is one row: its own version, how many tables it has and
the sum of their games' versions. Versions only grow, so the state moves
with every hand at any table, a round drawn or a seat swapped; it is the
big screen's access check too (its link names the event's screen key)."""

from __future__ import annotations

from django.db.models import Count, Sum
from django.template.loader import render_to_string

from vinescore.table.fragments import cached

from .models import Event
from .standings import event_standings

# The most the screen lists: two columns of standings, a column of tables.
SCREEN_PLAYERS = 40
SCREEN_TABLES = 10

State = tuple[int, int, int]


def screen_state(pk: int, key: str) -> State | None:
    """The event's state, if the link's key is still its screen key."""
    row = (
        Event.objects.filter(pk=pk, screen_key=key)
        .annotate(tables=Count("draws__tables"), moves=Sum("draws__tables__game__version"))
        .values_list("version", "tables", "moves")
        .first()
    )
    return None if row is None else (row[0], row[1], row[2] or 0)


def state_tag(state: State) -> str:
    return ".".join(map(str, state))


def screen_part(event: Event, state: State) -> str:
    """The screen's live part at this state, in the request's language."""

    def render() -> str:
        standings = event_standings(event)
        rows = standings.rows[:SCREEN_PLAYERS]
        half = (len(rows) + 1) // 2
        return render_to_string(
            "club/screen.html#screen",
            {
                "event": event,
                "standings": standings,
                "columns": [rows[:half], rows[half:]] if len(rows) > 12 else [rows],
                "tables": standings.tables[:SCREEN_TABLES],
                "more_tables": max(0, len(standings.tables) - SCREEN_TABLES),
                "more_players": max(0, len(standings.rows) - SCREEN_PLAYERS),
                "state": state_tag(state),
            },
        )

    return cached(("screen", event.pk, state), render)
