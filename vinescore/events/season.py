"""A season, as club ladders keep one: the events of a period, each
player's best N results counted, and a minimum number of events played
before a player is ranked (so one lucky night does not top the ladder)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class SeasonRow:
    player: int
    total: float  # the best `best` results summed
    counted: tuple[float, ...]  # those results, best first
    events: int  # events played in the period
    place: int | None  # None: fewer events than the minimum, listed unranked


def season(events: Iterable[Mapping[int, float]], best: int, minimum: int = 1) -> list[SeasonRow]:
    """Each event is {player: their event points}. Ranked players first,
    by total (level totals share a place), then the unranked by total."""
    if best < 1 or minimum < 0:
        raise ValueError("A season counts at least one result per player.")
    results: dict[int, list[float]] = defaultdict(list)
    for event in events:
        for player, points in event.items():
            results[player].append(points)
    rows = []
    for player, found in results.items():
        counted = tuple(sorted(found, reverse=True)[:best])
        rows.append((player, sum(counted), counted, len(found)))
    rows.sort(key=lambda row: (row[3] < minimum, -row[1], row[0]))
    table: list[SeasonRow] = []
    for index, (player, total, counted, played) in enumerate(rows):
        if played < minimum:
            place = None
        elif table and table[-1].place is not None and table[-1].total == total:
            place = table[-1].place
        else:
            place = index + 1
        table.append(SeasonRow(player, total, counted, played, place))
    return table
