"""Data and fragments kept in Django's cache, named by the version of what they
show: `(game.pk, game.version)` for a game's card, Player.record_version()
for a record. A change makes a new name; nothing is deleted, the cache drops
what nobody asks for. Only what is the same for every visitor is kept; each
visitor's own parts (CSRF token, top bar, keys, messages) are rendered
around it. The sheet keeps its live part by version and kind of visitor
(sheet_views.live_part) and its parts in game.html ({% cache %}).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from hashlib import blake2b

from django.core.cache import cache
from django.core.cache.backends.base import BaseCache
from django.utils.translation import get_language


def cache_key(*parts: Hashable) -> str:
    """The name of one rendering of `parts`, in this request's language."""
    parts = (get_language(), *parts)
    return "html:" + blake2b(repr(parts).encode(), digest_size=16).hexdigest()


def cached(parts: tuple, render: Callable[[], object], store: BaseCache = cache):
    """What render() returns for these parts, computed once while kept in
    `store` (the default cache, or another of settings.CACHES)."""
    key = cache_key(*parts)
    value = store.get(key)
    if value is None:
        value = render()
        store.set(key, value)
    return value
