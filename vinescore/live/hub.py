"""News of a game's new version, from the process that made it to every process
holding a stream of it (stream.py); told by the signals of table and accounts
(live/receivers.py). Published by PostgreSQL NOTIFY, by Redis pub/sub where
REDIS_URL is set, and straight to this process's own streams. One listener a
process wakes the streams of the game named; each then looks for itself with
its own access (one query), so a lost or doubled message costs at most one
look, and every stream looks again each LIVE_STREAM_LOOK seconds anyway.

The news names the version, so a stream that looked lately may be sent a
version this process has already rendered for its kind of visitor without
a look of its own (stream.Trust). What may change who sees a game without
moving its version (a withdrawn link, a member's role, a signing out) is
news too, for one game (a version of None) or for all (ACCESS), after which
every stream looks again before it is sent anything.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from contextvars import ContextVar
from dataclasses import dataclass

from django.conf import settings
from django.db import connection

logger = logging.getLogger(__name__)

CHANNEL = "vinescore_games"
# The news of an access change for every game, in place of a game's pk.
ACCESS = "*"


def club_event(pk: int) -> str:
    """What the news of a club night's own change names (a round drawn,
    a seat swapped) in place of a game's pk: its big screens hear it."""
    return f"e{pk}"


@dataclass
class News:
    """What a change tells the other processes of a game: its new version
    (None: who may see it changed). The live part of that version is found
    in Django's cache (shared with REDIS_URL) or drawn once a process."""

    version: int | None

    def payload(self, pk: int | str) -> str:
        return f"{pk}:{self.version or ''}"


# The news of changes committed while a request is answered, held until the
# answer is made (news_after_answer): the phone that made the change is
# answered first, not slowed by telling the others or by the streams its
# news wakes in this process.
Held = dict[int | str, News]
held: ContextVar[Held | None] = ContextVar("held news", default=None)


def tell(pk: int | str, version: int | None) -> None:
    """Tells every process game `pk` is at `version` (None: who may see it
    changed): once the request's answer is made, or at once outside one."""
    waiting = held.get()
    if waiting is None:
        publish(pk, version)
    else:
        waiting[pk] = News(version)


def tell_held(waiting: Held) -> None:
    for pk, news in waiting.items():
        publish(pk, news)


def news_after_answer(get_response):
    """Middleware: what a request changed is told once its answer is made
    (the answer to an htmx change is the rendered sheet)."""

    def middleware(request):
        token = held.set({})
        try:
            return get_response(request)
        finally:
            waiting = held.get()
            held.reset(token)
            tell_held(waiting)

    return middleware


def publish(pk: int | str, news: News | int | None) -> None:
    payload = (news if isinstance(news, News) else News(news)).payload(pk)
    if connection.vendor == "postgresql":
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload])
        except Exception:  # the change is saved; phones catch up on their next look
            logger.warning("Could not notify other processes of game %s", pk, exc_info=True)
    if settings.REDIS_URL:
        try:
            import redis

            redis.Redis.from_url(settings.REDIS_URL, socket_timeout=1).publish(CHANNEL, payload)
        except Exception:
            logger.warning("Could not publish game %s to Redis", pk, exc_info=True)
    streams.heard_threadsafe(payload)


class Hub:
    """The streams of this process waiting for news, by game, and the
    listener that wakes them. Lives on the event loop of the first stream
    (a uvicorn worker has one loop)."""

    def __init__(self) -> None:
        self.waiting: dict[int, set[asyncio.Event]] = defaultdict(set)
        self.turns: dict[int, asyncio.Lock] = {}
        # The latest version heard of, for each game with a stream here.
        self.versions: dict[int, int] = {}
        # Counts the news of access changes (and the times the news may have
        # been missed): a stream that looked before the last is sent nothing
        # until it looks again. Never reset, so never seen twice.
        self.access_changes = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        self.listeners: list[asyncio.Task] = []

    def subscribe(self, pk: int | str, event: asyncio.Event | None = None) -> asyncio.Event:
        """The event set by news of game `pk` (or of a club night,
        club_event); one event may wait on several."""
        loop = asyncio.get_running_loop()
        if self.loop is not loop:  # a new loop (a test's, a restarted worker's)
            self.loop = loop
            self.waiting.clear()
            self.turns.clear()
            self.versions.clear()
            self.listeners = self.start_listeners()
        event = event or asyncio.Event()
        self.waiting[pk].add(event)
        return event

    def unsubscribe(self, pk: int | str, event: asyncio.Event) -> None:
        events = self.waiting.get(pk)
        if events is not None:
            events.discard(event)
            if not events:
                del self.waiting[pk]
                self.turns.pop(pk, None)
                self.versions.pop(pk, None)

    def turn(self, pk: int) -> asyncio.Lock:
        """Held while a stream reads game `pk`: the first of the woken streams renders
        and keeps the sheet, the others only look it up."""
        return self.turns.setdefault(pk, asyncio.Lock())

    def wake(self, pk: int, version: int | None = None) -> None:
        events = self.waiting.get(pk)
        if not events:
            return
        if version is None:  # who may see it changed
            self.access_changes += 1
        elif version > self.versions.get(pk, 0):
            self.versions[pk] = version
        for event in events:
            event.set()

    def version_heard(self, pk: int) -> int | None:
        """The latest version of game `pk` this process heard of, if any."""
        return self.versions.get(pk)

    def heard_threadsafe(self, payload: str) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.heard, payload)

    def heard(self, payload: str) -> None:
        pk, _, version = payload.partition(":")
        if pk == ACCESS:
            self.access_changes += 1
        elif pk.startswith("e") and pk[1:].isdigit():  # a club night's: no game's version
            for event in self.waiting.get(pk, ()):
                event.set()
        elif pk.isdigit():
            self.wake(int(pk), int(version) if version.isdigit() else None)

    def start_listeners(self) -> list[asyncio.Task]:
        tasks = []
        if settings.DATABASES["default"]["ENGINE"].endswith("postgresql"):
            tasks.append(asyncio.create_task(self.listen_postgres()))
        if settings.REDIS_URL:
            tasks.append(asyncio.create_task(self.listen_redis()))
        return tasks

    async def listen_postgres(self) -> None:
        import psycopg

        db = settings.DATABASES["default"]
        params = {
            "dbname": db["NAME"],
            "user": db.get("USER") or None,
            "password": db.get("PASSWORD") or None,
            "host": db.get("HOST") or None,
            "port": db.get("PORT") or None,
        }
        params = {key: value for key, value in params.items() if value}
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(**params, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.wake_all()  # anything missed while not listening
                    async for notify in conn.notifies():
                        self.heard(notify.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("Lost the PostgreSQL listener; retrying", exc_info=True)
            await asyncio.sleep(1)

    async def listen_redis(self) -> None:
        import redis.asyncio as redis

        while True:
            try:
                client = redis.Redis.from_url(settings.REDIS_URL)
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(CHANNEL)
                    self.wake_all()
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            data = message["data"]
                            self.heard(data.decode() if isinstance(data, bytes) else data)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("Lost the Redis subscription; retrying", exc_info=True)
            await asyncio.sleep(1)

    def wake_all(self) -> None:
        """After a time not listening: news may have been missed, so every
        stream looks."""
        self.access_changes += 1
        for events in self.waiting.values():
            for event in events:
                event.set()


# This process's streams.
streams = Hub()
