"""Ratings played game by game through openskill's Plackett-Luce model.

Each player has, per game family, a skill estimate (mu) and how unsure it
still is (sigma); the rating shown is the conservative figure openskill
calls the ordinal, mu - 3 sigma: a newcomer starts at 0 and climbs only as
their games make the estimate both high and sure, so two lucky wins do not
put anyone at the top.

A game is one game's worth of evidence however many contests it holds: each
contest is rated against the ratings the game started from, and the game
moves each player by the average of its contests' changes (the spread
shrinks by their geometric mean), so a 30-hand Bishop session counts as one
game, not 30. Between games, openskill's drift (tau) lets a rating move
again; a game never leaves anyone less sure than before it.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from .evidence import Contest, PlayedGame

# tau=0: the drift between games is added once a game here, not once a contest.
MODEL = PlackettLuce(tau=0.0)
TAU = 25.0 / 300.0  # openskill's default drift
Z = 3.0  # the rating is mu - Z sigma (openskill's ordinal)
# A rating is provisional until this many games of its family, for everyone alike.
PROVISIONAL = 5
TREND = 10  # games in the trend


def ordinal(mu: float, sigma: float) -> float:
    return mu - Z * sigma


@dataclass
class Standing:
    """A player's rating in one game family."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    # The rating before the last TREND games, then after each of them.
    trend: list[float] = field(default_factory=lambda: [ordinal(MODEL.mu, MODEL.sigma)])

    @property
    def rating(self) -> float:
        return ordinal(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL

    def as_list(self) -> list:
        return [self.mu, self.sigma, self.games, self.trend]

    @classmethod
    def from_list(cls, row: list) -> Standing:
        mu, sigma, games, trend = row
        return cls(float(mu), float(sigma), int(games), [float(t) for t in trend])


@dataclass
class Ratings:
    """Every player's standing in every family, after the games played so far."""

    families: dict[str, dict[Hashable, Standing]] = field(default_factory=dict)
    games: int = 0  # games played into these ratings
    by_family: dict[str, int] = field(default_factory=dict)  # games of each family

    def standing(self, family: str, player: Hashable) -> Standing | None:
        return self.families.get(family, {}).get(player)

    def leaderboard(self, family: str) -> list[tuple[Hashable, Standing]]:
        """Best rating first; level ratings by games played, then player."""
        rows = self.families.get(family, {}).items()
        return sorted(rows, key=lambda row: (-row[1].rating, -row[1].games, str(row[0])))

    def play(self, game: PlayedGame) -> None:
        """Rate one more game, after every game played so far."""
        table = self.families.setdefault(game.family, {})
        before = {p: table.get(p) or Standing() for p in game.players}
        # openskill's drift between games, once a game.
        start = {p: (s.mu, math.sqrt(s.sigma**2 + TAU**2)) for p, s in before.items()}
        moved: dict[Hashable, float] = dict.fromkeys(before, 0.0)
        shrunk: dict[Hashable, float] = dict.fromkeys(before, 0.0)
        seen: dict[Contest, dict[Hashable, tuple[float, float]]] = {}
        for contest in game.contests:
            changes = seen.get(contest)
            if changes is None:
                changes = seen[contest] = _rate(contest, start)
            for player, (mu, log_ratio) in changes.items():
                moved[player] += mu
                shrunk[player] += log_ratio
        weight = 1 / len(game.contests)
        for player, old in before.items():
            mu, sigma = start[player]
            sigma = min(old.sigma, sigma * math.exp(weight * shrunk[player] / 2))
            new = Standing(mu + weight * moved[player], sigma, old.games + 1, list(old.trend))
            new.trend = [*new.trend, new.rating][-(TREND + 1) :]
            table[player] = new
        self.games += 1
        self.by_family[game.family] = self.by_family.get(game.family, 0) + 1

    def as_dict(self) -> dict:
        """Plain data (JSON) for keeping; `from_dict` reads it back."""
        return {
            "games": self.games,
            "by_family": self.by_family,
            "families": {
                family: [[player, *s.as_list()] for player, s in table.items()]
                for family, table in self.families.items()
            },
        }

    @classmethod
    def from_dict(cls, data: dict) -> Ratings:
        return cls(
            {
                family: {row[0]: Standing.from_list(row[1:]) for row in rows}
                for family, rows in data["families"].items()
            },
            int(data["games"]),
            {family: int(n) for family, n in data["by_family"].items()},
        )


def _rate(
    contest: Contest, start: dict[Hashable, tuple[float, float]]
) -> dict[Hashable, tuple[float, float]]:
    """Each player's change of mu, and the log of their variance's ratio,
    from one contest rated against `start`."""
    teams = [[MODEL.rating(*start[p]) for p in side] for side in contest.sides]
    rated = MODEL.rate(teams, ranks=list(contest.places))
    out = {}
    for side, new_side in zip(contest.sides, rated, strict=True):
        for player, new in zip(side, new_side, strict=True):
            mu, sigma = start[player]
            out[player] = (new.mu - mu, 2 * math.log(new.sigma / sigma))
    return out


def rate(games: Iterable[PlayedGame], ratings: Ratings | None = None) -> Ratings:
    """The ratings after `games`, in the order given (after `ratings`, if given)."""
    ratings = ratings or Ratings()
    for game in games:
        ratings.play(game)
    return ratings
