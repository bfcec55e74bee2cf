"""Replaying a game's hands: from stored facts to the score sheet.

Scores are never stored; this derives every row, running total, dealer and
the winner from the facts, so editing an old hand changes everything after it
and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from .base import Facts, GameRules, HandResult, Payment, Table, Winner
from .ledger import settle_up
from .words import and_list, gettext, one_language


@dataclass(frozen=True)
class Setup:
    """How a game was started."""

    names: tuple[str, ...]
    first_dealer: int = 0
    options: frozenset[str] = frozenset()
    target: int | None = None
    stakes: int | None = None
    ended: bool = False  # coin games: the table ended the session
    # A round of a fixed number of hands: the game is decided after that many,
    # if no side reached the target first.
    hand_limit: int | None = None

    def table(self, hand_index: int, carry: Any = None) -> Table:
        """The table for the hand at `hand_index` (0-based): the deal passes
        left after every hand. A table is made once for each dealer (tables
        do not change), unless a hand carries something to the next."""
        dealer = (self.first_dealer + hand_index) % len(self.names)
        if carry is not None:
            return self.table_at(dealer, carry)
        made = self._tables.get(dealer)
        if made is None:
            made = self._tables[dealer] = self.table_at(dealer, None)
        return made

    def table_at(self, dealer: int, carry: Any) -> Table:
        return Table(
            names=self.names, options=self.options, dealer=dealer, stakes=self.stakes, carry=carry
        )

    @cached_property
    def _tables(self) -> dict[int, Table]:
        return {}


@dataclass(frozen=True)
class Row:
    number: int  # 1-based hand number
    dealer: int
    facts: Facts
    result: HandResult
    totals: tuple[int, ...]  # per side after this hand (coin games: balances)


@dataclass(frozen=True)
class SeatSummary:
    """One seat's part of a game, for a player's statistics."""

    total: int  # the final score of the seat's side (coin games: balance)
    won: bool
    bids: int  # hands in which this seat won the bidding
    bids_made: int
    bid_total: int
    best_hand: int | None  # the most the seat's side scored in one hand


@dataclass(frozen=True)
class Place:
    """One side's place in a finished game."""

    place: int  # 1 for the winner (and anyone sharing the win); level sides share a place
    side: int
    total: int  # when the game was decided (coin games: balance)
    note: str = ""  # how a level place was settled, in players' words


@dataclass
class Sheet:
    rules: GameRules
    setup: Setup
    rows: list[Row] = field(default_factory=list)
    winner: Winner | None = None
    decided_at: int | None = None  # hand number after which the game was won
    # A sheet of the last hands only (`tail`): how many hands came before its
    # first row, and the totals they left. A full sheet starts at hand 1.
    offset: int = 0
    before: tuple[int, ...] | None = None

    @property
    def starting(self) -> tuple[int, ...]:
        n = self.rules.side_count(len(self.setup.names))
        return (self.setup.stakes or 0,) * n if self.rules.coins else (0,) * n

    @property
    def totals(self) -> tuple[int, ...]:
        if self.rows:
            return self.rows[-1].totals
        return self.before if self.before is not None else self.starting

    @property
    def next_table(self) -> Table:
        return self.table_for(self.offset + len(self.rows))

    def table_for(self, hand_index: int) -> Table:
        """The table the hand at `hand_index` was (or will be) played at."""
        row = hand_index - self.offset
        carry = self.rows[row - 1].result.carry if row > 0 else None
        return self.setup.table(hand_index, carry)

    @property
    def side_names(self) -> tuple[str, ...]:
        return self.rules.side_names(self.setup.names)

    @property
    def winning_sides(self) -> tuple[int, ...]:
        """The winner's side and any sharing the win; () while undecided."""
        return (self.winner.side, *self.winner.shared_with) if self.winner else ()

    @property
    def winner_names(self) -> list[str]:
        return [self.side_names[s] for s in self.winning_sides]

    @property
    def winners_are_several(self) -> bool:
        """Whether who won takes a plural verb ("Ana & Cy win", "Ana and Ben
        win"): partners, or sides sharing the win."""
        return self.rules.partnership or len(self.winning_sides) > 1

    @property
    def winner_words(self) -> str:
        """Who won, as the sheet, the cards, History and the change log say
        it: "Ana"; "Ana & Cy" (partners); "Ana and Ben" (level, sharing the
        win); "" while nobody has."""
        return gettext(" and ").join(self.winner_names)

    def standings(self) -> list[Place]:
        """A finished game's final order, best first ([] while undecided).

        The winner, and anyone sharing the win, is 1st. A side level with the
        winner on the score lost the tie the way the rules broke it (the
        winner's reason says how) and is 2nd; the rest follow by their totals
        when the game was decided (lowest first where low wins), and sides
        level below the top share a place, as the rules break no tie there."""
        if self.winner is None:
            return []
        totals = self.rows[self.decided_at - 1].totals if self.decided_at else self.starting
        names = self.side_names
        winners = self.winning_sides
        low = self.rules.low_wins(self.setup.table(0))
        places = [
            Place(1, side, totals[side], gettext("a shared win") if len(winners) > 1 else "")
            for side in winners
        ]
        rest = sorted(
            (s for s in range(len(totals)) if s not in winners),
            key=lambda s: totals[s] if low else -totals[s],
        )
        top = totals[self.winner.side]
        # The rule the tie at the top went by, e.g. "the bidder wins ties".
        tie_rule = self.winner.reason.partition("; ")[2]
        for side in rest:
            better = sum(
                1 for s in rest if (totals[s] < totals[side] if low else totals[s] > totals[side])
            )
            level = [names[s] for s in rest if totals[s] == totals[side] and s != side]
            if totals[side] == top:
                winner = names[self.winner.side]
                note = (
                    gettext("level with {winner}; {tie_rule}").format(
                        winner=winner, tie_rule=tie_rule
                    )
                    if tie_rule
                    else gettext("level with {winner}").format(winner=winner)
                )
            else:
                note = gettext("level with {names}").format(names=and_list(level)) if level else ""
            places.append(Place(len(winners) + better + 1, side, totals[side], note))
        return places

    def seat_summary(self, seat: int) -> SeatSummary:
        return self.seat_summaries()[seat]

    def seat_summaries(self) -> list[SeatSummary]:
        """Every seat's part of the game, from one pass over the hands."""
        seats = len(self.setup.names)
        bids, made, bid_total = [0] * seats, [0] * seats, [0] * seats
        for row in self.rows:
            result = row.result
            if result.bidder is not None and result.made is not None:
                bids[result.bidder] += 1
                made[result.bidder] += result.made
                bid_total[result.bidder] += result.bid or 0
        # Each side's best hand: its largest award (the awards run by side).
        best = list(map(max, zip(*(row.result.awards for row in self.rows), strict=True)))
        winners, totals = self.winning_sides, self.totals
        return [
            SeatSummary(
                total=totals[side],
                won=side in winners,
                bids=bids[seat],
                bids_made=made[seat],
                bid_total=bid_total[seat],
                best_hand=best[side] if best else None,
            )
            for seat in range(seats)
            for side in (self.rules.side_of(seat),)
        ]

    def seat_summaries_after(self, before: Sequence[SeatSummary]) -> list[SeatSummary]:
        """Every seat's part of the game from its part before this sheet's
        last row (`before`) and that row: what one more hand adds, without
        the hands before it (a long game's sheet of its last hands)."""
        result = self.rows[-1].result
        winners, totals = self.winning_sides, self.totals
        summaries = []
        for seat, earlier in enumerate(before):
            side = self.rules.side_of(seat)
            bid = result.bidder == seat and result.made is not None
            award = result.awards[side]
            summaries.append(
                SeatSummary(
                    total=totals[side],
                    won=side in winners,
                    bids=earlier.bids + bid,
                    bids_made=earlier.bids_made + (result.made if bid else 0),
                    bid_total=earlier.bid_total + ((result.bid or 0) if bid else 0),
                    best_hand=award if earlier.best_hand is None else max(earlier.best_hand, award),
                )
            )
        return summaries

    def play(self, facts: Facts) -> Row:
        """Score one more hand onto the end of the sheet."""
        i = self.offset + len(self.rows)
        table = self.table_for(i)
        result = self.rules.score(facts, table)
        totals = tuple(t + a for t, a in zip(self.totals, result.awards, strict=True))
        row = Row(i + 1, table.dealer, facts, result, totals)
        self.rows.append(row)
        if self.winner is None:
            won = self.rules.winner(totals, self.setup.target, result, table)
            limit = self.setup.hand_limit
            if won is None and limit is not None and i + 1 >= limit:
                won = self.rules.limit_winner(totals, limit, result, table)
            if won is not None:
                self.winner, self.decided_at = won, i + 1
                if won.hand_note:  # several passed the target on this hand
                    explained = f"{result.explanation}. {won.hand_note}"
                    row = replace(row, result=replace(result, explanation=explained))
                    self.rows[-1] = row
        return row

    def finish(self) -> Sheet:
        """After the last hand: a session the table ended is won by the most
        coins (or points), if no target decided it first."""
        if self.setup.ended and self.winner is None:
            self.winner = self.rules.session_winner(self.totals, self.setup.table(len(self.rows)))
            self.decided_at = len(self.rows)
        return self

    @property
    def at_limit(self) -> bool:
        """Decided by the hand limit rather than by the target or the table."""
        limit = self.setup.hand_limit
        return self.decided_at is not None and limit is not None and self.decided_at >= limit

    @property
    def settle_up(self) -> list[Payment] | None:
        """A finished coin session squared against the stakes, in the fewest
        payments; None for points games and sessions still going."""
        if not self.rules.coins or self.winner is None or self.setup.stakes is None:
            return None
        return settle_up(self.totals, self.setup.stakes)

    def extended(self, facts: Facts) -> Sheet:
        """A copy with one more hand; this sheet is left as it was."""
        copy = replace(self, rows=list(self.rows))
        copy.play(facts)
        return copy


def replay(rules: GameRules, setup: Setup, hands: Sequence[Facts]) -> Sheet:
    sheet = Sheet(rules, setup)
    with one_language():
        for facts in hands:
            sheet.play(facts)
    return sheet.finish()


def tail(
    rules: GameRules, setup: Setup, last: Sequence[Facts], before: Sequence[int], offset: int
) -> Sheet:
    """The sheet of a game's last hands only, replayed from the totals the
    `offset` hands before them left: the same rows a full replay ends with,
    for a game no hand of which has won it, in rules where no hand carries
    anything to the next (`GameRules.carries`)."""
    if rules.carries:
        raise ValueError(f"{rules.key}: a hand carries to the next; replay the whole game")
    sheet = Sheet(rules, setup, offset=offset, before=tuple(before))
    with one_language():
        for facts in last:
            sheet.play(facts)
    return sheet
