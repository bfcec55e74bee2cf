"""The event's standings, read from its tables' games as they stand: each
table's places made event points by one rule (events.points), summed
over the rounds. A game in progress counts as it stands, so the standings
move with every hand; a table that has played no hand counts for nothing
yet."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Prefetch

from vinescore.events import Standing, TableResult, standings
from vinescore.scoring import Table as ScoringTable
from vinescore.table.models import Game, Hand, Seat

from .models import Event, EventTable


@dataclass(frozen=True)
class Row:
    """A line of the standings, as a page prints it."""

    place: int
    player: int
    name: str
    points: float
    margin: float
    played: int


@dataclass(frozen=True)
class TableNow:
    """A table of the round under way: who sits there, how far it is, and
    who leads."""

    number: int
    game: Game
    player_pks: tuple[int, ...]
    names: tuple[str, ...]
    hands: int
    leader: str
    finished: bool
    waiting: int  # hands entered that another phone has not confirmed yet


@dataclass(frozen=True)
class Standings:
    rows: tuple[Row, ...]
    tables: tuple[TableNow, ...]  # the latest round's
    round: int  # the latest round drawn (0: none yet)
    # Every round's tables, in order: (its number, its tables).
    rounds: tuple[tuple[int, tuple[TableNow, ...]], ...] = ()

    @property
    def waiting(self) -> int:
        return sum(table.waiting for table in self.tables)


def tables_of(events: Iterable[Event]):
    """These events' tables with their games and seated players: two queries."""
    seats = Prefetch("game__seats", queryset=Seat.objects.select_related("player"))
    return (
        EventTable.objects.filter(round__event__in=[event.pk for event in events])
        .select_related("round", "game")
        .prefetch_related(seats)
        .order_by("round__event", "round__number", "number")
    )


def counted_of(games: list[Game]) -> dict[int, tuple[int, int]]:
    """For each game that confirms its hands: (the hands that count, the
    hands waiting for confirmation): a hand counts once it and every hand
    before it is confirmed. One query for all of them."""
    confirming = [game.pk for game in games if game.confirms_hands]
    found: dict[int, tuple[int, int]] = {pk: (0, 0) for pk in confirming}
    if not confirming:
        return found
    rows = (
        Hand.objects.filter(game_id__in=confirming, deleted_at__isnull=True)
        .order_by("game_id", "position")
        .values_list("game_id", "confirmed_at")
    )
    for pk, confirmed in rows:
        counted, waiting = found[pk]
        if confirmed is None:
            waiting += 1
        elif not waiting:  # a confirmed hand after one that waits counts later
            counted += 1
        found[pk] = (counted, waiting)
    return found


def result_of(game: Game, counted: int | None = None) -> TableResult | None:
    """A table's game as event points read it: its sides and their scores,
    higher better (a game the lowest total wins is turned round; a coin
    game gives its coins), after its first `counted` hands (all: None).
    None before its first hand counts."""
    hands = game.hand_count if counted is None else counted
    if not hands or game.deleted_at is not None:
        return None
    seats = sorted(game.seats.all(), key=lambda s: s.position)
    rules = game.rules
    if rules.partnership:
        sides = tuple(
            tuple(s.player_id for s in seats if s.position % 2 == side) for side in (0, 1)
        )
    else:
        sides = tuple((s.player_id,) for s in seats)
    totals = list(game.final_totals if counted is None else game.kept_totals()[hands - 1])
    if len(totals) != len(sides):
        return None
    names = tuple(s.player.name for s in seats)
    if rules.low_wins(ScoringTable(names, frozenset(game.options))):
        totals = [-total for total in totals]
    return TableResult(sides, tuple(totals))


def leader_of(game: Game, counted: int | None = None) -> str:
    """Who leads the table now ("" before its first hand counts; level
    leaders are named together)."""
    result = result_of(game, counted)
    if result is None:
        return ""
    names = {s.player_id: s.player.name for s in game.seats.all()}
    best = max(result.scores)
    return " = ".join(
        " & ".join(names[p] for p in side)
        for side, score in zip(result.sides, result.scores, strict=True)
        if score == best
    )


def event_standings(event: Event) -> Standings:
    return standings_of([event])[event.pk]


def standings_of(events: Iterable[Event]) -> dict[int, Standings]:
    """Each event's standings, all read in the queries one event takes."""
    events = list(events)
    tables = list(tables_of(events))
    confirmed = counted_of([table.game for table in tables])
    by_event: dict[int, list[EventTable]] = {event.pk: [] for event in events}
    for table in tables:
        by_event[table.round.event_id].append(table)
    return {pk: standings_from(found, confirmed) for pk, found in by_event.items()}


def standings_from(tables: list[EventTable], confirmed: dict[int, tuple[int, int]]) -> Standings:
    """One event's standings from its tables, in round and table order."""
    names: dict[int, str] = {}
    results = []
    for table in tables:
        for seat in table.game.seats.all():
            names[seat.player_id] = seat.player.name
        counted = confirmed.get(table.game.pk, (None, 0))[0]
        if (result := result_of(table.game, counted)) is not None:
            results.append(result)
    ranked: list[Standing] = standings(results)
    rows = [Row(s.place, s.player, names[s.player], s.points, s.margin, s.played) for s in ranked]
    # Those seated who have no result yet follow, level at nought.
    shown = {row.player for row in rows}
    rest = sorted((p for p in names if p not in shown), key=lambda p: names[p].casefold())
    place = len(rows) + 1
    rows += [Row(place, p, names[p], 0.0, 0.0, 0) for p in rest]
    latest = max((t.round.number for t in tables), default=0)
    every: dict[int, list[TableNow]] = {}
    for t in tables:
        seats = sorted(t.game.seats.all(), key=lambda s: s.position)
        counted, waiting = confirmed.get(t.game.pk, (None, 0))
        every.setdefault(t.round.number, []).append(
            TableNow(
                t.number,
                t.game,
                tuple(s.player_id for s in seats),
                tuple(s.player.name for s in seats),
                t.game.hand_count,
                leader_of(t.game, counted),
                t.game.finished_at is not None,
                waiting,
            )
        )
    rounds = tuple((number, tuple(found)) for number, found in sorted(every.items()))
    return Standings(tuple(rows), tuple(every.get(latest, ())), latest, rounds)
