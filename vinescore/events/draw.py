"""The draw: table sizes, and who sits at which table and seat each round.

Round 1 is drawn at random; later rounds seat the leaders together (as a
Swiss system does), then trade players between tables wherever that means
fewer repeat meetings. A meeting is two players at the same table."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from vinescore.scoring import GameRules
from vinescore.scoring.words import gettext, ngettext

Pair = frozenset[int]


class DrawRefused(ValueError):
    """The draw cannot be made as asked; the message says why, for the page
    (in the language the scoring package's words are installed in)."""


@dataclass(frozen=True)
class Shape:
    """What of a game the draw needs: the table sizes it can be played at
    (empty: any) and whether fixed partners sit across (seats 0+2 v 1+3)."""

    player_counts: tuple[int, ...]
    partnership: bool = False

    @classmethod
    def of(cls, rules: GameRules) -> Shape:
        return cls(tuple(rules.player_counts), rules.partnership)


@dataclass(frozen=True)
class Table:
    """One table of a round: its players in seat order, and the seat that
    deals first (drawn at random, so no seat of the draw always deals)."""

    number: int
    seats: tuple[int, ...]
    dealer: int = 0


@dataclass(frozen=True)
class Draw:
    round: int
    tables: tuple[Table, ...]

    def players(self) -> list[int]:
        return [player for table in self.tables for player in table.seats]


def table_sizes(players: int, player_counts: Sequence[int], preferred: int = 4) -> list[int]:
    """Table sizes for `players`, largest first: as even as the game's
    player counts permit (the largest and smallest table differ least),
    then tables nearest `preferred` in size (13 at a 3-6 game: 5, 4, 4,
    not 4, 3, 3, 3), then fewer tables. A split uses at most two sizes,
    which is always enough when the allowed counts run without a gap."""
    counts = sorted(set(player_counts)) or list(range(2, players + 1))
    if players < 1:
        raise DrawRefused(gettext("An event needs players."))
    best: tuple[tuple[float, ...], list[int]] | None = None
    for low in counts:
        for high in (size for size in counts if size >= low):
            for tables in range(1, players // low + 1):
                large, rest = (
                    divmod(players - low * tables, high - low)
                    if high > low
                    else (0, players - low * tables)
                )
                if rest or large > tables or (high == low and players != low * tables):
                    continue
                sizes = [high] * large + [low] * (tables - large)
                key = (max(sizes) - min(sizes), abs(players / tables - preferred), tables)
                if best is None or key < best[0]:
                    best = (key, sizes)
    if best is None:
        allowed = ", ".join(map(str, counts))
        raise DrawRefused(
            ngettext(
                "{players} player cannot sit at tables of {sizes}.",
                "{players} players cannot be split into tables of {sizes}.",
                players,
            ).format(players=players, sizes=allowed)
        )
    return best[1]


def meetings(draws: Iterable[Draw]) -> Counter[Pair]:
    """How often each pair of players has sat at the same table."""
    met: Counter[Pair] = Counter()
    for draw in draws:
        for table in draw.tables:
            met.update(frozenset(pair) for pair in combinations(table.seats, 2))
    return met


def prices(met: Counter[Pair], players: int) -> dict[Pair, int]:
    """What seating two players together again costs: each further meeting
    outweighs every pair of a round meeting one time fewer, so the draw
    first keeps the most-met pair as low as it can go, then the rest."""
    base = players * players + 1
    return {pair: base**count - 1 for pair, count in met.items()}


def repeats(group: Iterable[int], price: dict[Pair, int]) -> int:
    """The cost of a table's earlier meetings: what a draw keeps low."""
    return sum(price.get(frozenset(pair), 0) for pair in combinations(group, 2))


def draw_round(
    number: int,
    players: Sequence[int],
    shape: Shape,
    rng: random.Random,
    earlier: Sequence[Draw] = (),
    ranking: Sequence[int] = (),
) -> Draw:
    """Round `number` for the players present now (latecomers in, those
    who left out). `ranking` is the standings, best first; without it (or
    in round 1) the order is random. Players not in the ranking (latecomers)
    follow the ranked ones in random order."""
    if number < 1:
        raise DrawRefused(gettext("Rounds are numbered from 1."))
    present = list(dict.fromkeys(players))
    sizes = table_sizes(len(present), shape.player_counts)
    if shape.partnership and any(size != 4 for size in sizes):
        raise DrawRefused(gettext("Partners sit across a table of four."))
    ranked, here = set(ranking), set(present)
    late = [player for player in present if player not in ranked]
    rng.shuffle(late)
    order = [player for player in dict.fromkeys(ranking) if player in here] + late
    if number == 1 or not earlier:
        rng.shuffle(order)
    met = meetings(earlier)
    price = prices(met, len(present))
    groups = seat_greedily(order, sizes, price)
    improve(groups, price)
    wander(groups, price, rng)
    tables = []
    for index, group in enumerate(groups, start=1):
        seats = tuple(partners_across(group, met) if shape.partnership else group)
        tables.append(Table(index, seats, rng.randrange(len(seats))))
    return Draw(number, tuple(tables))


def seat_greedily(order: list[int], sizes: list[int], price: dict[Pair, int]) -> list[list[int]]:
    """Each table in turn takes the best-placed player left, then the next
    best placed who has met its players least often."""
    left = list(order)
    groups = []
    for size in sizes:
        group = [left.pop(0)]
        while len(group) < size:
            pick = min(
                range(len(left)),
                key=lambda i: (repeats([left[i], *group], price), i),
            )
            group.append(left.pop(pick))
        groups.append(group)
    return groups


def improve(groups: list[list[int]], price: dict[Pair, int], passes: int = 20) -> None:
    """Trade two players between tables while that lowers the repeats,
    trades between nearby tables tried first, so leaders stay together
    as far as the repeats allow."""
    for _ in range(passes):
        better = False
        for a, b in sorted(combinations(range(len(groups)), 2), key=lambda ab: ab[1] - ab[0]):
            if not repeats(groups[a], price) and not repeats(groups[b], price):
                continue  # a trade between two tables of strangers cannot help
            for i in range(len(groups[a])):
                for j in range(len(groups[b])):
                    before = repeats(groups[a], price) + repeats(groups[b], price)
                    groups[a][i], groups[b][j] = groups[b][j], groups[a][i]
                    if repeats(groups[a], price) + repeats(groups[b], price) < before:
                        better = True
                    else:
                        groups[a][i], groups[b][j] = groups[b][j], groups[a][i]
        if not better:
            return


def wander(
    groups: list[list[int]], price: dict[Pair, int], rng: random.Random, tries: int = 3000
) -> None:
    """Where trading alone leaves repeats, random trades walk past the dead
    end (those that cost nothing more always, a dearer one now and then);
    the groups change only if the walk found fewer repeats, so a draw
    without repeats keeps its Swiss order."""
    total = sum(repeats(group, price) for group in groups)
    best, start = [list(group) for group in groups], total
    for _ in range(tries):
        if total == 0 or len(groups) < 2:
            break
        a, b = rng.sample(range(len(groups)), 2)
        i, j = rng.randrange(len(groups[a])), rng.randrange(len(groups[b]))
        before = repeats(groups[a], price) + repeats(groups[b], price)
        groups[a][i], groups[b][j] = groups[b][j], groups[a][i]
        change = repeats(groups[a], price) + repeats(groups[b], price) - before
        if change > 0 and rng.random() > 0.01:
            groups[a][i], groups[b][j] = groups[b][j], groups[a][i]
            continue
        total += change
        if total < start:
            best, start = [list(group) for group in groups], total
    groups[:] = best


def partners_across(group: list[int], met: Counter[Pair]) -> list[int]:
    """Seat a table of four so partners sit across (seats 0+2, 1+3): the
    best placed with the least placed, unless they have sat together
    before and another pairing has not."""
    first, second, third, fourth = group
    pairings = [
        (first, second, fourth, third),
        (first, second, third, fourth),
        (first, third, second, fourth),
    ]
    return list(
        min(pairings, key=lambda s: met[frozenset((s[0], s[2]))] + met[frozenset((s[1], s[3]))])
    )


def swap_seats(draw: Draw, one: int, other: int) -> Draw:
    """The organiser's swap of two players before the round starts: each
    takes the other's seat (and table); the dealer's seat stays."""
    seated = draw.players()
    if one == other:
        raise DrawRefused(gettext("Choose two different players to swap."))
    if one not in seated or other not in seated:
        raise DrawRefused(
            gettext("One of the two has no seat in round {round}.").format(round=draw.round)
        )
    trade = {one: other, other: one}
    return Draw(
        draw.round,
        tuple(
            Table(table.number, tuple(trade.get(p, p) for p in table.seats), table.dealer)
            for table in draw.tables
        ),
    )
