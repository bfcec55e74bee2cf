"""The numbers a rules page states, read from the game's rules.

A content file writes `{target.4}` where the page says "40": the target with
4 players, as `GameRules.default_target(4)` gives it. Every game has the
same kinds of number, named the same way:

  players            the player counts in words: "3 to 6", "4 or 5", "4"
  players.min/.max   the fewest and most players
  hand.N, hand       tricks (cards each) in a hand of N players; `hand` when
                     it is the same for every count
  target.N, target   the target with N players
  bid.min.N, bid.max.N, bid.min, bid.max
                     the bid range of the hand form (so exactly what the score
                     sheet accepts)
  stakes             what each player starts with, in a coin game

and a few of its own, each read from the scorer's module (`zero`, `forfeit`,
`cards`, Mü's `need.N`...): see `_EXTRAS`. Another game's number is named
after that game's key: `{ducks-and-geese:bid.min}` on Dog's page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from vinescore.scoring import REGISTRY, GameRules, Table
from vinescore.scoring.games import bishop, chevalier, ducks, mu, thief, up_and_down

NAMES = tuple(f"P{n}" for n in range(1, 13))


def in_words(counts: tuple[int, ...]) -> str:
    """Player counts as a page says them: "3 to 6", "4 or 5", "4"."""
    if len(counts) == 1:
        return str(counts[0])
    if len(counts) == 2:
        return f"{counts[0]} or {counts[1]}"
    return f"{counts[0]} to {counts[-1]}"


def bid_range(rules: GameRules, players: int) -> tuple[int, int] | None:
    """The lowest and highest number bid on the hand form, if there is a bid."""
    for f in rules.fields(Table(NAMES[:players])):
        if f.name != "bid":
            continue
        if f.kind == "choice":
            bids = [value for value, _ in f.choices if isinstance(value, int)]
            return min(bids), max(bids)
        return f.min, f.max
    return None


def _per_count(out: dict[str, int | str], name: str, values: dict[int, int | None]) -> None:
    known = {n: v for n, v in values.items() if v is not None}
    for n, value in known.items():
        out[f"{name}.{n}"] = value
    if known and len(set(known.values())) == 1 and len(known) == len(values):
        out[name] = next(iter(known.values()))


class PageNumbers(Mapping):
    """The numbers one game's page may name: its own, and other games' as
    `key:name`."""

    def __init__(self, key: str):
        self.own = numbers(REGISTRY[key])

    def __getitem__(self, name: str) -> int | str:
        if ":" in name:
            key, _, name = name.partition(":")
            if key not in REGISTRY:
                raise KeyError(name)
            return numbers(REGISTRY[key])[name]
        return self.own[name]

    def __contains__(self, name: object) -> bool:
        try:
            self[name]  # type: ignore[index]
        except KeyError:
            return False
        return True

    def __iter__(self):
        return iter(self.own)

    def __len__(self) -> int:
        return len(self.own)


def numbers(rules: GameRules) -> dict[str, int | str]:
    counts = tuple(rules.player_counts)
    out: dict[str, int | str] = {
        "players": in_words(counts),
        "players.min": counts[0],
        "players.max": counts[-1],
    }
    if rules.HAND_SIZE:
        _per_count(out, "hand", {n: rules.hand_size(n) for n in counts})
    _per_count(out, "target", {n: rules.default_target(n) for n in counts})
    ranges = {n: bid_range(rules, n) for n in counts}
    if all(ranges.values()):
        _per_count(out, "bid.min", {n: r[0] for n, r in ranges.items()})
        _per_count(out, "bid.max", {n: r[1] for n, r in ranges.items()})
    stakes = rules.default_stakes(counts[0])
    if stakes is not None:
        out["stakes"] = stakes
    extra = _EXTRAS.get(rules.key)
    if extra:
        out |= extra(rules)
    return out


def _coralon_partners(rules) -> dict[str, int | str]:
    return {"zero": rules.ZERO_AWARD, "double_zero": rules.DOUBLE_ZERO_AWARD}


def _ducks(rules) -> dict[str, int | str]:
    return {
        "zero": rules.ZERO_AWARD,
        "double_zero": rules.DOUBLE_ZERO_AWARD,
        "forfeit": ducks.FORFEIT_AWARD,
        "cards": rules.CARDS,
        "blind.min": ducks.BLIND_MIN_BID,
    }


def _cutthroat(rules) -> dict[str, int | str]:
    return {"cards": rules.CARDS, "blind.min": ducks.BLIND_MIN_BID}


def _thief(rules) -> dict[str, int | str]:
    out: dict[str, int | str] = {"thieves": thief.MAX_THIEVES}
    for n in rules.player_counts:
        out[f"thieves.{n}"] = thief.most_thieves(rules.hand_size(n))
    return out


def _bishop(rules) -> dict[str, int | str]:
    return {"cards": bishop.POINT_CARDS}


def _chevalier(rules) -> dict[str, int | str]:
    return {"poison": chevalier.POISON_CARDS, "sweep": chevalier.SWEPT_BY_BIDDERS}


def _up_and_down(rules) -> dict[str, int | str]:
    return {"points.min": up_and_down.MIN_POINTS, "points.max": up_and_down.MAX_POINTS}


def _up_and_down_coins(rules) -> dict[str, int | str]:
    others = up_and_down.PLAYERS - 1
    losers = others - 1  # the leader and partner against the other three
    return _up_and_down(rules) | {
        "bet": up_and_down.BET,
        "share": up_and_down.BET * losers // 2,
        "lost": up_and_down.BET * losers,  # what a losing leader pays
        "take_back": up_and_down.TAKE_BACK,
        "take_back.total": up_and_down.TAKE_BACK * others,
    }


def _mu(rules) -> dict[str, int | str]:
    out: dict[str, int | str] = {
        "bonus.cap": mu.BONUS_CAP,
        "bonus.step": mu.BONUS_STEP,
        "loss": mu.LOSS_PER_CARD,
        "gain": mu.GAIN_PER_CARD,
    }
    for trump, k in mu.TRUMP_K.items():
        out[f"k.{trump}"] = k
    for n in rules.player_counts:
        base, step = mu.TARGET_TABLE[n]
        out[f"need.{n}"] = f"{base} + {step}n"
        out[f"deck.{n}"] = mu.DECK_POINTS[n]
    return out


_EXTRAS: dict[str, Callable[[GameRules], dict[str, int | str]]] = {
    "coralon-partners": _coralon_partners,
    "thief": _thief,
    "thieves": _thief,
    "ducks-and-geese": _ducks,
    "dog": _ducks,
    "ducks-and-geese-cutthroat": _cutthroat,
    "bishop": _bishop,
    "baronet": _bishop,
    "chevalier": _chevalier,
    "up-and-down": _up_and_down_coins,
    "up-and-down-points": _up_and_down,
    "mu": _mu,
}
