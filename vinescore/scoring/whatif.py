"""What the same hands would have scored under other house rules.

Nothing here is stored: a game's hands are checked and scored again by the
rules (`clean`, then `score`, through `Sheet.play`) under other options,
another target or stakes, or another game of the family that records the
same facts (Dog for Ducks and Geese). A hand those rules cannot have been
played under (a zero bid with zero bids off) is named and left out; the deal
still passed, so every other hand keeps its dealer. A game the what-if's
rules end sooner stops at the hand that ends it: the hands after it would
not have been played, so they neither score nor are left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from .base import Facts, GameRules, HandInvalid, Option, Table
from .sheet import Setup, Sheet
from .words import gettext


@dataclass(frozen=True)
class HouseRules:
    """What a what-if changes; whatever is left out is as played."""

    rules: GameRules | None = None  # another game of the family
    options: Mapping[str, bool] = field(default_factory=dict)  # on (True) or off (False)
    target: int | None = None
    stakes: int | None = None

    def apply(self, rules: GameRules, setup: Setup) -> tuple[GameRules, Setup]:
        """The rules and setup a game played as `rules`, `setup` is replayed by."""
        rules = self.rules or rules
        on = set(setup.options)
        for name, wanted in self.options.items():
            (on.add if wanted else on.discard)(name)
        return rules, replace(
            setup,
            options=settled_options(rules, len(setup.names), on),
            target=self.target if self.target is not None else setup.target,
            stakes=self.stakes if self.stakes is not None else setup.stakes,
        )


def settled_options(rules: GameRules, players: int, on: Iterable[str]) -> frozenset[str]:
    """The options of `on` the game has and that fit the table; an option
    whose own requirement is off goes with it (double zero with zero bids)."""
    known = {o.name: o for o in rules.options if o.fits(players)}
    kept = {name for name in on if name in known}
    changed = True
    while changed:
        missing = {n for n in kept if known[n].requires and known[n].requires not in kept}
        kept -= missing
        changed = bool(missing)
    return frozenset(kept)


@dataclass(frozen=True)
class LeftOut:
    """A hand the what-if's rules could not have been played under."""

    number: int  # its number as played
    why: str


@dataclass(frozen=True)
class _Dealt(Setup):
    """A setup whose hands keep the deal they were played with when some
    are left out: row `i` of the sheet was dealt as hand `deals[i]`. The
    what-if adds each row's deal as it scores it (a new setup a hand copied
    the deals so far, and lost the tables made for each dealer)."""

    deals: list[int] = field(default_factory=list, compare=False)

    def table(self, hand_index: int, carry=None) -> Table:
        if hand_index < len(self.deals):
            dealt = self.deals[hand_index]
        else:
            dealt = (self.deals[-1] + 1 if self.deals else 0) + hand_index - len(self.deals)
        return super().table(dealt, carry)


@dataclass
class WhatIf:
    rules: GameRules
    setup: Setup
    sheet: Sheet
    numbers: list[int]  # the number, as played, of each row of `sheet`
    left_out: list[LeftOut]
    # Hands played after the one that won the what-if: they would not have
    # been, and are neither scored nor left out.
    after_the_win: int = 0

    @property
    def decided_after(self) -> int | None:
        """The hand, numbered as played, after which the what-if was won."""
        at = self.sheet.decided_at
        return self.numbers[at - 1] if at else None


def what_if(rules: GameRules, setup: Setup, hands: Sequence[Facts], house: HouseRules) -> WhatIf:
    """The hands of a game played as `rules`, `setup`, scored under `house`."""
    new_rules, new_setup = house.apply(rules, setup)
    # Under the options it was played with, a stored hand is as its rules
    # checked it: scored as it is, as the sheet scores it.
    as_played = new_rules is rules and new_setup.options == setup.options
    dealt = _Dealt(**vars(new_setup), deals=[])
    sheet = Sheet(new_rules, dealt)
    numbers: list[int] = []
    left_out: list[LeftOut] = []
    seen: dict[int, dict] = {}

    def fields(table: Table) -> dict:
        """The rules' fields at this table by name, asked for once a dealer
        (the deal comes round); a table carrying state is asked each time."""
        if table.carry is not None:
            return {f.name: f for f in new_rules.fields(table)}
        if table.dealer not in seen:
            seen[table.dealer] = {f.name: f for f in new_rules.fields(table)}
        return seen[table.dealer]

    after_the_win = 0
    for i, facts in enumerate(hands):
        if sheet.winner is not None:  # the game is over: the table would have stopped
            after_the_win = len(hands) - i
            break
        carry = sheet.rows[-1].result.carry if sheet.rows else None
        table = new_setup.table(i, carry)
        try:
            cleaned = facts if as_played else recheck(new_rules, facts, table, fields(table))
        except HandInvalid as invalid:
            left_out.append(LeftOut(i + 1, why_not(rules, setup, new_rules, facts, table, invalid)))
            continue
        dealt.deals.append(i)
        sheet.play(cleaned)
        numbers.append(i + 1)
    sheet.finish()
    return WhatIf(new_rules, new_setup, sheet, numbers, left_out, after_the_win)


def recheck(rules: GameRules, facts: Facts, table: Table, known: dict | None = None) -> Facts:
    """A stored hand's facts checked again under another table: a fact these
    rules do not have, or that no longer applies, refuses the hand unless it
    records nothing (a "no" to blind, a detail not given). `known`: the
    rules' fields at this table, by name, if already at hand."""
    known = known or {f.name: f for f in rules.fields(table)}
    unknown = [name for name in facts if name not in known and _says_something(facts[name])]
    if unknown:
        raise HandInvalid({name: rules._not_here(name, table) for name in unknown})
    cleaned = rules.clean({k: v for k, v in facts.items() if k in known}, table)
    dropped = [
        name
        for name in facts
        if name in known and name not in cleaned and _says_something(facts[name])
    ]
    if dropped:
        raise HandInvalid(
            {
                name: gettext("{label} does not apply to this hand.").format(
                    label=known[name].label
                )
                for name in dropped
            }
        )
    return cleaned


def _says_something(value) -> bool:
    # 0 says something (no tricks); a "no", a blank or nobody does not.
    return not (value is None or value is False or value in ("", []))


def why_not(
    rules: GameRules,
    setup: Setup,
    new_rules: GameRules,
    facts: Facts,
    table: Table,
    invalid: HandInvalid,
) -> str:
    """Why a hand cannot be played under the what-if's rules, in players'
    words: the house rule turned off that it needs (zero bids),
    else what the rules say of it."""
    if new_rules.key == rules.key:
        for option in new_rules.options:
            if option.name not in setup.options or option.name in table.options:
                continue
            back = settled_options(
                new_rules, table.size, {*table.options, option.name, option.requires or ""}
            )
            try:
                recheck(new_rules, facts, replace(table, options=back))
            except HandInvalid:
                continue
            return gettext("It needs “{option}”, which this what-if turns off.").format(
                option=_label(option)
            )
    return " ".join(invalid.errors.values())


def _label(option: Option) -> str:
    return gettext(option.label)


def variants(
    rules: GameRules, players: int, games: Iterable[GameRules]
) -> tuple[list[GameRules], list[GameRules]]:
    """The other games of `rules`' family for this many players: those whose
    hands record the same facts (a what-if can replay the hands as them), and
    those that record other facts (it cannot)."""
    same, other = [], []
    if not rules.family:
        return same, other
    mine = _facts_named(rules, players)
    for game in games:
        if game.key == rules.key or game.family != rules.family:
            continue
        if players not in game.player_counts:
            continue
        fits = (
            game.coins == rules.coins
            and game.partnership == rules.partnership
            and _facts_named(game, players) == mine
        )
        (same if fits else other).append(game)
    return same, other


def _facts_named(rules: GameRules, players: int) -> frozenset[str]:
    """Every fact a hand of `rules` can record, all its house rules on."""
    options = frozenset(o.name for o in rules.options if o.fits(players))
    table = Table(names=tuple(str(i) for i in range(players)), options=options)
    return frozenset(f.name for f in rules.fields(table))
