"""Benchmark: a group's what-ifs asked all at once on a big history, and a
table's sheet beside them, on the install `make run` gives (SQLite, no
Redis, gunicorn.conf.py's workers).

Eight phones each ask another target of every finished Coralon game and
follow their page's poll until the summary arrives; meanwhile a table's
phone gets the game in progress's sheet every 0.2 s and enters a hand every
few seconds. Times are printed, never asserted.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import tempfile
import time
from pathlib import Path

from django.core.management.base import BaseCommand
from django.db import connections

from bench.sessions import bench_cookie, bench_member

from .bench import Server, build_game, build_history, random_hand, use_database
from .bench_tables import TOKEN, VERSION, percentile, request

SHEET_SECONDS = 0.2  # a table's phone looking at its sheet
HAND_SECONDS = 4.0  # between hands entered at that table
POLL_SECONDS = 2.0  # as the "being worked out" page polls
WORKING = b'hx-trigger="every 2s"'  # the poll, on the page while the summary is worked out
GIVE_UP_SECONDS = 600.0


def hand_body(facts: dict, version: int) -> bytes:
    """A four-player Coralon hand (as the game in progress was built) as its
    form posts it, by a phone that shows `version`."""
    fields = [("bidder", facts["bidder"]), ("bid", facts["bid"])]
    fields += [("tricks", t) for t in facts["tricks"]]
    fields += [("version", version), ("key", os.urandom(12).hex())]
    return "&".join(f"{k}={v}" for k, v in fields).encode()


def server_errors(errors: list[str]) -> list[str]:
    """The server's own failures: a 5xx answer or a connection that broke."""
    return [e for e in errors if re.search(r"\b5\d\d\b|Error", e)]


def targets(count: int) -> list[int]:
    """`count` different targets, one per phone: each a question of its own."""
    return [150 + 50 * i for i in range(count)]


async def what_if(port: int, session: str, target: int, errors: list[str]) -> float | None:
    """Seconds from asking to the summary shown, following the page's poll;
    None if it never came."""
    path = f"/history/what-if/coralon/?target={target}"
    started = time.perf_counter()
    headers = {"Cookie": session}
    while time.perf_counter() - started < GIVE_UP_SECONDS:
        try:
            answer = await request(port, "GET", path, headers)
        except OSError as error:
            errors.append(f"what-if: {error!r}")
            return None
        if answer.status != 200:
            errors.append(f"what-if {answer.status}")
            return None
        if WORKING not in answer.body:
            return time.perf_counter() - started
        headers = {"Cookie": session, "HX-Request": "true"}  # the page's poll
        await asyncio.sleep(POLL_SECONDS)
    errors.append("what-if never answered")
    return None


async def table(port: int, session: str, pk: int, done: asyncio.Event, errors: list[str]):
    """A table's phone: the sheet every SHEET_SECONDS, a hand every
    HAND_SECONDS, until `done`; the sheet's times (ms) and the hands scored."""
    rng = random.Random(pk)
    times: list[float] = []
    scored = 0
    cookie, token, version = session, "", 0
    last_hand = time.perf_counter()
    while not done.is_set():
        try:
            sheet = await request(port, "GET", f"/games/{pk}/", {"Cookie": cookie})
            if sheet.status != 200:
                errors.append(f"sheet {sheet.status}")
            else:
                times.append(sheet.ms)
                if not token:
                    set_cookie = sheet.headers.get("set-cookie", "").split(";")[0]
                    cookie = "; ".join(filter(None, [set_cookie, session]))
                    token = TOKEN.search(sheet.body).group(1).decode()
                version = int(VERSION.search(sheet.body).group(1))
            if token and time.perf_counter() - last_hand > HAND_SECONDS:
                last_hand = time.perf_counter()
                headers = {
                    "Cookie": cookie,
                    "X-CSRFToken": token,
                    "HX-Request": "true",
                    "Content-Type": "application/x-www-form-urlencoded",
                }
                body = hand_body(random_hand(rng), version)
                hand = await request(port, "POST", f"/games/{pk}/hands/", headers, body)
                if hand.status != 200:
                    errors.append(f"hand {hand.status}")
                else:
                    scored += 1
        except OSError as error:
            errors.append(f"sheet: {error!r}")
        await asyncio.sleep(SHEET_SECONDS)
    return times, scored


async def everyone(port: int, session: str, pk: int, phones: int):
    errors: list[str] = []
    done = asyncio.Event()
    sheet = asyncio.create_task(table(port, session, pk, done, errors))
    answers = await asyncio.gather(*(what_if(port, session, t, errors) for t in targets(phones)))
    done.set()
    return answers, await sheet, errors


class Command(BaseCommand):
    help = "A group's what-ifs asked at once on a big history, and a table's sheet beside them."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=210)
        parser.add_argument("--hands-per-game", type=int, default=285)
        parser.add_argument("--phones", type=int, default=8)
        parser.add_argument("--table-hands", type=int, default=30)

    def handle(self, *args, games: int, hands_per_game: int, phones: int, table_hands: int, **o):
        with tempfile.TemporaryDirectory() as tmp:
            database = use_database(Path(tmp) / "whatif.sqlite3")
            started = time.perf_counter()
            build_history(games, hands_per_game)
            pk = build_game(table_hands).pk
            session = bench_cookie(bench_member())
            connections["default"].close()
            self.stdout.write(
                f"\n{phones} group what-ifs at once on {games:,} finished Coralon games of"
                f" {hands_per_game} hands (built in {time.perf_counter() - started:.0f} s),"
                f" beside a {table_hands}-hand game's sheet every {SHEET_SECONDS} s"
                " (SQLite, no Redis, make run's workers):"
            )
            server = Server(database, workers=None)
            try:
                answers, (sheet, scored), errors = asyncio.run(
                    everyone(server.port, session, pk, phones)
                )
            finally:
                server.stop()
        for target, seconds in zip(targets(phones), answers, strict=True):
            shown = f"{seconds:.1f} s" if seconds is not None else "no answer"
            self.stdout.write(f"  what-if target {target:>4}: summary shown after {shown}")
        self.stdout.write(
            f"  sheet during them ({len(sheet)} gets): p50 {percentile(sheet, 0.5):.0f} ms,"
            f" p95 {percentile(sheet, 0.95):.0f} ms, max {max(sheet, default=0):.0f} ms;"
            f" {scored} hands entered at that table"
        )
        failed = server_errors(errors)
        refused = len(errors) - len(failed)  # a hand drawn before a poll's change, say
        self.stdout.write(
            f"  server errors (5xx, connections): {len(failed)}"
            + (f", first: {failed[0]}" if failed else "")
            + (f"; other refusals: {refused}" if refused else "")
        )
