"""Event points: one rule that makes tables of different sizes compare.

The rule, as the event page states it (`rule()`): each player scores the
share of the other players (or sides) at their table they finished ahead
of, a tie counting half; level on points, the larger score margin goes
first. So a win at a table of five and at a table of four are both worth 1."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from vinescore.scoring.words import gettext, gettext_noop

RULE = gettext_noop(
    "Each player scores the share of the other players (or sides) at their table "
    "they finished ahead of, a tie counting half, so a table of five and a table of four "
    "weigh alike; partners both take their side's points. Level on points, the larger "
    "score margin goes first."
)


def rule() -> str:
    """The rule in the reader's language, as the event page and the season state it."""
    return gettext(RULE)


@dataclass(frozen=True)
class TableResult:
    """One table's game at its end: its sides (a player alone is a side;
    partners share one) and each side's final score, higher is better (the
    caller turns a lowest-wins game's totals round; a coin game gives its
    coins)."""

    sides: tuple[tuple[int, ...], ...]
    scores: tuple[float, ...]


@dataclass(frozen=True)
class Standing:
    player: int
    points: float
    margin: float  # summed over the games: own score less the others' mean
    played: int
    place: int  # shared by players level on points and margin


def event_points(table: TableResult) -> dict[int, tuple[float, float]]:
    """Each player's (points, margin) from one table."""
    if len(table.sides) != len(table.scores) or len(table.sides) < 2:
        raise ValueError("A table needs a score for each of at least two sides.")
    others = len(table.sides) - 1
    found = {}
    for side, score in zip(table.sides, table.scores, strict=True):
        rest = [other for other in table.scores]
        rest.remove(score)
        beaten = sum(1 for other in rest if other < score) + sum(
            0.5 for other in rest if other == score
        )
        margin = score - sum(rest) / others
        for player in side:
            found[player] = (beaten / others, margin)
    return found


def standings(results: Iterable[TableResult]) -> list[Standing]:
    """Players by points, then margin; level players share a place."""
    points: dict[int, float] = defaultdict(float)
    margin: dict[int, float] = defaultdict(float)
    played: dict[int, int] = defaultdict(int)
    for table in results:
        for player, (won, by) in event_points(table).items():
            points[player] += won
            margin[player] += by
            played[player] += 1
    order = sorted(points, key=lambda p: (-points[p], -margin[p], p))
    rows: list[Standing] = []
    for index, player in enumerate(order):
        level = rows and (rows[-1].points, rows[-1].margin) == (points[player], margin[player])
        place = rows[-1].place if level else index + 1
        rows.append(Standing(player, points[player], margin[player], played[player], place))
    return rows
