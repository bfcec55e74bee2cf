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
templates. The score sheet keeps its parts in game.html itself ({% cache %}).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from hashlib import blake2b

from django.core.cache import cache
from django.db.models import Prefetch
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from .models import Game, Seat


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


def cached_html(parts: tuple, render: Callable[[], str]) -> SafeString:
    return mark_safe(cached(parts, lambda: str(render())))  # noqa: S308 — rendered by templates


def game_cards(rows: Iterable[tuple[int, int]], template: str) -> list[SafeString]:
    """The card of each (pk, version) game, in order. Only the games whose
    current version has not been rendered yet are loaded, with their seats."""
    keys = {pk: cache_key(template, pk, version) for pk, version in rows}
    found = cache.get_many(keys.values())
    missing = [pk for pk, key in keys.items() if key not in found]
    if missing:
        seats = Prefetch("seats", queryset=Seat.objects.select_related("player"))
        fresh = {}
        for game in Game.objects.filter(pk__in=missing).with_play_times().prefetch_related(seats):
            # Named by the version just read, which may be newer than the page's.
            html = render_to_string(template, {"game": game})
            fresh[cache_key(template, game.pk, game.version)] = html
            found[keys[game.pk]] = html
        cache.set_many(fresh)
    return [mark_safe(found[key]) for key in keys.values() if key in found]  # noqa: S308
