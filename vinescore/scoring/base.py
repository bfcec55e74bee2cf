"""The shape every game in the registry takes.

Pure Python: nothing here may import Django. A game declares who can play,
the facts a hand records (as `Field`s, from which the web form and the record
importer are both built), how those facts are checked (`clean`), how they
score (`score`), and who has won (`winner`).

Seats are numbered from 0 in clockwise (play) order. A "side" is what a score
belongs to: a player in games where everyone keeps their own score, a team in
fixed-partner games (side 0 is seats 0 and 2, side 1 is seats 1 and 3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal

from .words import and_list, gettext, gettext_noop, ngettext

Facts = dict[str, Any]

FieldKind = Literal["seat", "seats", "choice", "number", "flag", "per_seat", "team"]


class HandInvalid(Exception):
    """The facts of a hand break a rule; `errors` maps field name to message.

    The key "__all__" holds a message that belongs to no single field.
    """

    def __init__(self, errors: dict[str, str]):
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


@dataclass(frozen=True)
class Option:
    """A house rule the table switches on or off when it starts a game."""

    name: str
    label: str
    help: str = ""
    requires: str | None = None  # another option that must be on for this one
    default: bool = False
    player_counts: tuple[int, ...] = ()  # the table sizes it is for (empty: any)

    def fits(self, players: int) -> bool:
        return not self.player_counts or players in self.player_counts


@dataclass(frozen=True)
class Field:
    """One fact a hand records.

    kind:
      seat      one player (value: seat index); `optional` allows "nobody"
      seats     several players (value: list of seat indexes)
      choice    one of `choices` (value: the choice's value, int or str)
      number    a whole number from `min` to `max`
      flag      yes or no
      per_seat  a whole number for every player (value: list, seat order),
                from `min` to `max` each; with `total`, one may be left blank
                and is derived so that they add up to `total`; without, a
                blank counts as 0; with `most`, they add up to at most that
                (`most_why` says why, e.g. "one suit")
      team      one of the two teams (value: 0 or 1); `optional` allows "neither"
    show_if: (other field, allowed values): the field only applies then.
    default: the form starts with it, and a blank counts as it.
    repeat: the form starts with the previous hand's value.
    detail: extra detail the score does not need (the trump, the split of a
      combined number): optional, kept one tap away behind "More detail".
    needed_if: (other field, values): a detail the rules do need for those
      values of another field; then it is required and shown.
    """

    name: str
    label: str
    kind: FieldKind
    choices: tuple[tuple[Any, str], ...] = ()
    min: int = 0
    max: int = 0
    total: int | None = None
    most: int | None = None
    most_why: str = ""
    optional: bool = False
    show_if: tuple[str, tuple[Any, ...]] | None = None
    default: Any = None
    help: str = ""
    none_label: str = "Nobody"
    repeat: bool = False
    detail: bool = False
    needed_if: tuple[str, tuple[Any, ...]] | None = None

    def applies(self, facts: Facts) -> bool:
        if self.show_if is None:
            return True
        other, values = self.show_if
        return facts.get(other) in values

    def needed(self, facts: Facts) -> bool:
        """Must this fact be given? Every fact but a detail the rules do not need."""
        if not self.detail:
            return not self.optional
        if self.needed_if is None:
            return False
        other, values = self.needed_if
        return facts.get(other) in values


@dataclass(frozen=True)
class Table:
    """What the scorer knows about the table for one hand."""

    names: tuple[str, ...]  # players in seat (clockwise) order
    options: frozenset[str] = frozenset()
    dealer: int = 0  # seat index of this hand's dealer
    stakes: int | None = None  # what each player starts with (coins, health)
    carry: Any = None  # what the previous hand left on the table (HandResult.carry)

    @property
    def size(self) -> int:
        return len(self.names)

    def left_of(self, seat: int, steps: int = 1) -> int:
        return (seat + steps) % self.size

    def from_dealers_left(self) -> list[int]:
        """Seats in play order starting on the dealer's left."""
        return [self.left_of(self.dealer, i) for i in range(1, self.size + 1)]

    def has(self, option: str) -> bool:
        return option in self.options


@dataclass(frozen=True)
class Payment:
    payer: int  # seat index
    payee: int  # seat index
    coins: int


def per_count(value, players: int):
    """A game setting that is one number, or differs by the number of players."""
    if value is None or type(value) is int:  # most are; asked once a hand replayed
        return value
    return value[players] if isinstance(value, Mapping) else value


def net(payments: Sequence[Payment], players: int) -> tuple[int, ...]:
    """Each seat's coins gained (+) or paid (-) by a list of payments."""
    out = [0] * players
    for p in payments:
        out[p.payer] -= p.coins
        out[p.payee] += p.coins
    return tuple(out)


@dataclass(frozen=True)
class HandResult:
    """What one hand is worth.

    `awards` has one entry per side (points games) or per seat (coin games,
    where it is the net of `payments`). `explanation` is one line in players'
    words; `rule` names the rule that decided the hand (an anchor on the
    game's rules page); `ruling`, the house ruling that decided it, is a
    sentence of its own: the last hand's card leaves it to its Rule link,
    the sheet's row and the records say it (`in_full`).
    """

    awards: tuple[int, ...]
    explanation: str
    rule: str = ""
    payments: tuple[Payment, ...] = ()
    bidder: int | None = None  # seat index, for tie-breaks
    partner: int | None = None
    made: bool | None = None  # did the bid succeed (None: no bid this hand)
    bid: int | None = None  # the bid as a number, for stats (zero bids: 0)
    carry: Any = None  # state the next hand starts from (the duel's health)
    ruling: str = ""

    @property
    def in_full(self) -> str:
        """The explanation with the ruling that decided the hand."""
        return f"{self.explanation}. {self.ruling}" if self.ruling else self.explanation


@dataclass(frozen=True)
class Winner:
    side: int
    reason: str  # how it was decided, in players' words
    shared_with: tuple[int, ...] = ()  # other sides level with the winner (coin games)
    # Where several sides passed the target on the deciding hand, what that
    # hand's explanation adds: who passed it, and which rule gave the win.
    hand_note: str = ""


@dataclass(frozen=True)
class Shortcut:
    """A one-tap hand: a button that records these facts as they are (a
    dealer's forfeit, a take back). They still go through `clean`."""

    label: str
    facts: Facts


def bid_field(low: int, high: int) -> Field:
    """A bid of `low` to `high`, one chip per number."""
    return Field(
        "bid", gettext("Bid"), "choice", choices=tuple((n, str(n)) for n in range(low, high + 1))
    )


PASSED = "passed"
PASSED_OUT = "passed-out"  # the rule name of a deal everyone passed


def passed_field() -> Field:
    """The fact of a deal everyone passed (games where every player may pass)."""
    return Field(
        PASSED,
        gettext("Everyone passed"),
        "flag",
        help=gettext("Nobody bid: nobody scores or pays, and the deal moves left."),
    )


def unless_passed(fields: Sequence[Field]) -> list[Field]:
    """`fields` behind the "everyone passed" fact: each applies only to a deal
    that was bid. A field that already depends on another is left as it is:
    that other field is behind it too."""
    played = (PASSED, (False,))
    out = [passed_field()]
    for f in fields:
        out.append(f if f.show_if is not None else replace(f, show_if=played))
    return out


class GameRules:
    """Base for every game. Subclasses set the class attributes and implement
    `fields`, `clean` and `score`."""

    key: ClassVar[str]  # stable: stored with every game and record
    name: ClassVar[str]
    family: ClassVar[str] = ""  # groups variants (Dog and cutthroat under Ducks and Geese)
    rules_version: ClassVar[str]
    # What the latest rules version corrected, in players' words, for the
    # change log of a game it rescores ("the corrected Chevalier sweep").
    corrected: ClassVar[str] = ""
    player_counts: ClassVar[tuple[int, ...]]
    partnership: ClassVar[bool] = False  # fixed teams: seats 0+2 v 1+3
    coins: ClassVar[bool] = False  # settled in coins: stakes, no target
    names_game: ClassVar[bool] = False  # the table gives the game its own name
    # Asked for at the start: what each player starts with, and the target.
    start_label: ClassVar[str] = ""  # e.g. "Starting health"; coin games: the stakes
    target_label: ClassVar[str] = gettext_noop("Target score")
    target_required: ClassVar[bool] = False
    remember_setup: ClassVar[bool] = False  # default to the last game's choices
    # How the sheet announces the next hand: who deals, and what the player
    # on the dealer's left does first ("" when the game has no such turn).
    deals: ClassVar[bool] = True
    opens: ClassVar[str] = gettext_noop("bids first")
    options: ClassVar[tuple[Option, ...]] = ()
    summary: ClassVar[str] = ""
    # A hand leaves something the next starts from (HandResult.carry): the
    # sheet's last hands cannot then be replayed without the ones before.
    carries: ClassVar[bool] = False

    # --- table setup -------------------------------------------------
    # Each is one number for every player count, or {player count: number}.
    HAND_SIZE: ClassVar[int | Mapping[int, int]] = 0  # tricks in a hand (0: no tricks)
    TARGET: ClassVar[int | Mapping[int, int] | None] = None  # the rulebook's target
    STAKES: ClassVar[int | None] = None  # coin games: what each player starts with

    def hand_size(self, players: int) -> int:
        return per_count(self.HAND_SIZE, players)

    def default_target(self, players: int) -> int | None:
        return per_count(self.TARGET, players)

    def default_stakes(self, players: int) -> int | None:
        return self.STAKES

    def side_count(self, players: int) -> int:
        return 2 if self.partnership else players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnership else seat

    def side_names(self, names: Sequence[str]) -> tuple[str, ...]:
        if self.partnership:
            return (f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}")
        return tuple(names)

    # --- a hand ------------------------------------------------------
    def fields(self, table: Table) -> list[Field]:
        raise NotImplementedError

    def shortcuts(self, table: Table) -> list[Shortcut]:
        return []

    # Games where every player may pass (RULINGS, "Passed-out deals") set
    # `passes`, put their fields behind `unless_passed`, and score a passed
    # deal with `passed_out`.
    passes: ClassVar[bool] = False

    def passed_shortcut(self) -> Shortcut:
        return Shortcut(gettext("Everyone passed"), {PASSED: True})

    def passed_out(self, table: Table) -> HandResult:
        """A deal everyone passed: nobody scores or pays; the deal moves on."""
        names = table.names
        dealer, next_dealer = names[table.dealer], names[table.left_of(table.dealer)]
        pays = gettext(" or pays") if self.coins else ""
        return HandResult(
            (0,) * self.side_count(table.size),
            gettext(
                "Everyone passed on {dealer}'s deal: nobody scores{pays}, and the deal moves left "
                "to {next_dealer}"
            ).format(dealer=dealer, pays=pays, next_dealer=next_dealer),
            rule=PASSED_OUT,
        )

    def status(self, table: Table) -> str:
        """A line about the state the next hand starts from, if the game has one."""
        return ""

    def began(self, table: Table) -> str:
        """How a hand already played began, for a page about that hand: who
        dealt it ("" for a game without a deal)."""
        return gettext("{name} dealt").format(name=table.names[table.dealer]) if self.deals else ""

    def clean(self, facts: Facts, table: Table) -> Facts:
        """Check the facts against the rules; return them normalised (fields
        that do not apply dropped, derived values filled in). Raise
        HandInvalid with a message per field otherwise."""
        raise NotImplementedError

    def score(self, facts: Facts, table: Table) -> HandResult:
        raise NotImplementedError

    def check_record(self, facts: Facts, table: Table) -> Facts:
        """`clean`, strictly, for a hand read from a record file: a fact name
        the game does not know, or a fact that does not apply to this hand,
        is refused (a form posts every field; a file names only what it means)."""
        if not isinstance(facts, dict):
            raise HandInvalid({"__all__": gettext("A hand must be a set of named facts.")})
        known = {f.name: f for f in self.fields(table)}
        errors = {
            str(name): self._not_here(str(name), table) for name in facts if name not in known
        }
        if errors:
            raise HandInvalid(errors)
        clean = self.clean(facts, table)
        for name in facts:
            if name not in clean:
                errors[name] = gettext("{label} does not apply to this hand").format(
                    label=known[name].label
                ) + _because(known[name], known, clean)
        if errors:
            raise HandInvalid(errors)
        return clean

    def _not_here(self, name: str, table: Table) -> str:
        """Why a fact name is not one of this hand's facts."""
        for option in self.options:
            if option.name in table.options:
                continue
            switched = replace(table, options=table.options | {option.name})
            for f in self.fields(switched):
                if f.name == name:
                    return gettext(
                        "{label} is only recorded with the house rule “{label2}”, which this game "
                        "was not started with."
                    ).format(label=f.label, label2=option.label)
        names = ", ".join(f.name for f in self.fields(table))
        return gettext("{name} has no fact “{name2}” (its facts are {names}).").format(
            name=self.name, name2=name[:40], names=names
        )

    # --- the end -----------------------------------------------------
    def low_wins(self, table: Table) -> bool:
        """Whether the lowest total is the best (the final standings read so)."""
        return False

    def winner(
        self, totals: Sequence[int], target: int | None, last: HandResult, table: Table
    ) -> Winner | None:
        """Default: the game ends when any side reaches the target; highest
        total wins; a tie goes to the bidder's side, else the tied side
        nearest the dealer's left. Sides that passed the target on the same
        hand did not reach it first: the higher score, or the tie rule, decides
        (RULINGS, "Winning and ties")."""
        if target is None or max(totals) < target:
            return None
        top = max(totals)
        tied = [s for s, t in enumerate(totals) if t == top]
        passed = [s for s, t in enumerate(totals) if t >= target]
        if len(passed) == 1:
            return Winner(passed[0], gettext("first to reach {target}").format(target=target))
        won = self.break_tie(tied, last, table) if len(tied) > 1 else Winner(tied[0], "")
        return self.passed_together(won, passed, tied, top, target, table)

    def passed_together(
        self,
        won: Winner,
        passed: Sequence[int],
        tied: Sequence[int],
        top: int,
        target: int,
        table: Table,
    ) -> Winner:
        """`won` (a tie already broken) said as it happened: several sides
        passed the target on this hand, and the higher score or the tie rule
        gave the win."""
        names = self.side_names(table.names)
        together = (
            gettext("{names} both passed {target}")
            if len(passed) == 2
            else gettext("{names} all passed {target}")
        ).format(names=and_list([names[s] for s in passed]), target=target)
        if len(tied) == 1:
            rule = (
                gettext("the higher score wins")
                if len(passed) == 2
                else gettext("the highest score wins")
            )
            reason = gettext("{together} on the same hand; {rule}").format(
                together=together, rule=rule
            )
            note = gettext("{together} on this hand; the win goes to {winner}, as {rule}")
            return replace(
                won,
                reason=reason,
                hand_note=note.format(together=together, winner=names[won.side], rule=rule),
            )
        # break_tie says "tied at the top; <the rule that broke it>".
        rule = won.reason.partition("; ")[2] or won.reason
        level = (
            gettext("level on {top}").format(top=top)
            if len(tied) == len(passed)
            else gettext("{names} level on {top}").format(
                names=and_list([names[s] for s in tied]), top=top
            )
        )
        reason = gettext("{together} on the same hand, {level}; {rule}").format(
            together=together, level=level, rule=rule
        )
        note = gettext("{together} on this hand, {level}; the win goes to {winner}, as {rule}")
        return replace(
            won,
            reason=reason,
            hand_note=note.format(
                together=together, level=level, winner=names[won.side], rule=rule
            ),
        )

    def limit_winner(
        self, totals: Sequence[int], hands: int, last: HandResult, table: Table
    ) -> Winner:
        """A game of a fixed number of hands, played out with nobody at the
        target: the highest total wins, and level sides are settled as at the
        target (coin games: as when the session ends, a shared win)."""
        top = max(totals)
        tied = [s for s, t in enumerate(totals) if t == top]
        if self.coins:
            if len(tied) == 1:
                reason = ngettext("most coins after {n} hand", "most coins after {n} hands", hands)
                return Winner(tied[0], reason.format(n=hands))
            reason = ngettext(
                "level on the most coins after {n} hand: a shared win",
                "level on the most coins after {n} hands: a shared win",
                hands,
            )
            return Winner(tied[0], reason.format(n=hands), tuple(tied[1:]))
        if len(tied) == 1:
            reason = ngettext(
                "highest total after {n} hand", "highest total after {n} hands", hands
            )
            return Winner(tied[0], reason.format(n=hands))
        won = self.break_tie(tied, last, table)
        # break_tie says "tied at the top; <the rule that broke it>".
        rule = won.reason.partition("; ")[2] or won.reason
        reason = ngettext(
            "level on {top} after {n} hand; {rule}", "level on {top} after {n} hands; {rule}", hands
        )
        return replace(won, reason=reason.format(top=top, n=hands, rule=rule))

    def session_winner(self, totals: Sequence[int], table: Table) -> Winner:
        """Coin games end when the table ends the session: most coins wins;
        players level on the most coins share the win."""
        top = max(totals)
        tied = [s for s, t in enumerate(totals) if t == top]
        if len(tied) == 1:
            return Winner(tied[0], gettext("most coins when the session ended"))
        return Winner(tied[0], gettext("level on the most coins: a shared win"), tuple(tied[1:]))

    def break_tie(self, tied: list[int], last: HandResult, table: Table) -> Winner:
        if last.bidder is not None and self.side_of(last.bidder) in tied:
            return Winner(
                self.side_of(last.bidder),
                gettext("tied at the top; the bidding team wins ties")
                if self.partnership
                else gettext("tied at the top; the bidder wins ties"),
            )
        for seat in table.from_dealers_left():
            if self.side_of(seat) in tied:
                return Winner(
                    self.side_of(seat),
                    gettext(
                        "tied at the top; the tie goes to the player nearest the dealer's left"
                    ),
                )
        raise AssertionError("a tied side must hold a seat")


@dataclass
class Registry:
    games: dict[str, GameRules] = field(default_factory=dict)

    def register(self, rules: GameRules) -> GameRules:
        if rules.key in self.games:
            raise ValueError(gettext("{key} is registered twice").format(key=rules.key))
        self.games[rules.key] = rules
        return rules

    def __getitem__(self, key: str) -> GameRules:
        return self.games[key]

    def __contains__(self, key: object) -> bool:
        return key in self.games

    def __iter__(self):
        return iter(self.games.values())


def _because(f: Field, known: Mapping[str, Field], clean: Facts) -> str:
    """' (only when ...)' for a field that depends on another."""
    if f.show_if is None or f.show_if[0] not in known:
        return "."
    other = known[f.show_if[0]]
    value = clean.get(other.name)
    if other.kind == "flag":
        shown = gettext("yes") if value else gettext("no")
    else:
        shown = dict(other.choices).get(value, value) if other.choices else value
        shown = gettext("not recorded") if shown is None else shown
    return f" ({other.label}: {shown})."
