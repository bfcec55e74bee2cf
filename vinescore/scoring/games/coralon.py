"""Game 1, Coralon (3 to 6, each for themselves) and Game 2, Coralon Partners."""

from __future__ import annotations

from ..base import Facts, Field, GameRules, HandInvalid, HandResult, Option, Table
from ..checks import check_fields
from ..words import and_list, plural

ZERO, LESS, DOUBLE_ZERO = "zero", "less", "double_zero"
BID_WORDS = {ZERO: "zero", LESS: "less", DOUBLE_ZERO: "double zero"}


def bid_choices(low: int, high: int, specials: list[str]) -> tuple:
    return tuple((n, str(n)) for n in range(low, high + 1)) + tuple(
        (s, BID_WORDS[s].capitalize()) for s in specials
    )


class Coralon(GameRules):
    key = "coralon"
    name = "Coralon"
    rules_version = "Vines rulebook, Game 1; vinescore rulings 2026-11"
    player_counts = (3, 4, 5, 6)
    summary = "Bid the tricks you will take: exactly is best, short scores nothing."
    options = (
        Option("zero", "Zero bids", "A bid of zero tricks; a made zero scores the whole hand."),
        Option(
            "less",
            "“Less” after a zero",
            "Take no trick while every earlier zero bidder takes one.",
            requires="zero",
        ),
        Option(
            "zero_after_zero",
            "A zero may follow a zero",
            "Otherwise a zero can only be topped by “less” or a number.",
            requires="zero",
        ),
    )

    HAND_SIZE = {3: 18, 4: 13, 5: 11, 6: 9}
    TARGET = {3: 60, 4: 40, 5: 25, 6: 25}

    def fields(self, table: Table) -> list[Field]:
        size = self.hand_size(table.size)
        specials = []
        if table.has("zero"):
            specials.append(ZERO)
            if table.has("less"):
                specials.append(LESS)
        return [
            Field("bidder", "Bidder", "seat"),
            Field("bid", "Bid", "choice", choices=bid_choices(2, size, specials)),
            Field(
                "earlier_zeros",
                "Who bid zero before the “less”",
                "seats",
                show_if=("bid", (LESS,)),
            ),
            Field(
                "tricks",
                "Tricks",
                "per_seat",
                min=0,
                max=size,
                total=size,
                help="Leave one player blank and it is worked out.",
            ),
        ]

    def clean(self, facts: Facts, table: Table) -> Facts:
        facts = check_fields(self.fields(table), facts, table)
        if facts["bid"] == LESS:
            earlier = facts["earlier_zeros"]
            if not earlier:
                raise HandInvalid({"earlier_zeros": "“Less” follows a zero: choose who bid zero."})
            if facts["bidder"] in earlier:
                raise HandInvalid(
                    {"earlier_zeros": "The “less” bidder cannot also be an earlier zero bidder."}
                )
            if len(earlier) > 1 and not table.has("zero_after_zero"):
                raise HandInvalid(
                    {
                        "earlier_zeros": "Only one zero can come before “less” unless "
                        "“a zero may follow a zero” is on."
                    }
                )
        return facts

    def score(self, facts: Facts, table: Table) -> HandResult:
        names = table.names
        bidder, bid, tricks = facts["bidder"], facts["bid"], facts["tricks"]
        who = names[bidder]
        took = tricks[bidder]
        size = self.hand_size(table.size)
        everyone_tricks = tuple(tricks)
        others_tricks = tuple(0 if s == bidder else t for s, t in enumerate(tricks))
        only_bidder = tuple(took if s == bidder else 0 for s in range(table.size))

        if bid in (ZERO, LESS):
            made = took == 0
            detail = ""
            if bid == LESS:
                earlier = facts["earlier_zeros"]
                blank = [names[s] for s in earlier if tricks[s] == 0]
                made = made and not blank
                if blank:
                    detail = f", but {and_list(blank)} also took no trick"
            if made:
                awards = tuple(size if s == bidder else 0 for s in range(table.size))
                return HandResult(
                    awards,
                    f"{who} bid {BID_WORDS[bid]} and took no trick: {who} scores the "
                    f"{size} tricks of the hand; nobody else scores",
                    rule="zero",
                    bidder=bidder,
                    made=True,
                    bid=0,
                )
            how = f"took {plural(took, 'trick')}" if took else "took no trick"
            return HandResult(
                others_tricks,
                f"{who} bid {BID_WORDS[bid]} and {how}{detail}: {who} scores nothing; "
                "everyone else scores their tricks",
                rule="zero",
                bidder=bidder,
                made=False,
                bid=0,
            )

        if took == bid:
            return HandResult(
                only_bidder,
                f"{who} bid {bid} and took exactly {took}: only {who} scores",
                rule="exact",
                bidder=bidder,
                made=True,
                bid=bid,
            )
        if took > bid:
            return HandResult(
                everyone_tricks,
                f"{who} bid {bid} and took {took}: everyone scores their tricks",
                rule="exceed",
                bidder=bidder,
                made=True,
                bid=bid,
            )
        return HandResult(
            others_tricks,
            f"{who} bid {bid} and took {took}: {who} scores nothing; everyone else "
            "scores their tricks",
            rule="miss",
            bidder=bidder,
            made=False,
            bid=bid,
        )


class CoralonPartners(GameRules):
    key = "coralon-partners"
    name = "Coralon Partners"
    rules_version = "Vines rulebook, Game 2; vinescore rulings 2026-11"
    player_counts = (4,)
    partnership = True
    summary = "Coralon for two fixed teams; the box card sets the only trump."
    options = (
        Option("zero", "Zero bids", "The zero bidder's partner sits out; a made zero scores 10."),
        Option(
            "double_zero",
            "Double zero",
            "Both partners play and take no trick; scores 25.",
            requires="zero",
        ),
    )
    HAND_SIZE = 13
    TARGET = 60
    ZERO_AWARD = 10
    DOUBLE_ZERO_AWARD = 25

    def fields(self, table: Table) -> list[Field]:
        specials = []
        if table.has("zero"):
            specials.append(ZERO)
            if table.has("double_zero"):
                specials.append(DOUBLE_ZERO)
        return [
            Field("bidder", "Bidder", "seat"),
            Field("bid", "Bid", "choice", choices=bid_choices(2, self.HAND_SIZE, specials)),
            Field(
                "bidders_tricks",
                "Tricks taken by the bidding team",
                "number",
                min=0,
                max=self.HAND_SIZE,
                help="After a zero bid: the zero bidder's tricks. The other team "
                "has the rest of the 13.",
            ),
        ]

    def clean(self, facts: Facts, table: Table) -> Facts:
        return check_fields(self.fields(table), facts, table)

    def score(self, facts: Facts, table: Table) -> HandResult:
        bidder, bid, took = facts["bidder"], facts["bid"], facts["bidders_tricks"]
        us = self.side_of(bidder)
        them = 1 - us
        teams = self.side_names(table.names)
        rest = self.HAND_SIZE - took

        def award(ours: int, theirs: int) -> tuple[int, int]:
            return (ours, theirs) if us == 0 else (theirs, ours)

        who = table.names[bidder]
        if bid in (ZERO, DOUBLE_ZERO):
            prize = self.ZERO_AWARD if bid == ZERO else self.DOUBLE_ZERO_AWARD
            takers = who if bid == ZERO else teams[us]
            if took == 0:
                return HandResult(
                    award(prize, 0),
                    f"{takers} bid {BID_WORDS[bid]} and took no trick: {teams[us]} "
                    f"score {prize}; {teams[them]} score nothing",
                    rule=bid,
                    bidder=bidder,
                    made=True,
                    bid=0,
                )
            return HandResult(
                award(0, rest),
                f"{takers} bid {BID_WORDS[bid]} but took {plural(took, 'trick')}: "
                f"{teams[us]} score nothing; {teams[them]} score their {rest} tricks",
                rule=bid,
                bidder=bidder,
                made=False,
                bid=0,
            )
        if took == bid:
            return HandResult(
                award(took, 0),
                f"{who} bid {bid} and {teams[us]} took exactly {took}: only {teams[us]} score",
                rule="exact",
                bidder=bidder,
                made=True,
                bid=bid,
            )
        if took > bid:
            return HandResult(
                award(took, rest),
                f"{who} bid {bid} and {teams[us]} took {took}: both teams score their "
                f"tricks ({took} and {rest})",
                rule="exceed",
                bidder=bidder,
                made=True,
                bid=bid,
            )
        return HandResult(
            award(0, rest),
            f"{who} bid {bid} and {teams[us]} took {took}: {teams[us]} score nothing; "
            f"{teams[them]} score their {rest} tricks",
            rule="miss",
            bidder=bidder,
            made=False,
            bid=bid,
        )
