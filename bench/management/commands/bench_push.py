"""Benchmark: how soon the other phones at one table see a hand, on the
install `make run` gives (SQLite, no Redis, gunicorn.conf.py's workers).

One phone enters hands; every other phone holds the sheet's stream. For 2 to
6 phones a table: the time from a hand's POST sent to each stream's event of
it, p50 and p95, for `make run`'s processes and, to compare, for two
processes on the same SQLite file. Times are printed, never asserted.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

from django.core.management.base import BaseCommand

from bench.sessions import bench_cookie, bench_member

from .bench import Server, use_database
from .bench_tables import (
    EVENT_ID,
    TOKEN,
    VERSION,
    enter_hand,
    make_tables,
    percentile,
    request,
    server_errors,
)

# Between one hand and the next at a table that enters them quickly.
PAUSE_SECONDS = (0.2, 0.6)


async def one_table(port: int, session: str, pk: int, phones: int, hands: int):
    """`hands` hands entered on one phone while `phones - 1` others hold the
    stream: each stream's latency (ms) for each hand, and any errors."""
    sheet = await request(port, "GET", f"/games/{pk}/", {"Cookie": session})
    cookie = sheet.headers.get("set-cookie", "").split(";")[0] + "; " + session
    token = TOKEN.search(sheet.body).group(1).decode()
    version = int(VERSION.search(sheet.body).group(1))
    posted: dict[int, float] = {}
    latency: list[float] = []
    errors: list[str] = []
    done = asyncio.Event()
    opened = [asyncio.Event() for _ in range(phones - 1)]

    async def stream(opened: asyncio.Event) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(
            (
                f"GET /games/{pk}/stream/?version={version} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Accept: text/event-stream\r\nCookie: {session}\r\n\r\n"
            ).encode()
        )
        try:
            if b" 200 " not in await reader.readline():
                errors.append("stream refused")
                return
            while (await reader.readline()).strip():  # the headers
                pass
            opened.set()
            seen, heard = b"", set()
            while not done.is_set():
                try:
                    chunk = await asyncio.wait_for(reader.read(65536), 0.5)
                except TimeoutError:
                    continue
                if not chunk:
                    errors.append("stream ended")
                    return
                seen += chunk
                for found in EVENT_ID.finditer(seen):
                    number = int(found.group(1))
                    if number in posted and number not in heard:
                        heard.add(number)
                        latency.append((time.perf_counter() - posted[number]) * 1000)
                seen = seen[seen.rfind(b"\n") + 1 :]
        finally:
            opened.set()
            writer.close()

    async def scorer() -> None:
        nonlocal version
        await asyncio.gather(*(o.wait() for o in opened))
        await asyncio.sleep(0.5)  # every stream has sent the sheet as it was
        rng = random.Random(phones)
        for _ in range(hands):
            posted[version + 1] = time.perf_counter()  # each hand moves the version by one
            answer = await enter_hand(port, pk, cookie, token, version, rng)
            if answer.status != 200:
                errors.append(f"hand {answer.status}")
                break
            version = int(VERSION.search(answer.body).group(1))
            await asyncio.sleep(rng.uniform(*PAUSE_SECONDS))
        await asyncio.sleep(1.5)  # the last events
        done.set()

    streams = [asyncio.create_task(stream(o)) for o in opened]
    await scorer()
    await asyncio.gather(*streams)
    return latency, errors


class Command(BaseCommand):
    help = "How soon the other phones at a table see a hand, as `make run` serves it."

    def add_arguments(self, parser):
        parser.add_argument("--hands", type=int, default=30)
        parser.add_argument("--phones", default="2,3,4,5,6")

    def handle(self, *args, hands: int, phones: str, **options):
        counts = [int(n) for n in phones.split(",")]
        with tempfile.TemporaryDirectory() as tmp:
            database = use_database(Path(tmp) / "push.sqlite3")
            pks = make_tables(2 * len(counts))
            session = bench_cookie(bench_member())
            self.stdout.write(
                f"\nA hand on one phone, seen on the others' streams ({hands} hands a table,"
                " SQLite, no Redis): ms from the POST sent to each stream's event."
            )
            self.stdout.write(
                f"{'served by':<34}{'phones':>7}{'events':>8}{'p50 ms':>9}{'p95 ms':>9}"
                f"{'max ms':>9}{'errors':>8}"
            )
            runs = [("make run (gunicorn.conf.py)", None), ("two processes", 2)]
            for (label, workers), some in zip(
                runs, (pks[: len(counts)], pks[len(counts) :]), strict=True
            ):
                server = Server(database, workers=workers)
                try:
                    for count, pk in zip(counts, some, strict=True):
                        latency, errors = asyncio.run(
                            one_table(server.port, session, pk, count, hands)
                        )
                        failed = server_errors(errors)
                        self.stdout.write(
                            f"{label:<34}{count:>7}{len(latency):>8}"
                            f"{percentile(latency, 0.5):>9.1f}{percentile(latency, 0.95):>9.1f}"
                            f"{max(latency, default=0):>9.1f}{len(errors):>8}"
                            + (f"  FAILED: {failed[0]}" if failed else "")
                        )
                finally:
                    server.stop()
