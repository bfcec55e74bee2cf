"""Data and fragments kept between requests in Django's cache, named by the
version of what they show.

Every change to a game goes through Game.refresh_result(), which moves the
game's `version` on. So `(game.pk, game.version)` names one rendering of
its card exactly, and Player.record_version() (their seats' count, the sum
of their games' versions, `record_changed_at` for a game left) one of their
record. A change makes a new name; nothing is ever deleted, and
the cache drops names nobody asks for any more on its own. Only what is the
same for every visitor is kept: each visitor's own parts (the CSRF token,
the top bar, one-time keys, messages) are rendered around it by the
templates. The score sheet keeps its parts in game.html itself ({% cache %}),
as History and a player's page keep their game cards (history/cards.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from hashlib import blake2b

from django.core.cache import cache
from django.utils.translation import get_language


def cache_key(*parts: Hashable) -> str:
    """The name of one rendering of `parts`, in the language of this request
    (LocaleMiddleware chose it): a German visitor after an English one gets
    German."""
    parts = (get_language(), *parts)
    return "html:" + blake2b(repr(parts).encode(), digest_size=16).hexdigest()


def cached(parts: tuple, render: Callable[[], object]):
    """What render() returns for these parts, computed once while cached."""
    key = cache_key(*parts)
    value = cache.get(key)
    if value is None:
        value = render()
        cache.set(key, value)
    return value
