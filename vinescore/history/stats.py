"""A player's record, added up from the seat summaries that
Game.refresh_result() keeps, so no game is replayed to show it."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, F, Q, Sum

from vinescore.scoring import REGISTRY
from vinescore.table.models import Game, Player, Seat


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
    rival: str = ""
    rival_wins: int = 0
    net_coins: int | None = None
    results: list[bool] = field(default_factory=list)  # finished games, oldest first

    @property
    def win_rate(self) -> int:
        return round(100 * self.won / self.played) if self.played else 0

    @property
    def average_bid(self) -> float | None:
        return round(self.bid_total / self.bids, 1) if self.bids else None


def streaks(results: list[bool]) -> tuple[int, int]:
    """(current, longest) runs of wins, oldest result first."""
    current = longest = 0
    for won in results:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return current, longest


def player_stats(player: Player) -> PlayerStats:
    stats = PlayerStats(player)
    seats = Seat.objects.filter(player=player, game__deleted_at__isnull=True)
    finished = seats.filter(game__finished_at__isnull=False)
    done = Q(game__finished_at__isnull=False)
    with_stakes = Q(game__stakes__isnull=False)
    coins = coin_games()
    # Each game kind's counts, bids and coins, added up in one query.
    for row in seats.values("game__kind").annotate(
        played=Count("pk", filter=done),
        won=Count("pk", filter=done & Q(won=True)),
        in_progress=Count("pk", filter=~done),
        bids=Sum("bids"),
        made=Sum("bids_made"),
        bid_total=Sum("bid_total"),
        staked=Count("pk", filter=with_stakes),
        net=Sum(F("total") - F("game__stakes"), filter=with_stakes),
    ):
        kind = row["game__kind"]
        if row["played"]:
            name = REGISTRY[kind].name if kind in REGISTRY else kind
            stats.by_game.append(GameLine(kind, name, row["played"], row["won"]))
        stats.in_progress += row["in_progress"]
        stats.bids += row["bids"] or 0
        stats.bids_made += row["made"] or 0
        stats.bid_total += row["bid_total"] or 0
        if kind in coins and row["staked"]:
            stats.net_coins = (stats.net_coins or 0) + (row["net"] or 0)
    stats.by_game.sort(key=lambda line: (-line.played, line.name))
    stats.played = sum(line.played for line in stats.by_game)
    stats.won = sum(line.won for line in stats.by_game)
    stats.best_hand = (
        seats.filter(best_hand__isnull=False)
        .exclude(game__kind__in=coins)
        .select_related("game")
        .order_by("-best_hand", "-game__created_at")
        .first()
    )
    results = list(finished.order_by("game__finished_at", "game__pk").values_list("won", flat=True))
    stats.current_streak, stats.longest_streak = streaks(results)
    stats.results = results

    lost = finished.filter(won=False).values("game")
    rival = (
        Seat.objects.filter(game__in=lost, won=True)
        .exclude(player=player)
        .values("player__name")
        .annotate(wins=Count("pk"))
        .order_by("-wins", "player__name")
        .first()
    )
    if rival:
        stats.rival, stats.rival_wins = rival["player__name"], rival["wins"]

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
