"""Rendered HTML kept between requests, named by the version of what it shows.

Every change to a game goes through Game.refresh_result(), which moves the
game's `updated_at` on and, for each player seated, `record_changed_at`. So
`(game.pk, game.updated_at)` names one rendering of its card or score sheet
exactly, and `(player.pk, player.name, player.record_changed_at)` one of
their record. A change makes a new name; nothing is ever deleted, and the
cache drops names nobody asks for any more on its own.

Whole pages are kept the same way, with placeholders where the CSRF token
and the top bar (the visitor's groups) go: each response carries its own
visitor's. A page also differs by what the visitor may do (a viewer gets no
forms, a spectator no links to anything but the sheet), so that is part of
its name too: one person's page is never served to another who may do less.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable
from datetime import datetime
from functools import cache as once
from hashlib import blake2b

from django.core.cache import cache
from django.db.models import Prefetch
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.crypto import salted_hmac
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from .changes import KEY_PLACEHOLDER, new_key
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


def game_cards(rows: Iterable[tuple[int, datetime]], template: str) -> list[SafeString]:
    """The card of each (pk, updated_at) game, in order. Only the games whose
    current version has not been rendered yet are loaded, with their seats."""
    keys = {pk: cache_key(template, pk, updated_at) for pk, updated_at in rows}
    found = cache.get_many(keys.values())
    missing = [pk for pk, key in keys.items() if key not in found]
    if missing:
        seats = Prefetch("seats", queryset=Seat.objects.select_related("player"))
        fresh = {}
        for game in Game.objects.filter(pk__in=missing).with_play_times().prefetch_related(seats):
            # Named by the version just read, which may be newer than the page's.
            html = render_to_string(template, {"game": game})
            fresh[cache_key(template, game.pk, game.updated_at)] = html
            found[keys[game.pk]] = html
        cache.set_many(fresh)
    return [mark_safe(found[key]) for key in keys.values() if key in found]  # noqa: S308


@once
def csrf_placeholder() -> str:
    """Stands for the CSRF token in a whole page kept in the cache; each
    response puts the requester's own token in its place. Derived from the
    secret key, so it is the same in every process and nobody can type it."""
    return salted_hmac("vinescore.fragments.csrf", "placeholder").hexdigest()


@once
def topbar_placeholder() -> SafeString:
    return mark_safe(salted_hmac("vinescore.fragments.topbar", "placeholder").hexdigest())


def cached_page(
    request: HttpRequest, parts: tuple, render: Callable[[dict], str], *, who: str
) -> str:
    """A whole page as `who` (what the visitor may do: "write", "read",
    "watch") sees it, rendered once by render(visitor), where `visitor`
    holds the placeholders for the template's context."""
    visitor = {"csrf_token": csrf_placeholder(), "topbar": topbar_placeholder()}
    return personalise(request, cached(("page", who, *parts), lambda: str(render(visitor))))


def personalise(request: HttpRequest, html: str) -> str:
    """Kept HTML as served to this request: its own CSRF token and top bar,
    and a fresh one-time key in each form that changes a game."""
    html = html.replace(csrf_placeholder(), get_token(request))
    if topbar_placeholder() in html:
        topbar = render_to_string("accounts/_topbar.html", request=request)
        html = html.replace(topbar_placeholder(), topbar)
    return re.sub(re.escape(KEY_PLACEHOLDER), lambda _: new_key(), html)
