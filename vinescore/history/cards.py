"""Game cards kept between requests: the template keeps each card with
`{% cache kept_for <name> game.pk game.version lang %}`, so a card is named
by the version it shows; the view loads only the games whose card is not
kept yet (with their seats), the rest go to the template as names alone."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from django.conf import settings
from django.core.cache import InvalidCacheBackendError, caches
from django.core.cache.utils import make_template_fragment_key
from django.db.models import Prefetch
from django.utils.translation import get_language

from vinescore.table.models import Game, Seat

# How long a card is kept: the {% cache %} tags' timeout, the cache's own.
KEPT_FOR = settings.CACHES["default"].get("TIMEOUT", 300)


def fragment_cache():
    # The cache {% cache %} writes to (Django's own choice, in its order).
    try:
        return caches["template_fragments"]
    except InvalidCacheBackendError:
        return caches["default"]


def with_seats(games):
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player"))
    return games.with_play_times().prefetch_related(seats)


@dataclass
class KeptCard:
    """A game whose card was kept when the page was asked for: its name
    for the {% cache %} tag. Should the card be dropped before the template
    reaches it, the game is read then."""

    pk: int
    version: int

    @cached_property
    def game(self) -> Game | None:
        # None once purged: the card then renders blank rather than failing.
        return with_seats(Game.objects.all()).filter(pk=self.pk).first()

    def __getattr__(self, name: str):
        if name.startswith("__") or name == "game":
            raise AttributeError(name)
        return getattr(self.game, name)


def game_cards(rows: Iterable[tuple[int, int]], name: str) -> list[Game | KeptCard]:
    """The games of these (pk, version) rows for cards kept as `name`, keyed by the
    version just read; a game gone since the page's query is left out."""
    rows = list(rows)
    language = get_language()
    keys = {pk: make_template_fragment_key(name, [pk, version, language]) for pk, version in rows}
    kept = fragment_cache().get_many(keys.values())
    missing = {pk for pk, key in keys.items() if key not in kept}
    loaded = {}
    if missing:  # a page whose cards are all kept reads no game
        loaded = {game.pk: game for game in with_seats(Game.objects.filter(pk__in=missing))}
    return [
        KeptCard(pk, version) if pk not in missing else loaded[pk]
        for pk, version in rows
        if pk not in missing or pk in loaded
    ]
