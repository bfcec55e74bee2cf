"""Where a hand's htmx POST spends its CPU, profiled in this process.

A five-player Coralon game in a throwaway test database (SQLite, or
PostgreSQL when DATABASE_URL names it), one member's phone (Django's test
client) entering hand after hand as a table does, each answered with the
sheet's live part. Prints the CPU time of a POST (this process's, so other
load on the machine does not count) beside the benchmark's one-row write
(bench.urls) and cProfile's heaviest functions. Nothing is asserted: the
query counts are the tests' (tests/web/test_query_counts.py).

    DJANGO_SETTINGS_MODULE=bench.settings python manage.py profile_hand
"""

from __future__ import annotations

import cProfile
import random
import statistics
import time
from collections import defaultdict

from django.core.management.base import BaseCommand
from django.db import connection

from bench import profiling
from bench.management.commands.bench_tables import random_hand
from vinescore.scoring import REGISTRY
from vinescore.table.models import Game, Seat

# The bench's games are scored under the rules vinescore scores them by now.
CORALON = REGISTRY["coralon"]


class Command(BaseCommand):
    help = "Profile a hand's htmx POST in process: CPU per POST and where it went."

    def add_arguments(self, parser):
        profiling.add_arguments(parser, hands=200, warm=20, top=30)

    def handle(self, *, hands: int, warm: int, top: int, sort: str, **options) -> None:
        # Not setup_test_environment(): its instrumented templates would count.
        name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        try:
            self.profile(hands, warm, options["per_game"], top, sort)
        finally:
            connection.creation.destroy_test_db(name, verbosity=0)

    def profile(self, hands: int, warm: int, per_game: int, top: int, sort: str) -> None:
        client, user, group, players = profiling.at_the_table()
        rng = random.Random(7)
        htmx = {"HX-Request": "true"}
        game = None
        entered = 0

        def next_game() -> Game:
            """The same table's next game (as a rematch is): a game of
            `per_game` hands, not one of hundreds."""
            game = Game.objects.create(
                kind="coralon", rules_version=CORALON.rules_version, target=99_999, group=group
            )
            Seat.objects.bulk_create(
                Seat(game=game, player=p, position=i) for i, p in enumerate(players)
            )
            game.refresh_result()
            client.get(game.get_absolute_url())
            return game

        def post(profiler: cProfile.Profile | None = None) -> float:
            nonlocal game, entered
            if entered % per_game == 0:
                game = next_game()
            entered += 1
            version = Game.objects.values_list("version", flat=True).get(pk=game.pk)
            data = random_hand(rng) + [("version", str(version))]
            body = "&".join(f"{k}={v}" for k, v in data)
            began = time.process_time()
            if profiler is not None:
                profiler.enable()
            response = client.post(
                f"/games/{game.pk}/hands/",
                body,
                content_type="application/x-www-form-urlencoded",
                headers=htmx,
            )
            if profiler is not None:
                profiler.disable()
            spent = time.process_time() - began
            assert response.status_code == 200, response.content.decode()[:500]
            return spent

        def write() -> float:
            began = time.process_time()
            response = client.post("/bench/write/")
            assert response.status_code == 200
            return time.process_time() - began

        for _ in range(warm):
            post()
            write()
        profiler = cProfile.Profile(time.process_time)
        spent = [post(profiler) for _ in range(hands)]
        floor = [write() for _ in range(hands)]
        parts: dict[str, float] = defaultdict(float)
        with profiling.parts_timed(parts):
            plain = [post() for _ in range(hands)]
        ms = statistics.mean(plain) * 1000
        write_ms = statistics.mean(floor) * 1000
        self.stdout.write(
            f"{connection.vendor}, {hands} hands after {warm} ({per_game} a game): a hand's "
            f"htmx POST "
            f"{ms:.2f} ms of CPU (median {statistics.median(plain) * 1000:.2f} ms; "
            f"{statistics.mean(spent) * 1000:.2f} ms profiled), the one-row write "
            f"{write_ms:.2f} ms: {ms / write_ms:.2f}x"
        )
        self.stdout.write(
            "The kept parts rendered for the answer (CPU a POST): "
            + ", ".join(
                f"{name} {spent / hands * 1000:.2f} ms"
                for name, spent in sorted(parts.items(), key=lambda p: -p[1])
            )
        )
        self.stdout.write(profiling.report(profiler, sort=sort, top=top))
