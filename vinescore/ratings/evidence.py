"""What a finished game says about its players, as plain data.

A game is one or more contests between sides. Games of fixed partners
(Coralon Partners, Thieves, Ducks and Geese, Dog, Chevalier) are one contest
of their two pairs by final places; games each for themselves are one
contest of every player by final places. Games whose groups change every
hand (Bishop, Baronet, Up and Down, Mü) are a contest per hand: the bidder
(leader, Chief) and partner against the rest, made or not; a game weighs
the same however many hands it took (rating.py).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from vinescore.scoring import GameRules, Sheet

# Games rated hand by hand: the groups are the bidder and partner of each hand.
BY_HAND = frozenset({"bishop", "baronet", "up-and-down", "up-and-down-points", "mu"})
# The score pad keeps any game at all under a name the table gives it: its
# games are not one game whose skill could be compared.
NOT_RATED = frozenset({"pad"})


@dataclass(frozen=True)
class Contest:
    """Sides (each a tuple of players) and their places: 1 is best, and
    sides with the same place tied (a shared win)."""

    sides: tuple[tuple[Hashable, ...], ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class PlayedGame:
    """A finished game, in the order played: its family and its contests
    (one for a game by final places; one per hand for a game by hands)."""

    family: str
    contests: tuple[Contest, ...]
    key: Hashable = None  # the game's id, to name it

    @property
    def players(self) -> tuple[Hashable, ...]:
        seen: dict[Hashable, None] = {}
        for contest in self.contests:
            for side in contest.sides:
                seen.update(dict.fromkeys(side))
        return tuple(seen)


def family_of(rules: GameRules) -> str:
    """The family a game is rated in: Dog and cutthroat with Ducks and
    Geese, Baronet with Bishop; Coralon and Coralon Partners apart."""
    return rules.family or rules.name


def is_rated(rules: GameRules) -> bool:
    return rules.key not in NOT_RATED


def from_sheet(
    rules: GameRules, sheet: Sheet, players: Sequence[Hashable], key: Hashable = None
) -> PlayedGame | None:
    """The evidence of a game whose sheet is `sheet`, with `players` in seat
    order; None for a game still going, not rated, or with no hand to rate."""
    if not is_rated(rules) or sheet.winner is None:
        return None
    if rules.key in BY_HAND:
        contests = tuple(_hands(rules, sheet, players))
    else:
        contests = (_places(rules, sheet, players),)
    if not contests:
        return None
    return PlayedGame(family_of(rules), contests, key)


def _places(rules: GameRules, sheet: Sheet, players: Sequence[Hashable]) -> Contest:
    """One contest by the final standings (level sides share a place)."""
    seats: dict[int, list[int]] = {}
    for seat in range(len(players)):
        seats.setdefault(rules.side_of(seat), []).append(seat)
    standings = sheet.standings()
    return Contest(
        tuple(tuple(players[s] for s in seats[place.side]) for place in standings),
        tuple(place.place for place in standings),
    )


def _hands(rules: GameRules, sheet: Sheet, players: Sequence[Hashable]):
    """A contest per hand that was bid and played: the bidder and partner
    against the others who played it. Each player is a side of their own
    sharing their group's place: two teams of two and three would make the
    three favourites by their numbers alone."""
    for index, row in enumerate(sheet.rows):
        result = row.result
        if result.bidder is None or result.made is None:
            continue  # passed out, a tie for Chief, a take back: nobody won
        playing = getattr(rules, "playing", None)
        seats = playing(sheet.table_for(index)) if playing else range(len(players))
        group = {result.bidder} | ({result.partner} if result.partner is not None else set())
        ours, theirs = (1, 2) if result.made else (2, 1)
        yield Contest(
            tuple((players[s],) for s in seats),
            tuple(ours if s in group else theirs for s in seats),
        )
