"""Who plays well with whom: a player's partners and opponents, per family,
from the seats Game.refresh_result() keeps, or from the hands where partners
change every hand.

Fixed partners count games together and won; hand-by-hand partners (Bishop,
Baronet, Up and Down, Mü) count hands as bidder and partner, and bids made.
Opponents count finished games beaten or lost to (a shared win is neither).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Count, F, Q

from vinescore.scoring import REGISTRY, GameRules, Table, replay
from vinescore.table.models import Game, Hand, Player, Seat

ENOUGH = 5  # games (or hands) a rate is given for; fewer are "too few to say"


@dataclass
class Partner:
    name: str
    together: int = 0  # games (per-hand partners: hands)
    won: int = 0

    @property
    def enough(self) -> bool:
        return self.together >= ENOUGH

    @property
    def rate(self) -> int | None:
        return round(100 * self.won / self.together) if self.enough else None


@dataclass
class Opponent:
    name: str
    met: int = 0  # finished games at the same table, on other sides
    beat: int = 0
    lost_to: int = 0

    @property
    def enough(self) -> bool:
        return self.met >= ENOUGH


@dataclass
class Family:
    name: str
    games: int = 0
    per_hand: bool = False  # partners change every hand: counted in hands
    partners: dict[int, Partner] = field(default_factory=dict)
    opponents: dict[int, Opponent] = field(default_factory=dict)

    @property
    def partner_lines(self) -> list[Partner]:
        return sorted(self.partners.values(), key=lambda p: (-p.together, -p.won, p.name))

    @property
    def rated(self) -> list[Partner]:
        """Partners with enough games for a rate, best first."""
        found = [p for p in self.partners.values() if p.enough]
        return sorted(found, key=lambda p: (-p.rate, -p.together, p.name))

    @property
    def best_partner(self) -> Partner | None:
        return self.rated[0] if self.rated else None

    @property
    def worst_partner(self) -> Partner | None:
        rated = self.rated
        if len(rated) < 2 or rated[-1].rate == rated[0].rate:
            return None
        return rated[-1]

    @property
    def beats_most(self) -> Opponent | None:
        found = [o for o in self.opponents.values() if o.beat]
        return min(found, key=lambda o: (-o.beat, o.met, o.name), default=None)

    @property
    def loses_to_most(self) -> Opponent | None:
        found = [o for o in self.opponents.values() if o.lost_to]
        return min(found, key=lambda o: (-o.lost_to, o.met, o.name), default=None)


def family_of(rules: GameRules) -> str:
    return rules.family or rules.name


def partners_by_hand(rules: GameRules) -> bool:
    """Whether the game's partners are found anew in every hand."""
    if rules.partnership:
        return False
    players = rules.player_counts[-1]
    table = Table(names=tuple(str(i) for i in range(players)))
    return any(f.name == "partner" for f in rules.fields(table))


def together(player: Player, finished: Iterable[tuple[str, int]]) -> list[Family]:
    """The player's partners and opponents in each game family they finished
    a game of (`finished`: how many of each kind, as their record counts
    them), the family with the most games first. Added up in the database:
    each other player met, per game kind and side, in one query."""
    known = [rules.key for rules in REGISTRY]
    mine = Seat.objects.filter(
        player=player,
        game__deleted_at__isnull=True,
        game__finished_at__isnull=False,
        game__kind__in=known,
    )
    families: dict[str, Family] = {}
    per_hand: dict[str, bool] = {}  # asked once a game kind: the answer is its rules'
    for kind, games in finished:
        if kind not in REGISTRY:
            continue
        rules = REGISTRY[kind]
        family = families.setdefault(family_of(rules), Family(family_of(rules)))
        family.games += games
        per_hand[kind] = partners_by_hand(rules)
        family.per_hand = family.per_hand or per_hand[kind]
    # Each other seat at the player's tables (theirs included, skipped
    # below), by kind, player and how many seats apart: an even number is
    # the player's side in a partnership.
    met = mine.values(
        "game__kind",
        other=F("game__seats__player"),
        name=F("game__seats__player__name"),
        apart=F("game__seats__position") - F("position"),
    ).annotate(
        met=Count("pk"),
        i_won=Count("pk", filter=Q(won=True)),
        they_won=Count("pk", filter=Q(game__seats__won=True)),
        both_won=Count("pk", filter=Q(won=True, game__seats__won=True)),
    )
    for row in met.order_by():
        if row["other"] == player.pk:
            continue
        rules = REGISTRY[row["game__kind"]]
        family = families[family_of(rules)]
        if rules.partnership and row["apart"] % 2 == 0:
            partner = family.partners.setdefault(row["other"], Partner(row["name"]))
            partner.together += row["met"]
            partner.won += row["i_won"]
            continue
        opponent = family.opponents.setdefault(row["other"], Opponent(row["name"]))
        opponent.met += row["met"]
        opponent.beat += row["i_won"] - row["both_won"]
        opponent.lost_to += row["they_won"] - row["both_won"]
    hand_by_hand = [kind for kind, by_hand in per_hand.items() if by_hand]
    if hand_by_hand:
        games = mine.filter(game__kind__in=hand_by_hand).values_list("game", flat=True)
        _hand_partners(player, list(games), families)
    return sorted(families.values(), key=lambda f: (-f.games, f.name))


def _hand_partners(player: Player, game_ids: list[int], families: dict[str, Family]) -> None:
    """Per-hand partners: each hand of these games is replayed by its rules,
    which say who bid, who partnered them and whether the bid was made."""
    if not game_ids:
        return
    hands: dict[int, list[dict]] = defaultdict(list)
    live = Hand.objects.filter(game__in=game_ids, deleted_at__isnull=True)
    for game_id, facts in live.order_by("game", "position").values_list("game", "facts"):
        hands[game_id].append(facts)
    found = Game.objects.filter(pk__in=game_ids).prefetch_related("seats__player")
    for game in found:
        players = game.seated_players()
        me = next(i for i, p in enumerate(players) if p.pk == player.pk)
        family = families[family_of(game.rules)]
        for row in replay(game.rules, game.setup(), hands[game.pk]).rows:
            pair = {row.result.bidder, row.result.partner}
            if me not in pair or None in pair:
                continue
            other = players[(pair - {me}).pop()]
            partner = family.partners.setdefault(other.pk, Partner(other.name))
            partner.together += 1
            partner.won += bool(row.result.made)
