"""Game cards kept between requests in Django's cache, each named by its
game's version and the language (table/fragments.py), so a change makes a
new name: a page reads all its cards in one read of the cache, and reads
and draws only the games whose card is not kept yet, from plain rows shaped
for the card (its game's columns and its players' names: two queries, one
for History, whose page of games is read with the columns)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from django.urls import reverse
from django.utils.safestring import SafeString

from vinescore.table import fragments
from vinescore.table.models import (
    Game,
    Seat,
    duration_words,
    event_table_words,
    game_name,
    hands_words,
    side_scores,
)
from vinescore.templatetags.drawn import game_card, history_card

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


def history_cards(rows: Iterable[dict]) -> list[SafeString]:
    """History's cards of these games, read with their card's columns
    (COLUMNS) as its page of games is: only the players' names of the cards
    not kept are read (one query, none when all are kept)."""
    rows = list(rows)
    by_pk = {row["pk"]: row for row in rows}

    def draw(pks: list[int]) -> dict[int, SafeString]:
        names = seated_names(pks)
        return {pk: history_card(card_of(by_pk[pk], names[pk])) for pk in pks}

    return kept_cards("history card", [(row["pk"], row["version"]) for row in rows], draw)


def game_cards(rows: Iterable[tuple[int, int]]) -> list[SafeString]:
    """The cards of these (pk, version) games as lists show them (a
    player's latest games); a game gone since they were listed is left out."""

    def draw(pks: list[int]) -> dict[int, SafeString]:
        return {pk: game_card(card) for pk, card in read_cards(pks).items()}

    return kept_cards("game card", list(rows), draw)


def kept_cards(
    kind: str,
    games: list[tuple[int, int]],
    draw: Callable[[list[int]], dict[int, SafeString]],
) -> list[SafeString]:
    """The card of each (pk, version) game, kept in Django's cache by that
    version (and the language): one read of the cache for them all; the
    cards not kept drawn by one call of draw(pks) and kept in one write."""
    drawn = fragments.cached_many({pk: (kind, pk, version) for pk, version in games}, draw)
    return [drawn[pk] for pk, _ in games if pk in drawn]
