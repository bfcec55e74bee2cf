"""Plain factory functions for test data."""

from __future__ import annotations

from vinescore.scoring import REGISTRY
from vinescore.table.models import Game, Player, Seat

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")


def make_player(name: str) -> Player:
    return Player.objects.get_or_create(name=name)[0]


def make_game(
    kind: str = "coralon",
    names: tuple[str, ...] = NAMES[:4],
    *,
    options: list[str] | None = None,
    target: int | None = None,
    stakes: int | None = None,
    first_dealer: int = 0,
    hands: list[dict] = (),
) -> Game:
    rules = REGISTRY[kind]
    game = Game.objects.create(
        kind=kind,
        rules_version=rules.rules_version,
        options=sorted(options or []),
        target=target if target is not None else rules.default_target(len(names)),
        stakes=stakes if stakes is not None else rules.default_stakes(len(names)),
        first_dealer=first_dealer,
    )
    for position, name in enumerate(names):
        Seat.objects.create(game=game, player=make_player(name), position=position)
    for facts in hands:
        table = game.sheet().next_table
        game.add_hand(rules.clean(facts, table))
    game.refresh_result()
    return game


def seat_data(*players: Player, first_dealer: int = 0, **extra) -> dict:
    data = {f"seat_{i + 1}": p.pk for i, p in enumerate(players)}
    data["first_dealer"] = first_dealer
    data.update(extra)
    return data
