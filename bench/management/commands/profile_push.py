"""Where a pushed hand spends the workers' CPU, profiled in this process.

Two app processes are played by one: worker A takes the hands' POSTs
(Django's test client, as profile_hand), worker B holds most of the
table's streams. Each keeps its own memory: its cache when that is the
per-process LocMemCache (swapped in and out here); a shared cache (REDIS_URL, or
--shared-cache to play one with this process's memory) is shared. For
each hand, five phones' streams each read one event through the stream's
own snapshot function (live/stream.py): B's first (the new version
replayed and rendered unless its parts are kept), B's others, and A's.
Prints each as CPU ms (this process's clock, so other load on the machine
counts little) with cProfile's heaviest functions, and what the cache
holds a table.

    DJANGO_SETTINGS_MODULE=bench.settings python manage.py profile_push --tables 60
    ... profile_push --sheet 300    (a long sheet's first view against /up/)

(as served: SECRET_KEY set, HTTPS_ONLY=false for the test client's plain
http, and collectstatic run once.)
"""

from __future__ import annotations

import cProfile
import random
import statistics
import time
from collections import OrderedDict, defaultdict
from contextlib import contextmanager

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages import storage
from django.contrib.sessions.middleware import SessionMiddleware
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.management.base import BaseCommand
from django.db import connection
from django.test import Client, RequestFactory
from django.urls import resolve
from django.utils import translation
from django_htmx.middleware import HtmxDetails

from bench import profiling
from bench.management.commands.bench_tables import random_hand
from vinescore.live import stream
from vinescore.scoring import REGISTRY
from vinescore.table.models import Game, Player, Seat

# Of a table's five phones, which hold their stream on worker B (the rest on A).
ON_B = 3

# The bench's games are scored under the rules vinescore scores them by now.
CORALON = REGISTRY["coralon"]


class Worker:
    """One app process's own memory."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.cache = (OrderedDict(), {})


@contextmanager
def inside(worker: Worker, shared: bool):
    backend = cache_backend()
    local = isinstance(backend, LocMemCache) and not shared
    if local:
        held = backend._cache, backend._expire_info
        backend._cache, backend._expire_info = worker.cache
    try:
        yield
    finally:
        if local:
            backend._cache, backend._expire_info = held


def cache_backend():
    return caches["default"]


def stream_request(pk: int, client: Client, secret: str):
    """A signed-in phone's stream request as the stream view holds it."""
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    request = RequestFactory(SERVER_NAME="127.0.0.1").get(
        f"/games/{pk}/stream/",
        HTTP_COOKIE=f"{settings.SESSION_COOKIE_NAME}={session}; csrftoken={secret}",
    )
    SessionMiddleware(lambda r: None).process_request(request)
    request.COOKIES["csrftoken"] = secret
    request.META["CSRF_COOKIE"] = secret
    request._messages = storage.default_storage(request)
    len(request._messages)
    request.user = AnonymousUser()
    request.resolver_match = resolve(request.path)
    request.htmx = HtmxDetails(request)
    return request


def forget_all() -> None:
    """This process as if it had never drawn a page: its cache emptied."""
    caches["default"].clear()


class Command(BaseCommand):
    help = "Profile a pushed hand in process: the POST, the other worker's first look, the events."

    def add_arguments(self, parser):
        profiling.add_arguments(parser, hands=150, warm=30, top=25)
        parser.add_argument(
            "--sheet",
            type=int,
            default=0,
            help="instead: the first view of a sheet of this many hands, against /up/",
        )
        parser.add_argument(
            "--tables", type=int, default=1, help="tables taking turns at a hand each"
        )
        parser.add_argument(
            "--max-entries", type=int, default=0, help="the cache's MAX_ENTRIES, if not as set"
        )
        parser.add_argument(
            "--shared-cache",
            action="store_true",
            help="the two workers share one cache (as with REDIS_URL)",
        )
        parser.add_argument(
            "--own-names",
            action="store_true",
            help="each game seats five players of its own, as most tables at a club do",
        )
        parser.add_argument("--callers", default="", help="print who calls these functions")

    def handle(self, **options) -> None:
        name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
        try:
            with translation.override(settings.LANGUAGE_CODE):
                if options["sheet"]:
                    self.first_view(**options)
                else:
                    self.profile(**options)
        finally:
            connection.creation.destroy_test_db(name, verbosity=0)

    def profile(
        self,
        *,
        hands,
        warm,
        per_game,
        tables,
        max_entries,
        shared_cache,
        own_names,
        top,
        sort,
        callers,
        **_,
    ) -> None:
        client, user, group, players = profiling.at_the_table()
        rng = random.Random(7)
        a, b = Worker("A"), Worker("B")
        shared = shared_cache or not isinstance(cache_backend(), LocMemCache)
        if max_entries:
            cache_backend()._max_entries = max_entries
        tables: list[dict] = [{"entered": 0} for _ in range(tables)]
        turn = 0
        profilers = {
            part: cProfile.Profile(time.process_time)
            for part in ("post", "first on B", "first on A", "others")
        }
        spent: dict[str, list[float]] = defaultdict(list)

        fragments: dict[tuple[str, str], float] = defaultdict(float)
        doing = [""]

        def timed(part: str, run, profile: bool):
            profiler = profilers[part] if profile else None
            doing[0] = part
            began = time.process_time()
            if profiler is not None:
                profiler.enable()
            try:
                return run()
            finally:
                if profiler is not None:
                    profiler.disable()
                spent[part if profile else part + " (plain)"].append(time.process_time() - began)

        def next_game() -> Game:
            game = Game.objects.create(
                kind="coralon", rules_version=CORALON.rules_version, target=99_999, group=group
            )
            seated = players
            if own_names:
                seated = [
                    Player.objects.create(name=f"{p.name} {game.pk}", group=group) for p in players
                ]
            Seat.objects.bulk_create(
                Seat(game=game, player=p, position=i) for i, p in enumerate(seated)
            )
            game.refresh_result()
            for worker in (a, b):
                with inside(worker, shared):
                    client.get(game.get_absolute_url())
            return game

        def hand(profile: bool) -> None:
            nonlocal turn
            table = tables[turn % len(tables)]
            turn += 1
            if table["entered"] % per_game == 0:
                table["game"] = next_game()
                table["phones"] = [
                    (b if i < ON_B else a, stream_request(table["game"].pk, client, secret * 32))
                    for i, secret in enumerate("abcde")
                ]
                for _, request in table["phones"]:
                    request.user = user
            table["entered"] += 1
            game, phones = table["game"], table["phones"]
            version = Game.objects.values_list("version", flat=True).get(pk=game.pk)
            shown = version
            data = random_hand(rng) + [("version", str(version))]
            body = "&".join(f"{k}={v}" for k, v in data)
            with inside(a, shared):
                response = timed(
                    "post",
                    lambda: client.post(
                        f"/games/{game.pk}/hands/",
                        body,
                        content_type="application/x-www-form-urlencoded",
                        headers={"HX-Request": "true"},
                    ),
                    profile,
                )
            assert response.status_code == 200, (response.status_code, dict(response.headers))
            read = stream.game_snapshot(game.pk)
            for i, (worker, request) in enumerate(phones):
                part = {0: "first on B", ON_B: "first on A"}.get(i, "others")
                with inside(worker, shared):
                    snapshot = timed(part, lambda request=request: read(request, shown), profile)
                assert snapshot is not None and snapshot[2] is not None, snapshot

        for _ in range(warm):
            hand(False)
        for _ in range(hands):
            hand(True)
        spent.clear()
        fragments.clear()
        with profiling.parts_timed(fragments, lambda name: (doing[0], name)):
            for _ in range(hands):
                hand(False)
        self.report(spent, profilers, hands, per_game, shared, top, sort, callers, len(tables))
        for part in ("post", "first on B", "first on A"):
            self.stdout.write(
                f"  the kept parts' {{% cache %}} in {part} (CPU a hand, nested ones inside): "
                + ", ".join(
                    f"{name} {spent / hands * 1000:.2f} ms"
                    for (done, name), spent in sorted(fragments.items(), key=lambda p: -p[1])
                    if done == part
                )
            )
        self.cache_budget(b, shared)

    def first_view(self, *, sheet: int, top: int, sort: str, callers: str, **_) -> None:
        """The sheet of a long game opened by a phone that has never seen it,
        on a worker that has kept none of it: its CPU against /up/'s."""
        client, user, group, players = profiling.at_the_table()
        rng = random.Random(7)
        game = Game.objects.create(
            kind="coralon", rules_version=CORALON.rules_version, target=99_999, group=group
        )
        Seat.objects.bulk_create(
            Seat(game=game, player=p, position=i) for i, p in enumerate(players)
        )
        game.refresh_result()
        for _ in range(sheet):
            version = Game.objects.values_list("version", flat=True).get(pk=game.pk)
            data = random_hand(rng) + [("version", str(version))]
            response = client.post(
                f"/games/{game.pk}/hands/",
                "&".join(f"{k}={v}" for k, v in data),
                content_type="application/x-www-form-urlencoded",
                headers={"HX-Request": "true"},
            )
            assert response.status_code == 200, response.status_code
        profiler = cProfile.Profile(time.process_time)
        first, up = [], []
        for run in range(20):
            forget_all()
            began = time.process_time()
            if run % 2:
                profiler.enable()
            response = client.get(game.get_absolute_url())
            profiler.disable()
            first.append(time.process_time() - began)
            assert response.status_code == 200
            began = time.process_time()
            assert client.get("/up/").status_code == 200
            up.append(time.process_time() - began)
        plain = first[::2]
        again = []
        warm = cProfile.Profile(time.process_time)
        for run in range(20):
            began = time.process_time()
            if run % 2:
                warm.enable()
            client.get(game.get_absolute_url())
            warm.disable()
            again.append(time.process_time() - began)
        again = again[::2]
        up_ms = statistics.mean(up) * 1000
        first_ms = statistics.mean(plain) * 1000
        self.stdout.write(
            f"{connection.vendor}: a {sheet}-hand sheet's first view {first_ms:.2f} ms of CPU "
            f"(median {statistics.median(plain) * 1000:.2f}), /up/ {up_ms:.2f} ms: "
            f"{first_ms / up_ms:.1f}x; the same page again, its parts kept, "
            f"{statistics.mean(again) * 1000:.2f} ms; {len(response.content) / 1024:.1f} KB"
        )
        fragments: dict[str, float] = defaultdict(float)
        with profiling.parts_timed(fragments):
            for _ in range(10):
                forget_all()
                client.get(game.get_absolute_url())
        self.stdout.write(
            "  its kept parts' {% cache %} (CPU a view, nested ones inside): "
            + ", ".join(
                f"{name} {spent / 10 * 1000:.2f} ms"
                for name, spent in sorted(fragments.items(), key=lambda p: -p[1])
            )
        )
        for name, profiled in (("first view", profiler), ("its parts kept", warm)):
            profiled = profiling.report(profiled, sort=sort, top=top, callers=callers)
            self.stdout.write(f"\n--- {name} ---\n{profiled}")

    def report(
        self, spent, profilers, hands, per_game, shared, top, sort, callers, len_tables
    ) -> None:
        def ms(part: str) -> str:
            values = spent[part]
            mean, median = statistics.mean(values) * 1000, statistics.median(values) * 1000
            return f"{mean:.2f} ms (median {median:.2f})"

        self.stdout.write(
            f"{connection.vendor}, {hands} hands ({per_game} a game) at {len_tables} tables, "
            f"5 phones: {ON_B} streams on worker B, {5 - ON_B} on A; cache "
            f"{'shared' if shared else 'each worker its own'}"
        )
        self.stdout.write(f"  the hand's htmx POST on A: {ms('post (plain)')}")
        self.stdout.write(
            f"  B's first event (its first look at the version): {ms('first on B (plain)')}"
        )
        self.stdout.write(f"  A's first event: {ms('first on A (plain)')}")
        self.stdout.write(f"  each other event: {ms('others (plain)')}")
        per_hand = sum(sum(v) for v in spent.values()) / hands * 1000
        self.stdout.write(f"  in all, a pushed hand: {per_hand:.2f} ms of CPU")
        for part, profiler in profilers.items():
            profiled = profiling.report(profiler, sort=sort, top=top, callers=callers)
            self.stdout.write(f"\n--- {part} ---\n{profiled}")

    def cache_budget(self, worker: Worker, shared: bool) -> None:
        """How many entries, and how many bytes, the cache holds."""
        backend = cache_backend()
        if not isinstance(backend, LocMemCache):
            return
        kept = backend._cache if shared else worker.cache[0]
        size = sum(len(v) for v in kept.values())
        self.stdout.write(
            f"the cache holds {len(kept)} entries, {size / 1024:.0f} KB pickled "
            f"(MAX_ENTRIES {backend._max_entries})"
        )
