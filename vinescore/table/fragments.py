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

from django.conf import settings
from django.core.cache import cache
from django.core.cache.backends.base import BaseCache
from django.utils.translation import get_language

# How long the pages' {% cache %} tags keep what they keep: the cache's own
# timeout, as for what is kept here.
KEPT_FOR = settings.CACHES["default"].get("TIMEOUT", 300)


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


def cached_many(named: dict[Hashable, tuple], render: Callable[[list], dict]) -> dict:
    """For each name, what render() made of the parts it names: those kept
    found in one read of the cache, the rest made by one call of
    render(names not kept), which answers {name: value} (a name it leaves
    out is left out), and kept in one write."""
    keys = {name: cache_key(*parts) for name, parts in named.items()}
    kept = cache.get_many(keys.values())
    found = {name: kept[key] for name, key in keys.items() if key in kept}
    missing = [name for name in keys if name not in found]
    if missing:
        made = render(missing)
        cache.set_many({keys[name]: value for name, value in made.items()})
        found |= made
    return found
