"""Game 1, Coralon (3 to 6, each for themselves) and Game 2, Coralon Partners."""

from __future__ import annotations

from ..base import Facts, Field, GameRules, HandInvalid, HandResult, Option, Table
from ..checks import check_fields
from ..words import and_list, gettext, gettext_noop, ngettext, plural

ZERO, LESS, DOUBLE_ZERO = "zero", "less", "double_zero"
BID_WORDS = {
    ZERO: gettext_noop("zero"),
    LESS: gettext_noop("less"),
    DOUBLE_ZERO: gettext_noop("double zero"),
}


def bid_choices(low: int, high: int, specials: list[str]) -> tuple:
    return tuple((n, str(n)) for n in range(low, high + 1)) + tuple(
        (s, gettext(BID_WORDS[s]).capitalize()) for s in specials
    )


class Coralon(GameRules):
    key = "coralon"
    name = "Coralon"
    rules_version = "Vines rulebook, Game 1; vinescore rulings 2026-11"
    player_counts = (3, 4, 5, 6)
    summary = gettext_noop("Bid the tricks you will take: exactly is best, short scores nothing.")
    options = (
        Option(
            "zero",
            gettext_noop("Zero bids"),
            gettext_noop("A bid of zero tricks; a made zero scores the whole hand."),
        ),
        Option(
            "less",
            gettext_noop("“Less” after a zero"),
            gettext_noop("Take no trick while every earlier zero bidder takes one."),
            requires="zero",
        ),
        Option(
            "zero_after_zero",
            gettext_noop("A zero may follow a zero"),
            gettext_noop("Otherwise a zero can only be topped by “less” or a number."),
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
            Field("bidder", gettext("Bidder"), "seat"),
            Field("bid", gettext("Bid"), "choice", choices=bid_choices(2, size, specials)),
            Field(
                "earlier_zeros",
                gettext("Who bid zero before the “less”"),
                "seats",
                show_if=("bid", (LESS,)),
            ),
            Field(
                "tricks",
                gettext("Tricks"),
                "per_seat",
                min=0,
                max=size,
                total=size,
                help=gettext("Leave one player blank and it is worked out."),
            ),
        ]

    def clean(self, facts: Facts, table: Table) -> Facts:
        facts = check_fields(self.fields(table), facts, table)
        if facts["bid"] == LESS:
            earlier = facts["earlier_zeros"]
            if not earlier:
                raise HandInvalid(
                    {"earlier_zeros": gettext("“Less” follows a zero: choose who bid zero.")}
                )
            if facts["bidder"] in earlier:
                raise HandInvalid(
                    {
                        "earlier_zeros": gettext(
                            "The “less” bidder cannot also be an earlier zero bidder."
                        )
                    }
                )
            order = table.from_dealers_left()
            after = [s for s in earlier if order.index(s) > order.index(facts["bidder"])]
            if after:
                who = table.names[facts["bidder"]]
                raise HandInvalid(
                    {
                        "earlier_zeros": ngettext(
                            "{names} bids after {who} (bidding starts on the dealer's left, "
                            "{name}, and goes once around): only a player who bids before {who} "
                            "can have bid zero before the “less”.",
                            "{names} bid after {who} (bidding starts on the dealer's left, "
                            "{name}, and goes once around): only a player who bids before {who} "
                            "can have bid zero before the “less”.",
                            len(after),
                        ).format(
                            names=and_list([table.names[s] for s in after]),
                            who=who,
                            name=table.names[order[0]],
                        )
                    }
                )
            if len(earlier) > 1 and not table.has("zero_after_zero"):
                raise HandInvalid(
                    {
                        "earlier_zeros": gettext(
                            "Only one zero can come before “less” unless "
                            "“a zero may follow a zero” is on."
                        )
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
                    detail = gettext(", but {names} also took no trick").format(
                        names=and_list(blank)
                    )
            if made:
                awards = tuple(size if s == bidder else 0 for s in range(table.size))
                return HandResult(
                    awards,
                    gettext(
                        "{who} bid {BID_WORDS} and took no trick: {who} scores the {size} tricks "
                        "of the hand; nobody else scores"
                    ).format(who=who, BID_WORDS=gettext(BID_WORDS[bid]), size=size),
                    rule="zero",
                    bidder=bidder,
                    made=True,
                    bid=0,
                )
            how = (
                gettext("took {count}").format(count=plural(took, "trick"))
                if took
                else gettext("took no trick")
            )
            return HandResult(
                others_tricks,
                gettext(
                    "{who} bid {BID_WORDS} and {how}{detail}: {who} scores nothing; everyone else "
                    "scores their tricks"
                ).format(who=who, BID_WORDS=gettext(BID_WORDS[bid]), how=how, detail=detail),
                rule="zero",
                bidder=bidder,
                made=False,
                bid=0,
            )

        if took == bid:
            return HandResult(
                only_bidder,
                gettext("{who} bid {bid} and took exactly {took}: only {who} scores").format(
                    who=who, bid=bid, took=took
                ),
                rule="exact",
                bidder=bidder,
                made=True,
                bid=bid,
            )
        if took > bid:
            return HandResult(
                everyone_tricks,
                gettext("{who} bid {bid} and took {took}: everyone scores their tricks").format(
                    who=who, bid=bid, took=took
                ),
                rule="exceed",
                bidder=bidder,
                made=True,
                bid=bid,
            )
        return HandResult(
            others_tricks,
            gettext(
                "{who} bid {bid} and took {took}: {who} scores nothing; everyone else scores "
                "their tricks"
            ).format(who=who, bid=bid, took=took),
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
    summary = gettext_noop("Coralon for two fixed teams; the box card sets the only trump.")
    options = (
        Option(
            "zero",
            gettext_noop("Zero bids"),
            gettext_noop("The zero bidder's partner sits out; a made zero scores 10."),
        ),
        Option(
            "double_zero",
            gettext_noop("Double zero"),
            gettext_noop("Both partners play and take no trick; scores 25."),
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
            Field("bidder", gettext("Bidder"), "seat"),
            Field(
                "bid", gettext("Bid"), "choice", choices=bid_choices(2, self.HAND_SIZE, specials)
            ),
            Field(
                "bidders_tricks",
                gettext("Tricks taken by the bidding team"),
                "number",
                min=0,
                max=self.HAND_SIZE,
                help=gettext(
                    "After a zero bid: the zero bidder's tricks. The other team "
                    "has the rest of the 13."
                ),
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
                    gettext(
                        "{takers} bid {BID_WORDS} and took no trick: {team} score {prize}; "
                        "{team2} score nothing"
                    ).format(
                        takers=takers,
                        BID_WORDS=gettext(BID_WORDS[bid]),
                        team=teams[us],
                        prize=prize,
                        team2=teams[them],
                    ),
                    rule=bid,
                    bidder=bidder,
                    made=True,
                    bid=0,
                )
            return HandResult(
                award(0, rest),
                gettext(
                    "{takers} bid {BID_WORDS} but took {count}: {team} score nothing; {team2} "
                    "score their {rest} tricks"
                ).format(
                    takers=takers,
                    BID_WORDS=gettext(BID_WORDS[bid]),
                    count=plural(took, "trick"),
                    team=teams[us],
                    team2=teams[them],
                    rest=rest,
                ),
                rule=bid,
                bidder=bidder,
                made=False,
                bid=0,
            )
        if took == bid:
            return HandResult(
                award(took, 0),
                gettext("{who} bid {bid} and {team} took exactly {took}: only {team} score").format(
                    who=who, bid=bid, team=teams[us], took=took
                ),
                rule="exact",
                bidder=bidder,
                made=True,
                bid=bid,
            )
        if took > bid:
            return HandResult(
                award(took, rest),
                gettext(
                    "{who} bid {bid} and {team} took {took}: both teams score their tricks "
                    "({took} and {rest})"
                ).format(who=who, bid=bid, team=teams[us], took=took, rest=rest),
                rule="exceed",
                bidder=bidder,
                made=True,
                bid=bid,
            )
        return HandResult(
            award(0, rest),
            gettext(
                "{who} bid {bid} and {team} took {took}: {team} score nothing; {team2} score "
                "their {rest} tricks"
            ).format(who=who, bid=bid, team=teams[us], took=took, team2=teams[them], rest=rest),
            rule="miss",
            bidder=bidder,
            made=False,
            bid=bid,
        )
