"""Benchmark: how the score sheet and hand entry scale with a long game.

Builds a throwaway SQLite database with a 300-hand Coralon game, serves it
with gunicorn (the way `make run` does), and prints the median time of a
minimal view, of that game's score sheet and of a hand-entry POST, each as a
ratio to the minimal view, plus the SQL queries each one makes (counted
in-process against the same database). Times are printed, never asserted;
query counts are asserted in tests/web/test_query_counts.py.
"""

from __future__ import annotations

import http.client
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from vinescore.scoring import REGISTRY
from vinescore.table.models import Game, Hand, HandChange, Player, Seat

NAMES = ("Ana", "Ben", "Cy", "Dee")


def random_hand(rng: random.Random) -> dict:
    cuts = sorted(rng.randint(0, 13) for _ in range(3))
    tricks = [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
    return {"bidder": rng.randrange(4), "bid": rng.randint(2, 13), "tricks": tricks}


def build_game(hands: int, seed: int = 7) -> Game:
    rng = random.Random(seed)
    rules = REGISTRY["coralon"]
    game = Game.objects.create(kind="coralon", rules_version=rules.rules_version, target=99_999)
    for i, name in enumerate(NAMES):
        player = Player.objects.get_or_create(name=name)[0]
        Seat.objects.create(game=game, player=player, position=i)
    rows = [Hand(game=game, position=i + 1, facts=random_hand(rng)) for i in range(hands)]
    Hand.objects.bulk_create(rows)
    HandChange.objects.bulk_create(
        HandChange(game=game, hand=h, action=HandChange.ADDED, after=h.facts)
        for h in Hand.objects.filter(game=game)
    )
    game.refresh_result()
    return game


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, database: Path):
        self.port = free_port()
        env = dict(
            os.environ,
            DATABASE_URL=f"sqlite:///{database}",
            HTTPS_ONLY="false",
            DEBUG="false",
            SECRET_KEY=settings.SECRET_KEY,
        )
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "vinescore.wsgi",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                "1",
                "--log-level",
                "warning",
            ],
            cwd=settings.BASE_DIR,
            env=env,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if self.request("GET", "/up/")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("gunicorn did not start")

    def request(self, method: str, path: str, body: str = "", headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        conn.close()
        return response.status, response.getheader("Set-Cookie") or "", data

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def median_ms(fn, runs: int) -> float:
    fn()  # warm up
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


class Command(BaseCommand):
    help = "Time the score sheet and hand entry of a 300-hand game against a minimal view."

    def add_arguments(self, parser):
        parser.add_argument("--hands", type=int, default=300)
        parser.add_argument("--runs", type=int, default=30)

    def handle(self, *args, hands: int, runs: int, **options):
        with tempfile.TemporaryDirectory() as tmp:
            database = Path(tmp) / "bench.sqlite3"
            connections["default"].close()
            connections["default"].settings_dict["NAME"] = str(database)
            settings.DATABASES["default"]["NAME"] = str(database)
            call_command("migrate", verbosity=0)
            game = build_game(hands)
            connections["default"].close()
            self.stdout.write(f"A {hands}-hand Coralon game in a throwaway SQLite database.")
            self.report(game, runs, database)

    def report(self, game: Game, runs: int, database: Path):
        sheet_path = game.get_absolute_url()
        post_path = f"/games/{game.pk}/hands/"
        rng = random.Random(11)

        def post_body() -> str:
            facts = random_hand(rng)
            fields = [("bidder", facts["bidder"]), ("bid", facts["bid"])]
            fields += [("tricks", t) for t in facts["tricks"]]
            return "&".join(f"{k}={v}" for k, v in fields)

        queries = self.count_queries(sheet_path, post_path, post_body)

        server = Server(database)
        try:
            status, cookie, _ = server.request("GET", sheet_path)
            token = re.search(r"csrftoken=([^;]+)", cookie).group(1)
            headers = {
                "Cookie": f"csrftoken={token}",
                "X-CSRFToken": token,
                "HX-Request": "true",
                "Content-Type": "application/x-www-form-urlencoded",
            }

            def post():
                status, _, _ = server.request("POST", post_path, post_body(), headers)
                assert status == 200, status

            minimal = median_ms(lambda: server.request("GET", "/up/"), runs)
            sheet = median_ms(lambda: server.request("GET", sheet_path), runs)
            entry = median_ms(post, runs)
        finally:
            server.stop()

        self.stdout.write(f"{'view':<28}{'median ms':>10}{'ratio':>8}{'queries':>9}")
        for label, ms, count in (
            ("minimal view (/up/)", minimal, queries["minimal"]),
            (f"score sheet ({game.hand_count} hands)", sheet, queries["sheet"]),
            ("hand-entry POST (htmx)", entry, queries["post"]),
        ):
            self.stdout.write(f"{label:<28}{ms:>10.2f}{ms / minimal:>8.2f}{count:>9}")

    def count_queries(self, sheet_path, post_path, post_body) -> dict[str, int]:
        client = Client(SERVER_NAME="127.0.0.1")
        counts = {}
        for key, call in (
            ("minimal", lambda: client.get("/up/")),
            ("sheet", lambda: client.get(sheet_path)),
            (
                "post",
                lambda: client.post(
                    post_path,
                    post_body(),
                    content_type="application/x-www-form-urlencoded",
                    headers={"HX-Request": "true"},
                ),
            ),
        ):
            with CaptureQueriesContext(connections["default"]) as ctx:
                response = call()
            assert response.status_code == 200, (key, response.status_code)
            counts[key] = len(ctx.captured_queries)
        connections["default"].close()
        return counts
