"""Benchmark: a club night pushed, its tables' phones and its big screens.

A night of Coralon drawn by club.rounds.next_round into tables of four;
every table's phones hold its sheet's stream (bench_tables' five a table,
signed in as the bench's member), a few big screens hold the screen's
stream (live/screens.py), and each table enters a hand every 20 s (the
first at a random moment) once every stream is open. For each hand: the
time from its POST sent to each of its table's streams' event of it, and
to each screen's first event that carries it.

A screen's event names the night's state (club/screen.py), whose last
figure is the sum of the tables' game versions: one more with every hand
stored. The hands' order of storing (their rows' ids, in the order SQLite
writes them, one at a time) says which event first carries each hand; on
PostgreSQL, where two tables' hands are written at once, that order can be
a few milliseconds out.

1. 40 tables on `make run`'s install: SQLite, no Redis, the processes
   gunicorn.conf.py gives (one). Run by `make bench`.
2. --postgres: 200 tables on PostgreSQL (DATABASE_URL, a throwaway
   database named *_bench, emptied first) with a shared Redis (--redis, a
   throwaway database, emptied first), across two app servers, each
   table's phones and the screens shared between them. `make bench` runs it
   after the first when PostgreSQL and Redis answer (BENCH_POSTGRES, as
   `bench`'s tables; BENCH_REDIS).

Times are printed, never asserted.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, connections

from bench.sessions import bench_cookie, bench_member
from vinescore.accounts.models import Group
from vinescore.club import rounds
from vinescore.club.models import MAX_HANDS_A_ROUND, Entrant, Event
from vinescore.table.models import Game, Hand, Player

from .bench import Server, random_hand, use_database
from .bench_tables import (
    HAND_SECONDS,
    PHONES,
    SIT_DOWN_PER_SECOND,
    VERSION,
    Pushed,
    percentile,
    request,
    verdict,
)

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo")
# The screen's promise: a hand on it within a second (p95).
SCREEN_P95_MS = 1000.0
STATE = re.compile(rb'data-state="(\d+)\.(\d+)\.(\d+)"')
SCREEN_ID = re.compile(rb"(?:^|\n)id: \d+\.\d+\.(\d+)\n")


def club_night(tables: int, organiser) -> Event:
    """A night of 4 x `tables` players, round 1 drawn: tables of four,
    each playing on past any hand this bench enters."""
    group = Group.objects.get(memberships__user=organiser)
    event = Event.objects.create(
        group=group,
        name="Bench club night",
        kind="coralon",
        rounds=3,
        target=99_999,
        hands_a_round=MAX_HANDS_A_ROUND,
        created_by=organiser,
    )
    names = [f"{NAMES[i % len(NAMES)]} {i // len(NAMES) + 1}" for i in range(4 * tables)]
    players = Player.objects.get_or_create_named(group, names)
    Entrant.objects.bulk_create(Entrant(event=event, player=p) for p in players.values())
    rounds.next_round(event.pk, 1, organiser, random.Random(4))
    return event


def table_games(event: Event) -> list[int]:
    return list(
        Game.objects.filter(event_table__round__event=event)
        .order_by("event_table__number")
        .values_list("pk", flat=True)
    )


async def enter_hand(port, pk, cookie, token, version, rng) -> object:
    """A random hand at a table of four, entered by htmx."""
    facts = random_hand(rng)
    fields = [("bidder", facts["bidder"]), ("bid", facts["bid"])]
    fields += [("tricks", t) for t in facts["tricks"]]
    fields += [("version", version), ("key", os.urandom(12).hex())]
    headers = {
        "Cookie": cookie,
        "X-CSRFToken": token,
        "HX-Request": "true",
        "Content-Type": "application/x-www-form-urlencoded",
    }
    body = "&".join(f"{k}={v}" for k, v in fields).encode()
    return await request(port, "POST", f"/games/{pk}/hands/", headers, body)


@dataclass
class Tables(Pushed):
    """Pushed's tables at the night's tables of four, on one server: each
    hand's POST is noted by its game and the version it makes, for the
    screens' events to be matched with."""

    sent: dict[tuple[int, int], float] = field(default_factory=dict)

    async def scorer(self, pk, cookie, token, version, posted, rng) -> None:
        await self.opened.wait()
        await asyncio.sleep(rng.uniform(0, HAND_SECONDS))
        while time.monotonic() < self.end - 2:  # room for the last hand's events
            posted[version + 1] = self.sent[(pk, version + 1)] = time.perf_counter()
            answer = await enter_hand(self.port, pk, cookie, token, version, rng)
            if answer.status == 200:
                self.hands.append(answer.ms)
                version = int(VERSION.search(answer.body).group(1))
            else:
                self.errors.append(f"hand {answer.status}")
            await asyncio.sleep(max(0.0, min(HAND_SECONDS, self.end - 2 - time.monotonic())))


@dataclass
class Screens:
    """The big screens' streams: each event's time and the number of hands
    it counts (its state's sum of versions, less the sum when it opened)."""

    seen: list[list[tuple[float, int]]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    async def watch(self, port: int, token: str, opened: asyncio.Event, night: Tables) -> None:
        page = await request(port, "GET", f"/screen/{token}/", {})
        if page.status != 200:
            self.errors.append(f"screen page {page.status}")
            opened.set()
            return
        at = STATE.search(page.body)
        shown, base = b".".join(at.groups()).decode(), int(at.group(3))
        seen: list[tuple[float, int]] = []
        self.seen.append(seen)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(
            (
                f"GET /screen/{token}/stream/?state={shown} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                "Accept: text/event-stream\r\n\r\n"
            ).encode()
        )
        try:
            status = await reader.readline()
            if b" 200 " not in status:
                self.errors.append(f"screen stream {status.decode().strip()}")
                return
            while (await reader.readline()).strip():  # the headers
                pass
            opened.set()
            await night.opened.wait()
            tail = b""
            while time.monotonic() < night.end:
                try:
                    chunk = await asyncio.wait_for(
                        reader.read(1 << 20), night.end - time.monotonic()
                    )
                except TimeoutError:
                    break
                if not chunk:
                    self.errors.append("screen stream ended")
                    break
                now = time.perf_counter()
                seen_now = tail + chunk
                seen += [(now, int(m.group(1)) - base) for m in SCREEN_ID.finditer(seen_now)]
                tail = seen_now[-64:]
                tail = tail[tail.rfind(b"\n") :] if b"\n" in tail else tail
        finally:
            opened.set()
            writer.close()


async def night_run(
    servers: list[Tables], pks: list[int], screens: Screens, count: int, token: str
) -> None:
    """The tables sit down, their phones spread over the servers; then the
    screens open, shared between them; then the hands, until the end."""
    rng = random.Random(len(pks))
    tasks: list[asyncio.Task] = []
    sitting = [
        servers[i % len(servers)].table(pk, rng, i / SIT_DOWN_PER_SECOND)
        for i, pk in enumerate(pks)
    ]
    tasks += [task for table in await asyncio.gather(*sitting) for task in table]
    opened = [asyncio.Event() for _ in range(count)]
    tasks += [
        asyncio.create_task(screens.watch(servers[i % len(servers)].port, token, o, servers[0]))
        for i, o in enumerate(opened)
    ]
    await asyncio.gather(*(o.wait() for o in opened))
    await asyncio.sleep(2)  # settled
    end = time.monotonic() + servers[0].seconds
    for server in servers:
        server.end = end
    servers[0].opened.set()
    await asyncio.gather(*tasks)


def screen_latency(
    event: Event, sent: dict[tuple[int, int], float], seen: list[list[tuple[float, int]]]
) -> tuple[list[float], int]:
    """ms from each hand's POST sent to each screen's first event counting
    it, and how many (hand, screen) pairs no event carried."""
    versions = dict(
        Game.objects.filter(event_table__round__event=event).values_list("pk", "version")
    )
    stored = list(
        Hand.objects.filter(game__in=list(versions)).order_by("pk").values_list("game", "position")
    )
    hands = {game: 0 for game in versions}
    for game, _ in stored:
        hands[game] += 1
    latency, missed = [], 0
    for events in seen:  # each hand stored moves the state by one, and only hands do
        if events and events[-1][1] > len(stored):
            raise CommandError(f"A screen counted {events[-1][1]} hands of {len(stored)}.")
    for rank, (game, position) in enumerate(stored, start=1):
        # the version this hand made: the game's now, less the hands after it
        made = versions[game] - (hands[game] - position)
        posted = sent.get((game, made))
        if posted is None:
            continue
        for events in seen:
            shown = next((at for at, counted in events if counted >= rank), None)
            if shown is None:
                missed += 1
            else:
                latency.append((shown - posted) * 1000)
    return latency, missed


class Command(BaseCommand):
    help = "A club night pushed: how soon a hand is on its table's phones and the big screen."

    def add_arguments(self, parser):
        parser.add_argument("--tables", type=int, default=None, help="40; 200 with --postgres")
        parser.add_argument("--seconds", type=float, default=40)
        parser.add_argument("--screens", type=int, default=3)
        parser.add_argument(
            "--postgres",
            action="store_true",
            help="on DATABASE_URL (PostgreSQL, *_bench) with Redis, across two app servers",
        )
        parser.add_argument(
            "--redis",
            default=os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/15"),
            help="with --postgres: a throwaway Redis database, emptied first",
        )
        parser.add_argument(
            "--postgres-tables",
            type=int,
            default=200,
            help="after the SQLite run, the PostgreSQL run's tables (0: none)",
        )

    def handle(self, *args, tables, seconds, screens, postgres, redis, postgres_tables, **options):
        if postgres:
            self.on_postgres(tables or 200, seconds, screens, redis)
            return
        tables = tables or 40
        with tempfile.TemporaryDirectory() as tmp:
            database = use_database(Path(tmp) / "club.sqlite3")
            self.stdout.write(
                f"\nA club night pushed, as `make run` serves it (SQLite, no Redis, "
                f"gunicorn.conf.py's one process): {tables} tables of four, {PHONES} phones "
                f"a table and {screens} big screens holding streams, a hand a table every "
                f"{HAND_SECONDS:.0f} s, {seconds:.0f} s; ms from a hand's POST sent to its "
                "table's phones' events and to each screen's first event carrying it."
            )
            self.header()
            self.night(
                "make run (SQLite)",
                tables,
                seconds,
                screens,
                [Server(database, workers=None, env={"REDIS_URL": ""})],
            )
        if postgres_tables:
            self.report_postgres(postgres_tables, seconds, screens, redis)

    def on_postgres(self, tables: int, seconds: float, screens: int, redis_url: str) -> None:
        if connection.vendor != "postgresql" or not connection.settings_dict["NAME"].endswith(
            "_bench"
        ):
            raise CommandError(
                "Point DATABASE_URL at a throwaway PostgreSQL database named *_bench."
            )
        import redis

        redis.Redis.from_url(redis_url).flushdb()  # keys name pks a new database reuses
        call_command("flush", interactive=False, verbosity=0)
        self.stdout.write(
            f"\nThe same on PostgreSQL with Redis, two app servers (gunicorn.conf.py's "
            f"workers each), the phones and screens shared between them: {tables} tables."
        )
        self.header()
        env = {"REDIS_URL": redis_url}
        self.night(
            "PostgreSQL + Redis, 2 servers",
            tables,
            seconds,
            screens,
            [Server(workers=None, env=env), Server(workers=None, env=env)],
        )

    def header(self) -> None:
        self.stdout.write(
            f"{'served by':<32}{'tables':>7}{'streams':>8}{'hands':>7}{'phone p50':>10}"
            f"{'p95':>7}{'screen p50':>11}{'p95':>7}{'max':>7}{'missed':>7}{'errors':>7}"
        )

    def night(
        self, label: str, tables: int, seconds: float, screens: int, servers: list[Server]
    ) -> None:
        try:
            organiser = bench_member()
            event = club_night(tables, organiser)
            pks = table_games(event)
            session = bench_cookie(organiser)
            token = event.screen_token
            connections.close_all()
            shared = Tables(servers[0].port, seconds, session)
            nights = [shared] + [
                Tables(
                    server.port,
                    seconds,
                    session,
                    latency=shared.latency,
                    hands=shared.hands,
                    errors=shared.errors,
                    opened=shared.opened,
                    sent=shared.sent,
                )
                for server in servers[1:]
            ]
            watched = Screens()
            asyncio.run(night_run(nights, pks, watched, screens, token))
        finally:
            for server in servers:
                server.stop()
        on_screen, missed = screen_latency(event, shared.sent, watched.seen)
        errors = shared.errors + watched.errors
        p95 = percentile(on_screen, 0.95)
        self.stdout.write(
            f"{label:<32}{tables:>7}{tables * PHONES + screens:>8}{len(shared.hands):>7}"
            f"{percentile(shared.latency, 0.5):>10.0f}{percentile(shared.latency, 0.95):>7.0f}"
            f"{percentile(on_screen, 0.5):>11.0f}{p95:>7.0f}{max(on_screen, default=0):>7.0f}"
            f"{missed:>7}{len(errors):>7}" + verdict(p95 <= SCREEN_P95_MS and not missed, errors)
        )
        if errors:
            self.stdout.write(f"  first errors: {errors[:3]}")

    def report_postgres(self, tables: int, seconds: float, screens: int, redis_url: str) -> None:
        """The PostgreSQL run, in a process of its own, when PostgreSQL
        (BENCH_POSTGRES, a database it creates afresh) and Redis answer."""
        url = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432/vinescore_bench")
        name = url.rsplit("/", 1)[1]
        try:
            import redis

            redis.Redis.from_url(redis_url, socket_connect_timeout=1).ping()
        except Exception as error:  # redis's own errors, or no redis package
            self.stdout.write(
                f"(PostgreSQL run skipped: Redis is not reachable at {redis_url}: {error})"
            )
            return
        try:
            with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
                admin.execute(f'CREATE DATABASE "{name}"')
        except psycopg.Error as error:
            self.stdout.write(
                f"(PostgreSQL run skipped: PostgreSQL is not reachable at {url}: {error})"
            )
            return
        env = dict(os.environ, DATABASE_URL=url, HTTPS_ONLY="false")
        env["SECRET_KEY"] = settings.SECRET_KEY
        env["DJANGO_SETTINGS_MODULE"] = "bench.settings"  # where bench_club lives
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], env=env, check=True)
        subprocess.run(
            [
                *(sys.executable, "manage.py", "bench_club", "--postgres"),
                *("--tables", str(tables), "--seconds", str(seconds)),
                *("--screens", str(screens), "--redis", redis_url),
            ],
            env=env,
            check=True,
        )
