"""A Redis of the test's own (redis-server on a free port, keeping nothing
on disk), which the test may stop; or, for tests that only need one
running, the Redis named by TEST_REDIS_URL (CI's), emptied first."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.conf import settings

from vinescore.settings import shared_cache


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(url: str) -> bool:
    import redis

    try:
        return redis.Redis.from_url(url, socket_connect_timeout=0.5).ping()
    except redis.exceptions.RedisError:
        return False


def flush(url: str) -> None:
    import redis

    redis.Redis.from_url(url).flushdb()


class OwnRedis:
    def __init__(self, process: subprocess.Popen, url: str):
        self.process = process
        self.url = url

    def stop(self) -> None:
        """Gone at once, as when its machine goes away."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


@contextmanager
def own_redis() -> Iterator[OwnRedis]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("needs redis-server (CI has it: apt-get install redis-server)")
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    server = OwnRedis(process, f"redis://127.0.0.1:{port}/0")
    try:
        for _ in range(100):  # up to 10 s to start
            if answers(server.url):
                break
            if process.poll() is not None:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.1)
        yield server
    finally:
        server.stop()


@contextmanager
def running_redis() -> Iterator[str]:
    """The URL of an empty Redis that stays up for the test."""
    url = os.environ.get("TEST_REDIS_URL")
    if url:
        flush(url)
        try:
            yield url
        finally:
            flush(url)
        return
    with own_redis() as server:
        yield server.url


def redis_cache(url: str) -> dict:
    """settings.CACHES for the app on this Redis, as REDIS_URL makes it (the
    players' records stay in the database's table)."""
    return {"default": shared_cache(url), "records": settings.CACHES["records"]}
