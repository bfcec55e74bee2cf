"""The shared cache: Django's Redis backend, which a stopped Redis does not turn
into server errors.

Everything cached can be rendered again, so an unreachable Redis answers as
an empty cache: pages are rendered afresh, slower but right. It logs once a
minute at most and waits a few seconds before trying again, so each request
is not held up by socket timeouts. `check()` always asks (for `/up/`). Only
RedisCache's public methods are wrapped; BaseCache's async ones call them.
"""

from __future__ import annotations

import logging
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

# Unreachable, timed out, or refusing (a full Redis with no eviction, a
# REDIS_URL that is not Redis): the cache is out of order either way.
UNREACHABLE = RedisError


class ForgivingRedisCache(RedisCache):
    warn_every = 60.0  # seconds between two warnings while Redis stays away
    rest_after_failure = 5.0  # seconds without a try after a failure

    def __init__(self, server, params):
        super().__init__(server, params)
        self.resting_until = 0.0
        self.warned_at: float | None = None

    def check(self) -> None:
        """Raises redis's ConnectionError or TimeoutError unless Redis
        answers now."""
        super().has_key("vinescore:up")

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self.unless_unreachable(False, super().add, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self.unless_unreachable(default, super().get, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self.unless_unreachable(None, super().set, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self.unless_unreachable(False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self.unless_unreachable(False, super().delete, key, version)

    def get_many(self, keys, version=None):
        return self.unless_unreachable({}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self.unless_unreachable(False, super().has_key, key, version)

    def incr(self, key, delta=1, version=None):
        # As for a key that is not there: the cache holds nothing meanwhile.
        found = self.unless_unreachable(None, super().incr, key, delta, version)
        if found is None:
            raise ValueError(f"Key '{key}' not found.")
        return found

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        # The keys that could not be kept: all of them.
        return self.unless_unreachable(list(data), super().set_many, data, timeout, version)

    def delete_many(self, keys, version=None):
        return self.unless_unreachable(None, super().delete_many, keys, version)

    def clear(self):
        return self.unless_unreachable(False, super().clear)

    def unless_unreachable(self, answer, method, *args):
        """method(*args), or `answer` (what an empty cache says) when Redis
        cannot be reached."""
        now = time.monotonic()
        if now < self.resting_until:
            return answer
        try:
            return method(*args)
        except UNREACHABLE as error:
            self.resting_until = now + self.rest_after_failure
            if self.warned_at is None or now - self.warned_at >= self.warn_every:
                self.warned_at = now
                log.warning(
                    "The cache (Redis) cannot be reached, pages are rendered without it: %s",
                    error,
                )
            return answer
