"""Game 6, Bishop (points) and Game 7, Baronet (the same hand, for coins).

The bidder calls trump and a block of point cards (War: Knights and Tars, or
Peace: Bishops and Farmers: 10 point cards either way); the partner is found
by card play. The bidder's group is the bidder and the partner; everyone else
is the other group, and every member of a group scores the group's award.
"""

from __future__ import annotations

from ..base import (
    Facts,
    Field,
    GameRules,
    HandInvalid,
    HandResult,
    Option,
    Shortcut,
    Table,
    Winner,
    bid_field,
    net,
    unless_passed,
)
from ..checks import check_fields
from ..ledger import transfers
from ..words import and_list, gettext, gettext_noop, ngettext

WAR, PEACE = "war", "peace"
BLOCKS = (
    (WAR, gettext_noop("War: Knights and Tars")),
    (PEACE, gettext_noop("Peace: Bishops and Farmers")),
)
# The bidder's call names the block by its top card: "Knight of Cups".
CALL_WORD = {WAR: gettext_noop("Knight"), PEACE: gettext_noop("Bishop")}
SUITS = tuple((s, s) for s in ("Anchors", "Crowns", "Cups", "Locks", "Trees"))
POINT_CARDS = 10
MIN_BID, MAX_BID = 1, 10


class BidderPartnerTieBreak:
    """Ties at the top go to the bidder, then the partner, then the opponent
    nearest the dealer's left (Bishop; Up and Down points)."""

    def break_tie(self, tied: list[int], last: HandResult, table: Table) -> Winner:
        if last.bidder is not None and last.bidder in tied:
            return Winner(last.bidder, gettext("tied at the top; the bidder wins ties"))
        if last.partner is not None and last.partner in tied:
            return Winner(last.partner, gettext("tied at the top; the bidder's partner wins ties"))
        for seat in table.from_dealers_left():
            if seat in tied:
                return Winner(
                    seat,
                    gettext(
                        "tied at the top; the tie goes to the player nearest the dealer's left"
                    ),
                )
        raise AssertionError("a tied side must hold a seat")


def call(facts: Facts) -> str:
    """The bidder's declaration as far as it was recorded: "Knight of Cups",
    "Cups trump", "War", or "" (neither changes a score)."""
    block, trump = facts.get("block"), facts.get("trump")
    if block and trump:
        return gettext("{CALL_WORD} of {trump}").format(
            CALL_WORD=gettext(CALL_WORD[block]), trump=trump
        )
    if trump:
        return gettext("{trump} trump").format(trump=trump)
    return gettext(dict(BLOCKS)[block]).split(":")[0] if block else ""


class _BishopHand(GameRules):
    """What Bishop and Baronet share: the deal, the facts of a hand and their
    checks. Subclasses score."""

    family = "Bishop"
    rules_version = "Bishop and Baronet rulebook v1.1; vinescore rulings 2026-12"
    corrected = gettext_noop("the corrected Bishop rules (a deal everyone passed)")
    player_counts = (4, 5)
    passes = True
    HAND_SIZE = {4: 13, 5: 11}

    def jasper_city(self, table: Table) -> bool:
        return table.has("jasper_city")

    def fields(self, table: Table) -> list[Field]:
        if self.jasper_city(table):
            partner_help = gettext("Whoever played the lowest trump on the first trick.")
        else:
            partner_help = gettext("Whoever held the lowest trump (not the bidder's) and led it.")
        return unless_passed(
            [
                Field("bidder", gettext("Bidder"), "seat"),
                bid_field(MIN_BID, MAX_BID),
                Field(
                    "partner",
                    gettext("Partner"),
                    "seat",
                    optional=True,
                    none_label=gettext("No partner (the bidder played alone)"),
                    help=partner_help,
                ),
                Field(
                    "points",
                    gettext("Point cards taken by the bidder and partner"),
                    "number",
                    min=0,
                    max=POINT_CARDS,
                    help=gettext("The other group has the rest of the {POINT_CARDS}.").format(
                        POINT_CARDS=POINT_CARDS
                    ),
                ),
                # The call: kept if the table likes, never needed to score.
                Field(
                    "block",
                    gettext("Point cards called"),
                    "choice",
                    choices=tuple((k, gettext(v)) for k, v in BLOCKS),
                    detail=True,
                    none_label=gettext("Not recorded"),
                ),
                Field(
                    "trump",
                    gettext("Trump"),
                    "choice",
                    choices=SUITS,
                    detail=True,
                    none_label=gettext("Not recorded"),
                ),
            ]
        )

    def shortcuts(self, table: Table) -> list[Shortcut]:
        return [self.passed_shortcut()]

    def clean(self, facts: Facts, table: Table) -> Facts:
        facts = check_fields(self.fields(table), facts, table)
        if facts["passed"]:
            return facts
        if facts["partner"] is not None and facts["partner"] == facts["bidder"]:
            raise HandInvalid(
                {
                    "partner": gettext(
                        "Partner: the bidder cannot be their own partner; choose "
                        "another player or “No partner”."
                    )
                }
            )
        return facts

    def groups(self, facts: Facts, table: Table) -> tuple[list[int], list[int]]:
        """The bidder's group (bidder first) and the other group, in seat order."""
        bidder, partner = facts["bidder"], facts.get("partner")
        ours = [bidder] + ([partner] if partner is not None else [])
        return ours, [s for s in range(table.size) if s not in ours]

    def opening(self, facts: Facts, table: Table) -> str:
        """How an explanation opens: 'Ana bid 6 (Knight of Cups) with Cy'."""
        names = table.names
        who = names[facts["bidder"]]
        partner = facts.get("partner")
        called = f" ({call(facts)})" if call(facts) else ""
        if partner is None:
            return gettext("{who} bid {fact}{called} alone").format(
                who=who, fact=facts["bid"], called=called
            )
        return gettext("{who} bid {fact}{called} with {name}").format(
            who=who, fact=facts["bid"], called=called, name=names[partner]
        )


class Bishop(BidderPartnerTieBreak, _BishopHand):
    key = "bishop"
    name = "Bishop"
    summary = gettext_noop(
        "Bid the point cards you and a partner found by card play will take; make it and "
        "you both score the bid, miss it and the three against you score it instead."
    )
    options = (
        Option(
            "jasper_city",
            gettext_noop("Jasper City partners"),
            gettext_noop(
                "The partner is whoever plays the lowest trump on the bidder's first lead. "
                "Recorded with the game; scoring is the same."
            ),
        ),
    )
    TARGET = {4: 25, 5: 21}

    def score(self, facts: Facts, table: Table) -> HandResult:
        if facts.get("passed"):
            return self.passed_out(table)
        names = table.names
        bid, took = facts["bid"], facts["points"]
        ours, theirs = self.groups(facts, table)
        made = took >= bid
        winners = ours if made else theirs
        awards = tuple(bid if s in winners else 0 for s in range(table.size))
        alone = (
            gettext(" (house ruling: with no partner the bidder scores as a group of one)")
            if facts.get("partner") is None
            else ""
        )
        if made:
            how = (
                gettext("made it with {took} points").format(took=took)
                if took > bid
                else gettext("took exactly {took} points").format(took=took)
            )
        else:
            how = gettext("took {took} points").format(took=took)
        each = "" if len(winners) == 1 else gettext(" each")
        explanation = ngettext(
            "{opening} and {how}: {names} scores {bid}{each}{alone}",
            "{opening} and {how}: {names} score {bid}{each}{alone}",
            len(winners),
        ).format(
            opening=self.opening(facts, table),
            how=how,
            names=and_list([names[s] for s in winners]),
            bid=bid,
            each=each,
            alone=alone,
        )
        return HandResult(
            awards,
            explanation,
            rule="made" if made else "failed",
            bidder=facts["bidder"],
            partner=facts.get("partner"),
            made=made,
            bid=bid,
        )


class Baronet(_BishopHand):
    key = "baronet"
    name = "Baronet"
    coins = True
    summary = gettext_noop(
        "Bishop for coins, always with Jasper City partners: the bet is the bid, paid by "
        "the losing group and shared by the winners."
    )
    STAKES = 100
    corrected = gettext_noop("the corrected Baronet rules (a deal everyone passed)")

    def jasper_city(self, table: Table) -> bool:
        return True

    def score(self, facts: Facts, table: Table) -> HandResult:
        if facts.get("passed"):
            return self.passed_out(table)
        names = table.names
        bid, took = facts["bid"], facts["points"]
        bidder, partner = facts["bidder"], facts.get("partner")
        ours, theirs = self.groups(facts, table)
        made = took >= bid
        how = (
            gettext("made it with {took} points").format(took=took)
            if made
            else gettext("took {took} points").format(took=took)
        )
        head = gettext("{opening} and {how}").format(opening=self.opening(facts, table), how=how)
        who, others = names[bidder], and_list([names[s] for s in theirs])
        note = ""

        if partner is None:
            # RULINGS: no partner identified, the bidder settles as a group of one.
            if made:
                payments = transfers([(s, bid) for s in theirs], [(bidder, bid * len(theirs))])
                text = gettext("{others} pay {who} {bid} each").format(
                    others=others, who=who, bid=bid
                )
            else:
                payments = transfers([(bidder, bid * len(theirs))], [(s, bid) for s in theirs])
                text = gettext("{who} pays {bid} each to {others}").format(
                    who=who, bid=bid, others=others
                )
            note = gettext(" (house ruling: with no partner the bidder settles as a group of one)")
        else:
            # One bet from each of the other group: three bets with 5 players,
            # two with 4 (RULINGS: the partner gets pot // 3, the bidder the
            # rest, so odd coins go to the bidder).
            pot = bid * len(theirs)
            partner_share = pot // 3
            bidder_share = pot - partner_share
            shares = [(bidder, bidder_share), (partner, partner_share)]
            if made:
                payments = transfers([(s, bid) for s in theirs], shares)
                text = gettext(
                    "{others} pay {bid} each; {who} takes {bidder_share}, {name} {partner_share}"
                ).format(
                    others=others,
                    bid=bid,
                    who=who,
                    bidder_share=bidder_share,
                    name=names[partner],
                    partner_share=partner_share,
                )
                if pot % 3:
                    text += gettext(" (the pot of {pot} splits 2:1, odd coins to {who})").format(
                        pot=pot, who=who
                    )
            else:
                payments = transfers(shares, [(s, bid) for s in theirs])
                text = gettext(
                    "{who} pays {bidder_share} and {name} {partner_share}; {others} receive {bid} "
                    "each"
                ).format(
                    who=who,
                    bidder_share=bidder_share,
                    name=names[partner],
                    partner_share=partner_share,
                    others=others,
                    bid=bid,
                )
                if table.size == 4:
                    note = gettext(
                        " (house ruling: the bidder and partner pay the shares they would "
                        "have taken, and each winner receives one bet)"
                    )
        payments = tuple(payments)
        return HandResult(
            net(payments, table.size),
            f"{head}: {text}{note}",
            rule="made" if made else "failed",
            payments=payments,
            bidder=bidder,
            partner=partner,
            made=made,
            bid=bid,
        )
