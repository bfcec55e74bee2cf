"""A round drawn and sat down: the draw (events.draw_round) made into one
ordinary game a table, with a table link for that table's phones; and the
organiser's swap of two seats before a round's first hand."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext

from vinescore.events import Draw, DrawRefused, Shape, Table, draw_round, swap_seats
from vinescore.scoring import GameRules
from vinescore.table.links import TableLink
from vinescore.table.models import Game, Hand, Player, Seat

from . import signals
from .models import Entrant, Event, EventTable, Round
from .standings import event_standings


@dataclass(frozen=True)
class RoundRefused(Exception):
    """Why the round cannot be drawn or changed, in the organiser's words."""

    reason: str

    def __str__(self) -> str:
        return self.reason


def shape_of(rules: GameRules, options: Iterable[str]) -> Shape:
    """The table sizes the game allows with these house rules on."""
    chosen = [o for o in rules.options if o.name in set(options)]
    counts = tuple(n for n in rules.player_counts if all(o.fits(n) for o in chosen))
    return Shape(counts, rules.partnership)


def earlier_draws(event: Event) -> list[Draw]:
    """The rounds drawn so far, as the draw reads them: player pks by seat."""
    tables = (
        EventTable.objects.filter(round__event=event)
        .select_related("round", "game")
        .prefetch_related("game__seats")
        .order_by("round__number", "number")
    )
    by_round: dict[int, list[Table]] = {}
    for table in tables:
        seats = tuple(s.player_id for s in sorted(table.game.seats.all(), key=lambda s: s.position))
        by_round.setdefault(table.round.number, []).append(
            Table(table.number, seats, table.game.first_dealer)
        )
    return [Draw(number, tuple(found)) for number, found in sorted(by_round.items())]


def lock_event(pk: int) -> Event:
    """The event's row, locked to the transaction's end: the first lock any
    change to an event takes (then its games', by pk), so two phones'
    changes queue up and never deadlock."""
    return Event.objects.select_for_update().get(pk=pk)


def still_playing(event: Event, number: int) -> list[str]:
    """The tables of round `number` whose game is not over, in words."""
    games = Game.objects.filter(event_table__round__event=event, event_table__round__number=number)
    # A table plays on until its game is over and every hand of it confirmed.
    unconfirmed = Hand.objects.filter(
        game=OuterRef("pk"), deleted_at__isnull=True, confirmed_at__isnull=True
    )
    waiting = games.filter(deleted_at__isnull=True).filter(
        Q(finished_at__isnull=True) | (Exists(unconfirmed) & Q(confirms_hands=True))
    )
    return [
        gettext("table {n}").format(n=n)
        for n in waiting.order_by("event_table__number").values_list(
            "event_table__number", flat=True
        )
    ]


def next_round(event_pk: int, number: int, by, rng: random.Random | None = None) -> Round:
    """Draws round `number`, the next, and sits it down: its tables' games,
    seats and first dealers, a table link each; the round before's links
    end (their guests reach this round's table by its own link). Asked
    again (two taps, two organisers at once), it is the round drawn."""
    rng = rng or random.SystemRandom()
    with transaction.atomic():
        event = lock_event(event_pk)
        done = event.draws.count()
        if number <= done:
            return event.draws.get(number=number)
        if number != done + 1:
            raise RoundRefused(gettext("The rounds moved on meanwhile: here they are now."))
        if event.is_finished:
            raise RoundRefused(gettext("The event is over: no round is drawn after it."))
        if number > event.rounds:
            raise RoundRefused(
                gettext("All {n} rounds are drawn: finish the event.").format(n=event.rounds)
            )
        if done and (waiting := still_playing(event, done)):
            raise RoundRefused(
                gettext("Round {n} is still being played at {tables}.").format(
                    n=done, tables=", ".join(waiting)
                )
            )
        players = list(
            Entrant.objects.filter(event=event)
            .playing_in(number)
            .order_by("pk")
            .values_list("player_id", flat=True)
        )
        ranking = [row.player for row in event_standings(event).rows] if done else []
        try:
            draw = draw_round(
                number,
                players,
                shape_of(event.rules, event.options),
                rng,
                earlier_draws(event),
                ranking,
            )
        except DrawRefused as refused:
            raise RoundRefused(str(refused)) from None
        drawn = Round.objects.create(event=event, number=number)
        for table in draw.tables:
            sit_down(event, drawn, table, by)
        for link in TableLink.objects.filter(
            event_table__round__event=event,
            event_table__round__number=done,
            revoked_at__isnull=True,
        ):
            link.revoke()
        moved(event)
        return drawn


def sit_down(event: Event, drawn: Round, table: Table, by) -> EventTable:
    """One table of the draw as an ordinary game of the group."""
    rules, size = event.rules, len(table.seats)
    game = Game.objects.create(
        kind=event.kind,
        group_id=event.group_id,
        rules_version=event.rules.rules_version,
        options=sorted(event.options),
        target=target_of(event, size),
        stakes=event.stakes or rules.default_stakes(size),
        hand_limit=event.hands_a_round,
        confirms_hands=event.other_side_confirms,
        first_dealer=table.dealer,
        part_of=event.name,
        part_round=drawn.number,
        part_table=table.number,
    )
    players = Player.objects.in_bulk(table.seats)
    Seat.objects.bulk_create(
        Seat(game=game, player=players[pk], position=i) for i, pk in enumerate(table.seats)
    )
    game.refresh_result()
    link = TableLink(game=game, created_by=by)
    link.save()
    return EventTable.objects.create(round=drawn, number=table.number, game=game, link=link)


def target_of(event: Event, size: int) -> int | None:
    """A round of a fixed number of hands plays them all, whoever passes a
    target; one game a round plays to the event's target, or unset to the
    rulebook's for the table's number of players."""
    if event.hands_a_round or event.rules.coins:
        return None
    return event.target or event.rules.default_target(size)


def started(drawn: Round) -> bool:
    """Whether any table of the round has played a hand (its seats stay)."""
    return Game.objects.filter(event_table__round=drawn, hand_count__gt=0).exists()


def swap(event_pk: int, one: int, other: int) -> None:
    """Two players trade seats (and tables) in the latest round, before its
    first hand anywhere."""
    with transaction.atomic():
        event = lock_event(event_pk)
        drawn = event.draws.order_by("-number").first()
        if drawn is None:
            raise RoundRefused(gettext("No round is drawn yet."))
        tables = list(EventTable.objects.filter(round=drawn).select_related("game"))
        games = Game.objects.select_for_update().filter(pk__in=[t.game_id for t in tables])
        locked = {game.pk: game for game in games.order_by("pk")}
        if any(game.hand_count for game in locked.values()):
            raise RoundRefused(
                gettext("Round {n} has started: its seats stay as they are.").format(n=drawn.number)
            )
        earlier = earlier_draws(event)[-1]
        try:
            swapped = swap_seats(earlier, one, other)
        except DrawRefused as refused:
            raise RoundRefused(str(refused)) from None
        for table, before in zip(swapped.tables, earlier.tables, strict=True):
            if table.seats != before.seats:
                game = locked[next(t.game_id for t in tables if t.number == table.number)]
                players = Player.objects.in_bulk(table.seats)
                game.change_seats([players[pk] for pk in table.seats], table.dealer)
        moved(event)


def moved(event: Event) -> None:
    """The event moved on: its version, told to its big screens on commit."""
    Event.objects.filter(pk=event.pk).update(version=event.version + 1)
    event.version += 1
    signals.changed_on_commit(event.pk)
