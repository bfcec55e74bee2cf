"""Benchmark: how the pages scale with a long game and with a big history.

1. A 300-hand Coralon game: the median time of a minimal view, of that
   game's score sheet and of a hand-entry POST, each as a ratio to the
   minimal view, with the SQL queries each makes.
2. 10,000 games with 200,000 hands: the history page, a player's page and a
   game page, the same way; then exporting all the games and importing them
   into an empty database, each in its own process, with its time and peak
   memory (and, for comparison, the memory of a command that does nothing).

Everything runs against throwaway SQLite databases served by gunicorn, the
way `make run` serves the app. Each page is timed as served, where a repeat
view finds what it shows already rendered for the current version of the
data, and again with PAGE_CACHE=false, as on the first view after a change
("uncached"). Queries are counted for a first request, then for the same
request again. Times are printed, never asserted; query counts are asserted
in the tests.
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
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from unittest import mock

import psycopg
from django.conf import settings
from django.core.cache import cache, caches
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connections
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from bench.sessions import bench_cookie, bench_member
from vinescore.scoring import REGISTRY, Setup, replay
from vinescore.table.models import SEAT_SUMMARY, Game, GameChange, Hand, Player, Seat

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
    GameChange.objects.bulk_create(
        GameChange(game=game, hand=h, action=GameChange.ADDED, after=h.facts)
        for h in Hand.objects.filter(game=game)
    )
    game.refresh_result()
    return game


def use_database(path: Path) -> Path:
    connections["default"].close()
    connections["default"].settings_dict["NAME"] = str(path)
    settings.DATABASES["default"]["NAME"] = str(path)
    call_command("migrate", verbosity=0)
    return path


PLAYERS = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")


def won_on_the_last_hand(rng: random.Random, names: tuple[str, ...], hands: int):
    """`hands` random hands and the target their last one reaches first: a
    game won on its last hand, as a table stops at the win (an import
    refuses a hand after it)."""
    rules = REGISTRY["coralon"]
    facts = [random_hand(rng) for _ in range(hands - 1)]
    before = replay(rules, Setup(names), facts)
    top = max([0, *(max(row.totals) for row in before.rows)])
    while True:  # a last hand that passes every total before it
        last = random_hand(rng)
        if max(before.extended(last).totals) > top:
            facts.append(last)
            return facts, top + 1


def build_history(games: int, hands_per_game: int, seed: int = 5) -> None:
    """Many finished four-player Coralon games, their hands, and their
    derived results, written in bulk."""
    rng = random.Random(seed)
    rules = REGISTRY["coralon"]
    players = [Player.objects.get_or_create(name=name)[0] for name in PLAYERS]
    batch = 500
    for first in range(0, games, batch):
        size = min(batch, games - first)
        played = []
        for _ in range(size):
            seated = rng.sample(players, 4)
            names = tuple(p.name for p in seated)
            played.append((seated, *won_on_the_last_hand(rng, names, hands_per_game)))
        made = Game.objects.bulk_create(
            Game(kind="coralon", rules_version=rules.rules_version, target=target)
            for _, _, target in played
        )
        seats, hands, results, hands_by_game = [], [], [], []
        for game, (seated, facts, target) in zip(made, played, strict=True):
            seats += [Seat(game=game, player=p, position=i) for i, p in enumerate(seated)]
            hands_by_game.append(
                [Hand(game=game, position=i + 1, facts=f) for i, f in enumerate(facts)]
            )
            hands += hands_by_game[-1]
            names = tuple(p.name for p in seated)
            results.append(replay(rules, Setup(names, target=target), facts))
        Seat.objects.bulk_create(seats)
        Hand.objects.bulk_create(hands)
        now = time.time()
        for game, sheet, i, game_hands in zip(
            made, results, range(size), hands_by_game, strict=True
        ):
            game.final_totals = list(sheet.totals)
            game.hand_count = len(sheet.rows)
            game.first_hand_at = game_hands[0].created_at
            game.last_hand_at = game_hands[-1].created_at
            if sheet.winner is not None:
                game.finished_at = datetime.fromtimestamp(now, UTC)
                game.winner_name = sheet.winner_words
            for seat in seats[i * 4 : i * 4 + 4]:
                for name in SEAT_SUMMARY:
                    setattr(seat, name, getattr(sheet.seat_summary(seat.position), name))
        Game.objects.bulk_update(
            made,
            ["final_totals", "hand_count", "first_hand_at", "last_hand_at"]
            + ["finished_at", "winner_name"],
        )
        Seat.objects.bulk_update(seats, SEAT_SUMMARY)


def run_measured(args: list[str], env: dict) -> tuple[float, int, str]:
    """Run a manage.py command in its own process: seconds, peak memory in
    MiB (its maximum resident set), and what it printed."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {output[-2000:]}")
    return time.perf_counter() - started, usage.ru_maxrss // 1024, output.strip()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The app under gunicorn, as `make run` serves it, on SQLite `database`
    (with page_cache=False every page is rendered afresh, PAGE_CACHE=false),
    or on what `env` names; `workers` of them (None: as gunicorn.conf.py says)."""

    def __init__(
        self,
        database: Path | None = None,
        page_cache: bool = True,
        *,
        workers: int | None = 1,
        env: dict | None = None,
    ):
        self.port = free_port()
        self.session = ""  # the signed-in phone's session cookie, once the server is up
        env = {
            **os.environ,
            "HTTPS_ONLY": "false",
            "DEBUG": "false",
            "PAGE_CACHE": "true" if page_cache else "false",
            "SECRET_KEY": settings.SECRET_KEY,
            "DJANGO_SETTINGS_MODULE": "vinescore.settings",  # the app as served
            **({"DATABASE_URL": f"sqlite:///{database}"} if database else {}),
            **(env or {}),
        }
        self.process = subprocess.Popen(
            [
                *(sys.executable, "-m", "gunicorn", "vinescore.asgi"),
                *("--bind", f"127.0.0.1:{self.port}"),
                *(("--workers", str(workers)) if workers else ()),
                *("--backlog", "4096", "--log-level", "warning"),
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
        headers = dict(headers or {})
        if self.session:
            headers["Cookie"] = "; ".join(filter(None, [headers.get("Cookie"), self.session]))
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        conn.close()
        return response.status, response.getheader("Set-Cookie") or "", data

    def stop(self):
        # Thousands of open streams close slowly on a busy machine: gunicorn
        # is given its own graceful timeout (30 s) before it is killed.
        self.process.terminate()
        try:
            self.process.wait(timeout=35)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


def medians_ms(calls: dict[str, Callable[[], object]], runs: int) -> dict[str, float]:
    """Each call's median time. The calls take turns, round after round, so
    that a busy moment on the machine falls on all of them alike."""
    samples: dict[str, list[float]] = {label: [] for label in calls}
    for call in calls.values():
        call()  # warm up
    for _ in range(runs):
        for label, call in calls.items():
            start = time.perf_counter()
            call()
            samples[label].append((time.perf_counter() - start) * 1000)
    return {label: statistics.median(times) for label, times in samples.items()}


def timed_on_servers(database: Path, calls, runs: int, session: str) -> tuple[dict, dict]:
    """Median times with the page cache (the app as served), then with
    every page rendered afresh, as on the first view after a change.
    calls(server) gives groups of calls; each group is timed on its own, and
    the first time a label is measured is the one kept."""
    results = []
    for page_cache in (True, False):
        server = Server(database, page_cache)
        server.session = session
        try:
            timed: dict[str, float] = {}
            for group in calls(server):
                timed = medians_ms(group, runs) | timed
            results.append(timed)
        finally:
            server.stop()
    return results[0], results[1]


def record_added_up(database: Path, page: str, runs: int, session: str) -> float:
    """The median time of a player's page rendered afresh with their record
    added up again: the records' table is emptied (untimed) before each look."""
    server = Server(database, page_cache=False)
    server.session = session
    try:
        samples = []
        for _ in range(runs + 1):  # the first warms up
            caches["records"].clear()  # this process is on the server's database
            start = time.perf_counter()
            server.request("GET", page)
            samples.append((time.perf_counter() - start) * 1000)
        return statistics.median(samples[1:])
    finally:
        server.stop()


def count_queries(client: Client, call) -> tuple[int, int]:
    """SQL queries of a first request with nothing cached, then of the same
    request again."""
    cache.clear()
    counts = []
    for _ in range(2):
        with CaptureQueriesContext(connections["default"]) as ctx:
            response = call(client)
        assert response.status_code == 200, response.status_code
        counts.append(len(ctx.captured_queries))
    return counts[0], counts[1]


HEADER = (
    f"{'view':<32}{'median ms':>10}{'ratio':>7}{'uncached':>10}{'ratio':>7}"
    f"{'queries first/again':>21}"
)


def table_row(label: str, ms: float, minimal: float, cold: float, cold_minimal: float, queries):
    return (
        f"{label:<32}{ms:>10.2f}{ms / minimal:>7.2f}{cold:>10.2f}{cold / cold_minimal:>7.2f}"
        f"{f'{queries[0]} / {queries[1]}':>21}"
    )


class Command(BaseCommand):
    help = "Time the score sheet and hand entry of a 300-hand game against a minimal view."

    def add_arguments(self, parser):
        parser.add_argument("--hands", type=int, default=300)
        parser.add_argument("--runs", type=int, default=30)
        parser.add_argument("--games", type=int, default=10_000)
        parser.add_argument("--hands-per-game", type=int, default=20)
        parser.add_argument(
            "--tables", default="25,50,100,150,200,300,400", help="table counts to try, in order"
        )

    def handle(
        self, *args, hands: int, runs: int, games: int, hands_per_game: int, tables: str, **options
    ):
        with tempfile.TemporaryDirectory() as tmp:
            database = use_database(Path(tmp) / "bench.sqlite3")
            game = build_game(hands)
            member = bench_member()
            connections["default"].close()
            self.stdout.write(f"A {hands}-hand Coralon game in a throwaway SQLite database.")
            self.report(game, runs, database, member)

            database = use_database(Path(tmp) / "big.sqlite3")
            self.stdout.write(
                f"\n{games:,} games with {games * hands_per_game:,} hands "
                "in a throwaway SQLite database."
            )
            started = time.perf_counter()
            build_history(games, hands_per_game)
            member = bench_member()
            connections["default"].close()
            self.stdout.write(f"(built in {time.perf_counter() - started:.0f} s)")
            self.report_history(runs, database, member)
            self.report_records(Path(tmp), database)
        self.report_tables(tables)

    def report(self, game: Game, runs: int, database: Path, member):
        sheet_path = game.get_absolute_url()
        post_path = f"/games/{game.pk}/hands/"
        rng = random.Random(11)
        # Each hand is drawn from the version of the game the last one left.
        version = [game.version]

        def post_body() -> str:
            facts = random_hand(rng)
            fields = [("bidder", facts["bidder"]), ("bid", facts["bid"])]
            fields += [("tricks", t) for t in facts["tricks"]]
            fields += [("version", version[0])]
            return "&".join(f"{k}={v}" for k, v in fields)

        def posted(response):
            version[0] = int(re.search(rb'data-version="(\d+)"', response.content).group(1))
            return response

        client = Client(SERVER_NAME="127.0.0.1")
        client.force_login(member)
        queries = {
            "minimal": count_queries(client, lambda c: c.get("/up/")),
            "sheet": count_queries(client, lambda c: c.get(sheet_path)),
            "post": count_queries(
                client,
                lambda c: posted(
                    c.post(
                        post_path,
                        post_body(),
                        content_type="application/x-www-form-urlencoded",
                        headers={"HX-Request": "true"},
                    )
                ),
            ),
        }
        connections["default"].close()

        def calls(server: Server) -> dict:
            status, cookie, page = server.request("GET", sheet_path)
            token = re.search(r"csrftoken=([^;]+)", cookie).group(1)
            version[0] = int(re.search(rb'data-version="(\d+)"', page).group(1))
            headers = {
                "Cookie": f"csrftoken={token}",
                "X-CSRFToken": token,
                "HX-Request": "true",
                "Content-Type": "application/x-www-form-urlencoded",
            }

            def post():
                status, _, page = server.request("POST", post_path, post_body(), headers)
                assert status == 200, status
                version[0] = int(re.search(rb'data-version="(\d+)"', page).group(1))

            # Apart: every hand entered is a new version of the sheet.
            minimal = lambda: server.request("GET", "/up/")  # noqa: E731
            return [
                {"minimal": minimal, "sheet": lambda: server.request("GET", sheet_path)},
                {"minimal": minimal, "post": post},
            ]

        times, cold = timed_on_servers(database, calls, runs, bench_cookie(member))
        self.stdout.write(HEADER)
        for key, label in (
            ("minimal", "minimal view (/up/)"),
            ("sheet", f"score sheet ({game.hand_count} hands)"),
            ("post", "hand-entry POST (htmx)"),
        ):
            self.stdout.write(
                table_row(
                    label, times[key], times["minimal"], cold[key], cold["minimal"], queries[key]
                )
            )

    def report_history(self, runs: int, database: Path, member):
        player = Player.objects.get(name="Ana")
        game = Game.objects.order_by("pk").first()
        paths = {
            "minimal view (/up/)": "/up/",
            "history page": "/history/",
            "history, filtered, page 3": "/history/?game=coralon&status=finished&page=3",
            f"player page ({player.seats.count():,} games)": f"/players/{player.pk}/",
            f"game page ({game.hand_count} hands)": game.get_absolute_url(),
        }
        client = Client(SERVER_NAME="127.0.0.1")
        client.force_login(member)
        # What the database keeps (the group's ratings, her record) is kept
        # by the time anyone looks again: its first computing is not counted.
        client.get(f"/players/{player.pk}/")
        queries = {
            label: count_queries(client, lambda c, p=path: c.get(p))
            for label, path in paths.items()
        }
        connections["default"].close()
        times, cold = timed_on_servers(
            database,
            lambda server: [
                {label: (lambda p=path: server.request("GET", p)) for label, path in paths.items()}
            ],
            runs,
            bench_cookie(member),
        )
        minimal = "minimal view (/up/)"
        self.stdout.write(HEADER)
        for label in paths:
            self.stdout.write(
                table_row(
                    label, times[label], times[minimal], cold[label], cold[minimal], queries[label]
                )
            )
        # The record is kept in the database (settings.CACHES["records"]), so
        # the uncached column finds it: here it is added up afresh each time,
        # as on the first look after one of the player's own games moved.
        page = f"/players/{player.pk}/"
        queries = count_queries(client, lambda c: caches["records"].clear() or c.get(page))
        afresh = record_added_up(database, page, runs, bench_cookie(member))
        self.stdout.write(
            f"{'  her record added up afresh':<32}{'':>17}{afresh:>10.2f}"
            f"{afresh / cold[minimal]:>7.2f}{f'{queries[0]} / {queries[1]}':>21}"
        )

    def report_records(self, tmp: Path, database: Path):
        env = dict(os.environ, DATABASE_URL=f"sqlite:///{database}", HTTPS_ONLY="false")
        env["SECRET_KEY"] = settings.SECRET_KEY
        env["DJANGO_SETTINGS_MODULE"] = "vinescore.settings"  # the commands as shipped
        exported = tmp / "all-games.json"
        _, idle, _ = run_measured(["check"], env)
        seconds, peak, _ = run_measured(["export_games", "-o", str(exported)], env)
        size = exported.stat().st_size / (1024 * 1024)
        self.stdout.write(f"\n{'records':<32}{'seconds':>10}{'peak MiB':>10}")
        self.stdout.write(f"{'a command doing nothing':<32}{'':>10}{idle:>10}")
        self.stdout.write(f"{f'export all ({size:.0f} MiB file)':<32}{seconds:>10.1f}{peak:>10}")
        empty = tmp / "empty.sqlite3"
        env["DATABASE_URL"] = f"sqlite:///{empty}"
        run_measured(["migrate"], env)
        seconds, peak, said = run_measured(["import_games", str(exported)], env)
        self.stdout.write(f"{'import all':<32}{seconds:>10.1f}{peak:>10}   {said}")
        # The Import page, in this process (the worker timeout is what matters
        # there), into another empty database: the request that keeps the
        # file and queues the import, then the import itself, run by the
        # tasks worker (`db_worker`, as `make run` starts it), until the job's
        # page says it is over.
        web = use_database(tmp / "empty-web.sqlite3")
        imports = tmp / "imports"
        job_env = {"DATABASE_URL": f"sqlite:///{web}", "IMPORT_DIR": str(imports)}
        client = Client(SERVER_NAME="127.0.0.1")
        client.force_login(bench_member())
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "db_worker"],
            cwd=settings.BASE_DIR,
            env=dict(env, **job_env),
            stdout=subprocess.DEVNULL,
        )
        try:
            self.time_import_page(client, exported, job_env, imports)
        finally:
            worker.terminate()
            worker.wait(timeout=60)
        self.report_hostile_import(tmp, env)

    def time_import_page(self, client: Client, exported: Path, job_env: dict, imports: Path):
        with (
            exported.open("rb") as fp,
            mock.patch.dict(os.environ, job_env),
            # Through the job however small the file (--games): the job is what is timed.
            override_settings(IMPORT_DIR=imports, IMPORT_INLINE_BYTES=0),
        ):
            started = time.perf_counter()
            response = client.post("/games/import/", {"file": fp})
            request = time.perf_counter() - started
            location = response.get("Location", "")
            if response.status_code != 302 or not location.startswith("/games/import/"):
                raise CommandError(f"The Import page answered {response.status_code} {location}")
            seen, page = set(), ""
            deadline = time.monotonic() + 600
            while "Imported" not in page and "Nothing was imported" not in page:
                if time.monotonic() > deadline:
                    raise CommandError("The import job did not finish within 10 minutes.")
                time.sleep(0.5)
                page = client.get(response["Location"]).content.decode()
                seen.update(re.findall(r"(?:Checked|saved) [\d,]+ games? so far, \d+%", page))
            job = time.perf_counter() - started
        said = re.search(r"Imported [\d,]+ games?|Nothing was imported[^<]*", page)
        self.stdout.write(f"{'Import page: request':<32}{request:>10.1f}")
        self.stdout.write(
            f"{'Import page: request + job':<32}{job:>10.1f}{'':>10}   "
            f"{said.group(0) if said else '?'} ({len(seen)} progress steps seen)"
        )

    def report_hostile_import(self, tmp: Path, env: dict) -> None:
        """A hostile file, refused as it streams: one game of 1.6 million
        hands (51 MB), written piece by piece, then imported by the command in
        its own process, with its time and peak memory (maximum resident set)."""
        hostile = tmp / "hostile.json"
        hand = b'{"facts": {"bidder": 1, "bid": 2}}'
        with hostile.open("wb") as out:
            out.write(b'{"format": "vinescore-games", "version": 1, "games": [')
            out.write(b'{"game": "coralon", "players": ["Ana", "Ben", "Cy", "Dee"], ')
            out.write(b'"target": null, "stakes": null, "hands": [' + hand)
            for _ in range(1_600_000 - 1):
                out.write(b", " + hand)
            out.write(b"]}]}")
        size = hostile.stat().st_size / (1024 * 1024)
        started = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "manage.py", "import_games", str(hostile)],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        said = process.stdout.read().strip().splitlines() or ["?"]
        _, _status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        self.stdout.write(
            f"{f'import hostile ({size:.0f} MiB file)':<32}{seconds:>10.1f}"
            f"{usage.ru_maxrss // 1024:>10}   {said[-1][:120]}"
        )

    def report_tables(self, tables: str):
        """Many tables at once, on PostgreSQL (BENCH_POSTGRES, a database it
        creates afresh), in a process of its own."""
        url = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432/vinescore_bench")
        name = url.rsplit("/", 1)[1]
        self.stdout.write(f"\nSeveral phones at many tables, on PostgreSQL ({name}).")
        try:
            with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
                admin.execute(f'CREATE DATABASE "{name}"')
        except psycopg.Error as error:
            self.stdout.write(f"(skipped: PostgreSQL is not reachable at {url}: {error})")
            return
        env = dict(os.environ, DATABASE_URL=url, HTTPS_ONLY="false")
        env["SECRET_KEY"] = settings.SECRET_KEY
        env["DJANGO_SETTINGS_MODULE"] = "bench.settings"  # where bench_tables lives
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], env=env, check=True)
        subprocess.run(
            [sys.executable, "manage.py", "bench_tables", "--tables", tables], env=env, check=True
        )
