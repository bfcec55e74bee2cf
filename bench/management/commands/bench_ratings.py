"""Benchmark: rebuilding every rating of a 2,000-game history.

A throwaway SQLite database gets one group of eight players and 2,000
finished games in the order played: half Coralon (each for themselves), a
quarter Coralon Partners (fixed pairs) and a quarter Bishop (rated hand by
hand), each played out with random hands until someone won. Then the
group's ratings are rebuilt from the start (`manage.py rebuild_ratings`'s
work: every game replayed from its hands, then rated in order), and played
on by one more game, as the first look after a game ends does (the hand
that ends it does no rating work at all). Times are
printed, never asserted (the target: a rebuild under 5 s).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from django.core.management.base import BaseCommand

from bench.management.commands.bench import use_database
from bench.sessions import bench_member
from vinescore.accounts.models import Group
from vinescore.leaderboard import service
from vinescore.leaderboard.models import GroupRatings
from vinescore.ratings import rate
from vinescore.scoring import REGISTRY, Setup, replay
from vinescore.table.models import SEAT_SUMMARY, Game, Hand, Player, Seat

PLAYERS = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")


def coralon_hand(rng: random.Random, seats: int) -> dict:
    cuts = sorted(rng.randint(0, 13) for _ in range(seats - 1))
    tricks = [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
    return {"bidder": rng.randrange(seats), "bid": rng.randint(2, 6), "tricks": tricks}


def partners_hand(rng: random.Random, seats: int) -> dict:
    return {
        "bidder": rng.randrange(4),
        "bid": rng.randint(6, 9),
        "bidders_tricks": rng.randint(4, 13),
    }


def bishop_hand(rng: random.Random, seats: int) -> dict:
    bidder = rng.randrange(seats)
    partner = rng.choice([None, *(s for s in range(seats) if s != bidder)])
    return {
        "passed": False,
        "bidder": bidder,
        "bid": rng.randint(3, 7),
        "block": "war",
        "partner": partner,
        "points": rng.randint(0, 10),
    }


KINDS = (("coralon", 4, coralon_hand), ("coralon", 4, coralon_hand))
KINDS += (("coralon-partners", 4, partners_hand), ("bishop", 5, bishop_hand))


def build(group: Group, games: int, seed: int = 3) -> None:
    """`games` finished games of the group's players, a day apart, in bulk."""
    rng = random.Random(seed)
    players = [Player.objects.create(name=name, group=group) for name in PLAYERS]
    start = datetime(2020, 1, 1, tzinfo=UTC)
    for first in range(0, games, 250):
        made, seats, hands = [], [], []
        for i in range(first, min(games, first + 250)):
            kind, count, hand = KINDS[i % len(KINDS)]
            rules = REGISTRY[kind]
            seated = rng.sample(players, count)
            setup = Setup(tuple(p.name for p in seated), target=rules.default_target(count))
            facts: list[dict] = []
            sheet = replay(rules, setup, facts)
            while sheet.winner is None:
                facts.append(rules.clean(hand(rng, count), sheet.next_table))
                sheet = replay(rules, setup, facts)
            game = Game(
                kind=kind,
                group=group,
                rules_version=rules.rules_version,
                target=setup.target,
                final_totals=list(sheet.totals),
                hand_count=len(sheet.rows),
                finished_at=start + timedelta(days=i, hours=2),
                winner_name=sheet.winner_words,
                version=1,
            )
            made.append((game, seated, facts, sheet))
        Game.objects.bulk_create([g for g, *_ in made])
        for i, (game, seated, facts, sheet) in enumerate(made):
            game.created_at = start + timedelta(days=first + i)
            for position, player in enumerate(seated):
                summary = sheet.seat_summary(position)
                seat = Seat(game=game, player=player, position=position)
                for name in SEAT_SUMMARY:
                    setattr(seat, name, getattr(summary, name))
                seats.append(seat)
            hands += [Hand(game=game, position=n + 1, facts=f) for n, f in enumerate(facts)]
        Game.objects.bulk_update([g for g, *_ in made], ["created_at"])
        Seat.objects.bulk_create(seats)
        Hand.objects.bulk_create(hands)


class Command(BaseCommand):
    help = "Time rebuilding every rating of a 2,000-game history."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=2000)
        parser.add_argument("--runs", type=int, default=3)

    def handle(self, *args, games: int, runs: int, **options):
        with tempfile.TemporaryDirectory() as tmp:
            use_database(Path(tmp) / "ratings.sqlite3")
            bench_member()
            group = Group.objects.get()
            started = time.perf_counter()
            build(group, games)
            hands = Hand.objects.count()
            self.stdout.write(
                f"{games:,} finished games with {hands:,} hands in one group, in a throwaway "
                f"SQLite database (built in {time.perf_counter() - started:.0f} s)."
            )
            rebuilds, replays, ratings = [], [], []
            for _ in range(runs):
                GroupRatings.objects.all().delete()
                started = time.perf_counter()
                computed = service.rebuild(group.pk)
                rebuilds.append(time.perf_counter() - started)
                started = time.perf_counter()
                played = service.evidence(pk for pk, _ in service.history(group.pk))
                replays.append(time.perf_counter() - started)
                started = time.perf_counter()
                rate(played)
                ratings.append(time.perf_counter() - started)
            self.stdout.write(
                f"rebuild every rating: {statistics.median(rebuilds):.2f} s median of {runs} "
                f"(reading and replaying the games {statistics.median(replays):.2f} s, "
                f"rating them {statistics.median(ratings):.2f} s); "
                f"{computed.games:,} games, {len(computed.ratings.families)} families"
            )
            # The last game ends after the ratings were kept: the next look
            # plays it on.
            last = Game.objects.filter(group=group).order_by("-created_at").first()
            finished_at = last.finished_at
            Game.objects.filter(pk=last.pk).update(finished_at=None)
            service.rebuild(group.pk)
            Game.objects.filter(pk=last.pk).update(finished_at=finished_at, version=2)
            started = time.perf_counter()
            service.group_ratings(group.pk)
            took = (time.perf_counter() - started) * 1000
            self.stdout.write(
                f"the first look after a game ends: {took:.0f} ms "
                "(a hand's POST does no rating work)"
            )
            looks = []
            for _ in range(20):
                started = time.perf_counter()
                service.group_ratings(group.pk)
                looks.append((time.perf_counter() - started) * 1000)
            self.stdout.write(
                f"a look with nothing changed: {statistics.median(looks):.1f} ms median "
                "(the history's stamp and the kept ratings)"
            )
