"""Game cards kept between requests: the template keeps each card with
`{% cache kept_for <name> game.pk game.version lang %}`, so a card is named
by the version it shows; the view reads only the games whose card is not
kept yet, as plain rows shaped for the card (its game's columns and its
players' names, two queries; History's page of games is read with the
columns, so one), the rest go to the template as names alone."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from django.conf import settings
from django.core.cache import InvalidCacheBackendError, caches
from django.core.cache.utils import make_template_fragment_key
from django.urls import reverse
from django.utils.translation import get_language

from vinescore.table.models import (
    Game,
    Seat,
    duration_words,
    event_table_words,
    game_name,
    hands_words,
    side_scores,
)

# How long a card is kept: the {% cache %} tags' timeout, the cache's own.
KEPT_FOR = settings.CACHES["default"].get("TIMEOUT", 300)

# The game's columns a card shows.
COLUMNS = (
    "pk",
    "version",
    "kind",
    "title",
    "part_of",
    "part_round",
    "part_table",
    "created_at",
    "updated_at",
    "finished_at",
    "hand_count",
    "final_totals",
    "winner_name",
    "first_hand_at",
    "last_hand_at",
)


def fragment_cache():
    # The cache {% cache %} writes to (Django's own choice, in its order).
    try:
        return caches["template_fragments"]
    except InvalidCacheBackendError:
        return caches["default"]


@dataclass
class Card:
    """What a game's card shows, under the names the cards read of a Game
    (templatetags/drawn.py: game_card, history_card)."""

    pk: int
    version: int
    name: str
    part_of: str
    table_of_event: str
    created_at: datetime
    updated_at: datetime
    hand_count: int
    played_for: str
    hands_words: str
    is_finished: bool
    winner_name: str
    player_names: list[str]
    scores: list[tuple[str, int]]

    def get_absolute_url(self) -> str:
        return reverse("game", args=[self.pk])


def card_of(row: dict, names: list[str]) -> Card:
    played_for = duration_words(row["first_hand_at"], row["last_hand_at"])
    return Card(
        pk=row["pk"],
        version=row["version"],
        name=game_name(row["title"], row["kind"]),
        part_of=row["part_of"],
        table_of_event=event_table_words(row["part_of"], row["part_round"], row["part_table"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        hand_count=row["hand_count"],
        played_for=played_for,
        hands_words=hands_words(row["hand_count"], played_for),
        is_finished=row["finished_at"] is not None,
        winner_name=row["winner_name"],
        player_names=names,
        scores=side_scores(row["kind"], names, row["final_totals"]),
    )


def seated_names(pks: Iterable[int]) -> dict[int, list[str]]:
    """The names of these games' players, in seat order, by game (one query)."""
    names: dict[int, list[str]] = defaultdict(list)
    seats = Seat.objects.filter(game__in=list(pks)).order_by("game", "position")
    for game, name in seats.values_list("game", "player__name"):
        names[game].append(name)
    return names


def read_cards(pks: Iterable[int]) -> dict[int, Card]:
    """The cards of these games, by pk (a game gone is left out)."""
    pks = list(pks)
    names = seated_names(pks)
    rows = Game.objects.filter(pk__in=pks).values(*COLUMNS)
    return {row["pk"]: card_of(row, names[row["pk"]]) for row in rows}


@dataclass
class KeptCard:
    """A game whose card was kept when the page was asked for: its name
    for the {% cache %} tag. Should the card be dropped before the template
    reaches it, the game is read then."""

    pk: int
    version: int

    @cached_property
    def card(self) -> Card | None:
        # None once purged: the card then renders blank rather than failing.
        return read_cards([self.pk]).get(self.pk)

    def __getattr__(self, name: str):
        if name.startswith("__") or name == "card":
            raise AttributeError(name)
        return getattr(self.card, name)


def not_kept(rows: Iterable[tuple[int, int]], name: str) -> set[int]:
    """The games of these (pk, version) rows whose card is not kept as `name`
    for that version, in this language: one read of the cache."""
    language = get_language()
    keys = {pk: make_template_fragment_key(name, [pk, version, language]) for pk, version in rows}
    kept = fragment_cache().get_many(keys.values())
    return {pk for pk, key in keys.items() if key not in kept}


def game_cards(rows: Iterable[tuple[int, int]], name: str) -> list[Card | KeptCard]:
    """The cards of these (pk, version) rows for cards kept as `name`, keyed by the
    version just read; a game gone since the page's query is left out."""
    rows = list(rows)
    missing = not_kept(rows, name)
    read = read_cards(missing) if missing else {}  # a page whose cards are all kept reads no game
    return [
        KeptCard(pk, version) if pk not in missing else read[pk]
        for pk, version in rows
        if pk not in missing or pk in read
    ]


def cards_of_rows(rows: Iterable[dict], name: str) -> list[Card | KeptCard]:
    """The cards of games read with their card's columns (COLUMNS), as
    History's page of games is: only the players' names of the cards not
    kept as `name` are read (one query, none when all are kept)."""
    rows = list(rows)
    missing = not_kept(((row["pk"], row["version"]) for row in rows), name)
    names = seated_names(missing) if missing else defaultdict(list)
    return [
        card_of(row, names[row["pk"]])
        if row["pk"] in missing
        else KeptCard(row["pk"], row["version"])
        for row in rows
    ]
