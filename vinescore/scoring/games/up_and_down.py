"""Game 9, Up and Down: five players, tricks split into high and low halves.

Every undivided trick is 1 point and every half of a divided trick is 1
point, so a hand holds from 11 to 22 points and no player takes more than 11
(one card, so at most one half, per trick). The leader's partner is the first
player to split a trick with the leader; "red" means the leader plays alone.
Played for coins (`UpAndDown`) or, with a bid, for points (`UpAndDownPoints`).
"""

from __future__ import annotations

from dataclasses import replace

from ..base import (
    Facts,
    Field,
    GameRules,
    HandInvalid,
    HandResult,
    Shortcut,
    Table,
    bid_field,
    net,
    unless_passed,
)
from ..checks import check_fields, in_sentence
from ..ledger import transfers
from ..words import and_list, gettext, gettext_noop, ngettext, plural
from .bishop import BidderPartnerTieBreak

PLAYERS = 5
TRICKS = 11
MIN_POINTS, MAX_POINTS = TRICKS, 2 * TRICKS
# Coins: each player of the losing side pays BET to the winners (shared by
# the leader and partner, or all the leader's alone); a take back costs the
# dealer TAKE_BACK to each other player.
BET = 2
TAKE_BACK = 1
RULES_VERSION = "Vines rulebook, Game 9; vinescore rulings 2026-11"


def _side_fields(lead: str) -> list[Field]:
    """The leader's (or bidder's) company and the two groups' points. Only
    the groups' points score; each player's own is a detail."""
    lead = gettext(lead)
    return [
        Field(
            "red",
            gettext("Played it red (alone)"),
            "flag",
            help=gettext("The {lead} said “red” on the first lead.").format(lead=lead),
        ),
        Field(
            "partner",
            gettext("Partner"),
            "seat",
            optional=True,
            show_if=("red", (False,)),
            none_label=gettext("No partner found"),
            help=gettext("The first player to split a trick with the {lead}.").format(lead=lead),
        ),
        Field(
            "side_points",
            gettext("Points taken by the {lead} and partner").format(lead=lead),
            "number",
            min=0,
            max=MAX_POINTS,
            help=gettext(
                "Tricks and half tricks; the {lead} alone after red or with no partner."
            ).format(lead=lead),
        ),
        Field(
            "others_points",
            gettext("Points taken by everyone else"),
            "number",
            min=0,
            max=MAX_POINTS,
            help=gettext(
                "An undivided trick is 1 point, each half of a divided trick 1 point: "
                "{MIN_POINTS} to {MAX_POINTS} in a hand."
            ).format(MIN_POINTS=MIN_POINTS, MAX_POINTS=MAX_POINTS),
        ),
        Field(
            "points",
            gettext("Each player's points"),
            "per_seat",
            min=0,
            max=TRICKS,
            detail=True,
            help=gettext("Instead of the two groups' points, if you keep them player by player."),
        ),
    ]


GROUP_POINTS = ("side_points", "others_points")


def _check_sides(facts: Facts, lead_field: str, lead: str, table: Table) -> Facts:
    """Cross-field rules both versions share."""
    lead = gettext(lead)
    names = table.names
    if not facts["red"] and facts["partner"] is not None:
        if facts["partner"] == facts[lead_field]:
            raise HandInvalid(
                {
                    "partner": gettext(
                        "Partner: the {lead} cannot be their own partner; choose another player "
                        "or “No partner found”."
                    ).format(lead=lead)
                }
            )
    ours, theirs = _group(facts, lead_field, table)
    points = facts["points"]
    if points is not None:
        total = sum(points)
        if not MIN_POINTS <= total <= MAX_POINTS:
            raise HandInvalid(
                {
                    "points": gettext(
                        "Points: a hand holds {MIN_POINTS} to {MAX_POINTS} ({TRICKS} tricks, each "
                        "whole or split in two); these add up to {total}."
                    ).format(
                        MIN_POINTS=MIN_POINTS, MAX_POINTS=MAX_POINTS, TRICKS=TRICKS, total=total
                    )
                }
            )
        for name, group in zip(GROUP_POINTS, (ours, theirs), strict=True):
            got = sum(points[s] for s in group)
            if facts[name] is None:
                facts[name] = got
            elif facts[name] != got:
                raise HandInvalid(
                    {
                        name: gettext(
                            "{label}: {fact} entered, but {names} have {got} between them."
                        ).format(
                            label=_label(name, lead),
                            fact=facts[name],
                            names=and_list([names[s] for s in group]),
                            got=got,
                        )
                    }
                )
    for name in GROUP_POINTS:
        if facts[name] is None:
            raise HandInvalid(
                {name: gettext("Enter the {label}.").format(label=in_sentence(_label(name, lead)))}
            )
    total = facts["side_points"] + facts["others_points"]
    if not MIN_POINTS <= total <= MAX_POINTS:
        raise HandInvalid(
            {
                "others_points": gettext(
                    "Points: a hand holds {MIN_POINTS} to {MAX_POINTS} ({TRICKS} tricks, each "
                    "whole or split in two); these add up to {total}."
                ).format(MIN_POINTS=MIN_POINTS, MAX_POINTS=MAX_POINTS, TRICKS=TRICKS, total=total)
            }
        )
    if len(ours) == 1 and facts["side_points"] > TRICKS:
        raise HandInvalid(
            {
                "side_points": gettext(
                    "{label}: alone, the {lead} takes at most {TRICKS} (one card to each trick); "
                    "{fact} entered."
                ).format(
                    label=_label("side_points", lead),
                    lead=lead,
                    TRICKS=TRICKS,
                    fact=facts["side_points"],
                )
            }
        )
    partner = facts.get("partner") if not facts["red"] else None
    if partner is not None:
        leader = facts[lead_field]
        if points is not None:
            for seat in (leader, partner):
                if points[seat] == 0:
                    raise HandInvalid(
                        {
                            "points": gettext(
                                "Points: {name} became partner by splitting a trick with {name2}, "
                                "so {name3} has at least 1 point."
                            ).format(name=names[partner], name2=names[leader], name3=names[seat])
                        }
                    )
        if facts["side_points"] < 2:
            raise HandInvalid(
                {
                    "side_points": gettext(
                        "{label}: {name} became partner by splitting a trick with {name2}, so "
                        "they have at least 2; {fact} entered."
                    ).format(
                        label=_label("side_points", lead),
                        name=names[partner],
                        name2=names[leader],
                        fact=facts["side_points"],
                    )
                }
            )
    return facts


def _label(name: str, lead: str) -> str:
    return next(f.label for f in _side_fields(lead) if f.name == name)


def _group(facts: Facts, lead_field: str, table: Table) -> tuple[list[int], list[int]]:
    """The leader's group (leader first) and the others in seat order."""
    leader = facts[lead_field]
    partner = None if facts.get("red") else facts.get("partner")
    ours = [leader] + ([partner] if partner is not None else [])
    return ours, [s for s in range(table.size) if s not in ours]


def _took(facts: Facts, ours: list[int]) -> tuple[int, int]:
    """The points of the leader's group, and of the whole hand."""
    if facts.get("side_points") is not None:
        return facts["side_points"], facts["side_points"] + facts["others_points"]
    points = facts["points"]  # stored before the groups' points were entered whole
    return sum(points[s] for s in ours), sum(points)


class UpAndDown(GameRules):
    opens = gettext_noop("may lead out first")
    key = "up-and-down"
    HAND_SIZE = TRICKS
    STAKES = 30
    name = "Up and Down"
    family = "Up and Down"
    rules_version = RULES_VERSION
    player_counts = (PLAYERS,)
    coins = True
    summary = gettext_noop(
        "Whoever dares leads out and, with the first player to split a trick with them, "
        "must take more than half the hand's points, for coins."
    )

    def fields(self, table: Table) -> list[Field]:
        playing = ("take_back", (False,))
        fields = [
            Field(
                "take_back",
                gettext("The dealer took back"),
                "flag",
                help=gettext(
                    "Everyone knocked and the dealer paid {TAKE_BACK} to each player instead of "
                    "leading."
                ).format(TAKE_BACK=TAKE_BACK),
            ),
            Field("leader", gettext("Leader"), "seat", show_if=playing),
        ]
        for f in _side_fields(gettext_noop("leader")):
            if f.show_if is None:
                f = replace(f, show_if=playing)
            fields.append(f)
        return fields

    def shortcuts(self, table: Table) -> list[Shortcut]:
        return [Shortcut(gettext("Take back"), {"take_back": True})]

    def clean(self, facts: Facts, table: Table) -> Facts:
        facts = check_fields(self.fields(table), facts, table, may_omit=GROUP_POINTS)
        if facts["take_back"]:
            return facts
        return _check_sides(facts, "leader", gettext_noop("leader"), table)

    def score(self, facts: Facts, table: Table) -> HandResult:
        names = table.names
        if facts.get("take_back"):
            dealer = table.dealer
            others = [s for s in range(table.size) if s != dealer]
            payments = tuple(
                transfers([(dealer, TAKE_BACK * len(others))], [(s, TAKE_BACK) for s in others])
            )
            return HandResult(
                net(payments, table.size),
                gettext(
                    "{name} dealt, everyone knocked and {name} took back: {name} pays {TAKE_BACK} "
                    "each to {names}"
                ).format(
                    name=names[dealer],
                    TAKE_BACK=TAKE_BACK,
                    names=and_list([names[s] for s in others]),
                ),
                rule="take-back",
                payments=payments,
            )

        leader = facts["leader"]
        ours, theirs = _group(facts, "leader", table)
        took, total = _took(facts, ours)
        won = 2 * took > total
        who = names[leader]
        them = and_list([names[s] for s in theirs])
        of = gettext("{took} of {total} points").format(took=took, total=total)

        if len(ours) == 1:
            if facts.get("red"):
                head, note = gettext("{who} played it red and took {of}").format(who=who, of=of), ""
            else:
                head = gettext("{who} led, found no partner and took {of}").format(who=who, of=of)
                note = gettext(" (house ruling: a leader with no partner settles as red)")
            if won:
                payments = transfers([(s, BET) for s in theirs], [(leader, BET * len(theirs))])
                text = gettext("{them} pay {who} {BET} each").format(them=them, who=who, BET=BET)
            else:
                payments = transfers([(leader, BET * len(theirs))], [(s, BET) for s in theirs])
                text = gettext("{who} pays {BET} each to {them}").format(
                    who=who, BET=BET, them=them
                )
            rule = "red"
        else:
            partner = ours[1]
            head = gettext("{who} led with {name} and they took {of}").format(
                who=who, name=names[partner], of=of
            )
            note = ""
            if won:
                share = BET * len(theirs) // 2  # three losers' bets, shared by two
                payments = transfers(
                    [(s, BET) for s in theirs], [(leader, share), (partner, share)]
                )
                text = gettext("{them} pay {BET} each; {who} and {name} take {share} each").format(
                    them=them, BET=BET, who=who, name=names[partner], share=share
                )
                rule = "made"
            else:
                payments = transfers([(leader, BET * len(theirs))], [(s, BET) for s in theirs])
                text = gettext("{who} pays {BET} each to {them}; {name} pays nothing").format(
                    who=who, BET=BET, them=them, name=names[partner]
                )
                rule = "failed"
        payments = tuple(payments)
        return HandResult(
            net(payments, table.size),
            f"{head}: {text}{note}",
            rule=rule,
            payments=payments,
            bidder=leader,
            partner=None if len(ours) == 1 else ours[1],
            made=won,
        )


class UpAndDownPoints(BidderPartnerTieBreak, GameRules):
    key = "up-and-down-points"
    HAND_SIZE = TRICKS
    TARGET = 60
    name = "Up and Down (points)"
    family = "Up and Down"
    rules_version = "Vines rulebook, Game 9; vinescore rulings 2026-12"
    corrected = gettext_noop("the corrected Up and Down rules (a deal everyone passed)")
    passes = True
    player_counts = (PLAYERS,)
    summary = gettext_noop(
        "Up and Down with a bid: bid the points you and a partner found by card play "
        "will take; exactly scores only you two, more scores everyone."
    )
    MIN_BID, MAX_BID = 3, 22

    def fields(self, table: Table) -> list[Field]:
        return unless_passed(
            [
                Field("bidder", gettext("Bidder"), "seat"),
                bid_field(self.MIN_BID, self.MAX_BID),
                *_side_fields(gettext_noop("bidder")),
            ]
        )

    def shortcuts(self, table: Table) -> list[Shortcut]:
        return [self.passed_shortcut()]

    def clean(self, facts: Facts, table: Table) -> Facts:
        facts = check_fields(self.fields(table), facts, table, may_omit=GROUP_POINTS)
        if facts["passed"]:
            return facts
        return _check_sides(facts, "bidder", gettext_noop("bidder"), table)

    def score(self, facts: Facts, table: Table) -> HandResult:
        if facts.get("passed"):
            return self.passed_out(table)
        names = table.names
        bidder, bid = facts["bidder"], facts["bid"]
        ours, theirs = _group(facts, "bidder", table)
        took, total = _took(facts, ours)
        rest = total - took
        who = names[bidder]
        partner = ours[1] if len(ours) > 1 else None
        if facts.get("red"):
            head = gettext("{who} bid {bid}, played it red and took {count}").format(
                who=who, bid=bid, count=plural(took, "point")
            )
        elif partner is None:
            head = gettext("{who} bid {bid}, found no partner and took {count}").format(
                who=who, bid=bid, count=plural(took, "point")
            )
        else:
            head = gettext("{who} bid {bid} with {name} and they took {count}").format(
                who=who, bid=bid, name=names[partner], count=plural(took, "point")
            )
        us_names = and_list([names[s] for s in ours])
        them_names = and_list([names[s] for s in theirs])
        each = gettext(" each") if len(ours) > 1 else ""

        if took == bid:
            awards = [took if s in ours else 0 for s in range(table.size)]
            text = ngettext(
                "{us_names} scores {took}{each}; {them_names} score nothing",
                "{us_names} score {took}{each}; {them_names} score nothing",
                len(ours),
            ).format(us_names=us_names, took=took, each=each, them_names=them_names)
            rule = "exact"
        elif took > bid:
            awards = [took if s in ours else rest for s in range(table.size)]
            text = ngettext(
                "{us_names} scores {took}{each}; {them_names} score {rest} each",
                "{us_names} score {took}{each}; {them_names} score {rest} each",
                len(ours),
            ).format(us_names=us_names, took=took, each=each, them_names=them_names, rest=rest)
            rule = "exceed"
        else:
            awards = [0 if s in ours else rest for s in range(table.size)]
            text = ngettext(
                "{us_names} scores nothing; {them_names} score {rest} each",
                "{us_names} score nothing; {them_names} score {rest} each",
                len(ours),
            ).format(us_names=us_names, them_names=them_names, rest=rest)
            rule = "short"
        note = ""
        if partner is None and not facts.get("red"):
            note = gettext(" (no partner found: the bidder's group is the bidder alone, as if red)")
        return HandResult(
            tuple(awards),
            f"{head}: {text}{note}",
            rule=rule,
            bidder=bidder,
            partner=partner,
            made=took >= bid,
            bid=bid,
        )
