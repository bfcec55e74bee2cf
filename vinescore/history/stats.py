"""A player's record, added up from the seat summaries that
Game.refresh_result() keeps, so no game is replayed to show it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from django.db.models import BooleanField, ExpressionWrapper, Q

from vinescore.scoring import REGISTRY
from vinescore.table.models import Game, Player, Seat

from .together import Family, together


@dataclass
class GameLine:
    kind: str
    name: str
    played: int
    won: int

    @property
    def win_rate(self) -> int:
        return round(100 * self.won / self.played) if self.played else 0


@dataclass
class PlayerStats:
    player: Player
    by_game: list[GameLine] = field(default_factory=list)
    played: int = 0
    won: int = 0
    in_progress: int = 0
    bids: int = 0
    bids_made: int = 0
    bid_total: int = 0
    best_hand: Seat | None = None
    current_streak: int = 0
    longest_streak: int = 0
    net_coins: int | None = None
    results: list[bool] = field(default_factory=list)  # finished games, oldest first
    together: list[Family] = field(default_factory=list)  # who they met, by family

    @property
    def win_rate(self) -> int:
        return round(100 * self.won / self.played) if self.played else 0

    @property
    def average_bid(self) -> float | None:
        return round(self.bid_total / self.bids, 1) if self.bids else None

    @cached_property
    def beaten_by(self) -> tuple[str, int]:
        """Who won most of the finished games the player lost, and how many
        (the first name on a tie; ("", 0) if nobody): each opponent's wins
        over them, as who they met counts them, over every family."""
        wins: Counter[str] = Counter()
        for family in self.together:
            for opponent in family.opponents.values():
                wins[opponent.name] += opponent.lost_to
        found = min(wins.items(), key=lambda item: (-item[1], item[0]), default=("", 0))
        return found if found[1] else ("", 0)

    @property
    def rival(self) -> str:
        return self.beaten_by[0]

    @property
    def rival_wins(self) -> int:
        return self.beaten_by[1]


def streaks(results: list[bool]) -> tuple[int, int]:
    """(current, longest) runs of wins, oldest result first."""
    current = longest = 0
    for won in results:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return current, longest


def player_stats(player: Player) -> PlayerStats:
    """The player's record: one read of their seats (each game's kind,
    whether it is over, and the seat's summary), oldest finished first; one
    of their best hand; and who they met (together()), which names their
    rival too (PlayerStats.beaten_by)."""
    stats = PlayerStats(player)
    coins = set(coin_games())
    seats = (
        Seat.objects.filter(player=player, game__deleted_at__isnull=True)
        .annotate(done=ExpressionWrapper(Q(game__finished_at__isnull=False), BooleanField()))
        .order_by("game__finished_at", "game")
    )
    lines: dict[str, GameLine] = {}
    for kind, done, won, bids, made, bid_total, stakes, total in seats.values_list(
        "game__kind", "done", "won", "bids", "bids_made", "bid_total", "game__stakes", "total"
    ):
        if done:
            if kind not in lines:
                name = REGISTRY[kind].name if kind in REGISTRY else kind
                lines[kind] = GameLine(kind, name, 0, 0)
            lines[kind].played += 1
            lines[kind].won += bool(won)
            stats.results.append(bool(won))
        else:
            stats.in_progress += 1
        stats.bids += bids or 0
        stats.bids_made += made or 0
        stats.bid_total += bid_total or 0
        if kind in coins and stakes is not None:
            stats.net_coins = (stats.net_coins or 0) + (total or 0) - stakes
    stats.by_game = sorted(lines.values(), key=lambda line: (-line.played, line.name))
    stats.played = sum(line.played for line in stats.by_game)
    stats.won = sum(line.won for line in stats.by_game)
    stats.current_streak, stats.longest_streak = streaks(stats.results)
    stats.best_hand = (
        Seat.objects.filter(player=player, game__deleted_at__isnull=True, best_hand__isnull=False)
        .exclude(game__kind__in=coins)
        .select_related("game")
        .order_by("-best_hand", "-game__created_at")
        .first()
    )
    stats.together = together(player, [(line.kind, line.played) for line in stats.by_game])
    return stats


def coin_games() -> list[str]:
    return [rules.key for rules in REGISTRY if rules.coins]


@dataclass
class HeadToHead:
    one: Player
    other: Player
    games: list[Game]
    one_won: int
    other_won: int
    neither: int


def head_to_head(one: Player, other: Player, limit: int = 50) -> HeadToHead:
    """Finished games both sat in: who came out on top."""
    shared = Game.objects.live().finished().filter(seats__player=one).filter(seats__player=other)
    results: dict[int, dict[int, bool]] = {}
    rows = Seat.objects.filter(game__in=shared.values("pk"), player__in=[one, other])
    for game_id, player_id, won in rows.values_list("game_id", "player_id", "won"):
        results.setdefault(game_id, {})[player_id] = won
    one_won = sum(1 for r in results.values() if r.get(one.pk) and not r.get(other.pk))
    other_won = sum(1 for r in results.values() if r.get(other.pk) and not r.get(one.pk))
    games = list(shared.history()[:limit])
    return HeadToHead(one, other, games, one_won, other_won, len(results) - one_won - other_won)
