"""News of a game's new version reaches the streams waiting on it in this
process (live.py): directly on SQLite, and through Redis pub/sub when
REDIS_URL is set, published by another process (here, a plain client)."""

from __future__ import annotations

import asyncio

import redis

from tests.redis_server import running_redis
from vinescore import live


async def heard(pk: int, publish, timeout: float = 5.0) -> bool:
    hub = live.Hub()
    woken = hub.subscribe(pk)
    other = hub.subscribe(pk + 1)
    try:
        await asyncio.sleep(0.5)  # the listener subscribes (and wakes all, for what it missed)
        woken.clear()
        other.clear()
        await asyncio.to_thread(publish, hub)
        await asyncio.wait_for(woken.wait(), timeout)
        return not other.is_set()  # only the streams of that game are woken
    except TimeoutError:
        return False
    finally:
        for task in hub.listeners:
            task.cancel()


def test_a_change_in_this_process_wakes_the_streams_of_that_game(settings):
    settings.REDIS_URL = ""
    assert asyncio.run(heard(7, lambda hub: hub.wake_threadsafe(7)))


def test_news_published_to_redis_by_another_process_wakes_the_streams(settings):
    with running_redis() as url:
        settings.REDIS_URL = url
        settings.DATABASES["default"]["ENGINE"] = "django.db.backends.sqlite3"

        def publish(hub):
            redis.Redis.from_url(url).publish(live.CHANNEL, "7:3")

        assert asyncio.run(heard(7, publish))
