"""A club night made through the models, as an organiser's pages make it:
players at the door entered, round 1 drawn and sat down; and a hand
played at one of its tables."""

from __future__ import annotations

import random

from tests.factories import default_group, make_member
from vinescore.club import rounds
from vinescore.club.models import Entrant, Event
from vinescore.scoring import REGISTRY
from vinescore.table.models import Game, Player

# Forty names of the lengths a club's list has, a few long ones among them.
FORTY = (
    "Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo",
    "Kit", "Lu", "Mo", "Ned", "Olga", "Pia", "Quinn", "Rosa", "Sven", "Tilde",
    "Ulrike", "Vera", "Walter", "Xenia", "Yusuf", "Zora", "Annemarie", "Bartholomew",
    "Cornelius", "Dorothea", "Emmanuelle", "Friederike", "Gwendolyn", "Hieronymus",
    "Ingeborg", "Jacqueline", "Konstantin", "Leopoldine", "Maximilian", "Nikolaos",
)  # fmt: skip


def club_night(
    players: int = 40,
    *,
    kind: str = "coralon",
    hands_a_round: int | None = 8,
    target: int | None = None,
    name: str = "Thursday club night",
    seed: int = 1,
    other_side_confirms: bool = False,
) -> Event:
    """A night of `players` (the first of FORTY) at `kind`, round 1 drawn
    (`target`: the rulebook's for each table's size unless given)."""
    group = default_group()
    organiser = make_member("organiser")
    event = Event.objects.create(
        group=group,
        name=name,
        kind=kind,
        rounds=3,
        hands_a_round=hands_a_round,
        target=target,
        created_by=organiser,
        other_side_confirms=other_side_confirms,
    )
    named = Player.objects.get_or_create_named(group, FORTY[:players])
    Entrant.objects.bulk_create(Entrant(event=event, player=p) for p in named.values())
    rounds.next_round(event.pk, 1, organiser, random.Random(seed))
    event.refresh_from_db()
    return event


def tables_of(event: Event, number: int = 1) -> list[Game]:
    """The games of round `number`, by table number."""
    return list(
        Game.objects.filter(event_table__round__event=event, event_table__round__number=number)
        .order_by("event_table__number")
        .prefetch_related("seats__player")
    )


def play_hand(game: Game, bidder: int = 0) -> None:
    """One hand at the table: `bidder` bids 2 and takes all the tricks but
    one each of the others'."""
    rules = REGISTRY[game.kind]
    size = game.seats.count()
    tricks = [1] * size
    tricks[bidder] = rules.hand_size(size) - (size - 1)
    game.refresh_from_db()
    facts = {"bidder": bidder, "bid": 2, "tricks": tricks}
    game.add_hand(rules.clean(facts, game.sheet().next_table))
    game.refresh_from_db()
