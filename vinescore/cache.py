"""The page cache: Django's local-memory cache with a size per entry.

LocMemCache already keeps at most MAX_ENTRIES; refusing any entry bigger
than MAX_ENTRY_BYTES (pickled) bounds its memory by the product of the two.
What is refused is simply rendered again when asked for.
"""

from __future__ import annotations

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache


class BoundedLocMemCache(LocMemCache):
    def __init__(self, name, params):
        options = dict(params.get("OPTIONS", {}))
        self.max_entry_bytes = options.pop("MAX_ENTRY_BYTES", None)
        super().__init__(name, {**params, "OPTIONS": options})

    @property
    def budget(self) -> int | None:
        """The most bytes of pickled values this cache holds."""
        if self.max_entry_bytes is None:
            return None
        return self._max_entries * self.max_entry_bytes

    def held_bytes(self) -> int:
        with self._lock:
            return sum(len(value) for value in self._cache.values())

    def _set(self, key, value, timeout=DEFAULT_TIMEOUT):
        if self.max_entry_bytes is not None and len(value) > self.max_entry_bytes:
            self._delete(key)
            return
        super()._set(key, value, timeout)
