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
from ..checks import check_fields
from ..ledger import transfers
from ..words import and_list, plural
from .bishop import BidderPartnerTieBreak

PLAYERS = 5
TRICKS = 11
MIN_POINTS, MAX_POINTS = TRICKS, 2 * TRICKS
RULES_VERSION = "Vines rulebook, Game 9; vinescore rulings 2026-11"


def _side_fields(lead: str) -> list[Field]:
    """The leader's (or bidder's) company and the two groups' points. Only
    the groups' points score; each player's own is a detail."""
    return [
        Field(
            "red",
            "Played it red (alone)",
            "flag",
            help=f"The {lead} said “red” on the first lead.",
        ),
        Field(
            "partner",
            "Partner",
            "seat",
            optional=True,
            show_if=("red", (False,)),
            none_label="No partner found",
            help=f"The first player to split a trick with the {lead}.",
        ),
        Field(
            "side_points",
            f"Points taken by the {lead} and partner",
            "number",
            min=0,
            max=MAX_POINTS,
            help=f"Tricks and half tricks; the {lead} alone after red or with no partner.",
        ),
        Field(
            "others_points",
            "Points taken by everyone else",
            "number",
            min=0,
            max=MAX_POINTS,
            help="An undivided trick is 1 point, each half of a divided trick 1 point: "
            f"{MIN_POINTS} to {MAX_POINTS} in a hand.",
        ),
        Field(
            "points",
            "Each player's points",
            "per_seat",
            min=0,
            max=TRICKS,
            detail=True,
            help="Instead of the two groups' points, if you keep them player by player.",
        ),
    ]


GROUP_POINTS = ("side_points", "others_points")


def _check_sides(facts: Facts, lead_field: str, lead: str, table: Table) -> Facts:
    """Cross-field rules both versions share."""
    names = table.names
    if not facts["red"] and facts["partner"] is not None:
        if facts["partner"] == facts[lead_field]:
            raise HandInvalid(
                {
                    "partner": f"Partner: the {lead} cannot be their own partner; choose "
                    "another player or “No partner found”."
                }
            )
    ours, theirs = _group(facts, lead_field, table)
    points = facts["points"]
    if points is not None:
        total = sum(points)
        if not MIN_POINTS <= total <= MAX_POINTS:
            raise HandInvalid(
                {
                    "points": f"Points: a hand holds {MIN_POINTS} to {MAX_POINTS} "
                    f"({TRICKS} tricks, each whole or split in two); these add up to {total}."
                }
            )
        for name, group in zip(GROUP_POINTS, (ours, theirs), strict=True):
            got = sum(points[s] for s in group)
            if facts[name] is None:
                facts[name] = got
            elif facts[name] != got:
                raise HandInvalid(
                    {
                        name: f"{_label(name, lead)}: {facts[name]} entered, but "
                        f"{and_list([names[s] for s in group])} have {got} between them."
                    }
                )
    for name in GROUP_POINTS:
        if facts[name] is None:
            raise HandInvalid({name: f"Enter the {_label(name, lead).lower()}."})
    total = facts["side_points"] + facts["others_points"]
    if not MIN_POINTS <= total <= MAX_POINTS:
        raise HandInvalid(
            {
                "others_points": f"Points: a hand holds {MIN_POINTS} to {MAX_POINTS} "
                f"({TRICKS} tricks, each whole or split in two); these add up to {total}."
            }
        )
    if len(ours) == 1 and facts["side_points"] > TRICKS:
        raise HandInvalid(
            {
                "side_points": f"{_label('side_points', lead)}: alone, the {lead} takes at "
                f"most {TRICKS} (one card to each trick); {facts['side_points']} entered."
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
                            "points": f"Points: {names[partner]} became partner by "
                            f"splitting a trick with {names[leader]}, so "
                            f"{names[seat]} has at least 1 point."
                        }
                    )
        if facts["side_points"] < 2:
            raise HandInvalid(
                {
                    "side_points": f"{_label('side_points', lead)}: {names[partner]} became "
                    f"partner by splitting a trick with {names[leader]}, so they have at "
                    f"least 2; {facts['side_points']} entered."
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
    opens = "may lead out first"
    key = "up-and-down"
    HAND_SIZE = TRICKS
    STAKES = 30
    name = "Up and Down"
    family = "Up and Down"
    rules_version = RULES_VERSION
    player_counts = (PLAYERS,)
    coins = True
    summary = (
        "Whoever dares leads out and, with the first player to split a trick with them, "
        "must take more than half the hand's points, for coins."
    )

    def fields(self, table: Table) -> list[Field]:
        playing = ("take_back", (False,))
        fields = [
            Field(
                "take_back",
                "The dealer took back",
                "flag",
                help="Everyone knocked and the dealer paid 1 to each player instead of leading.",
            ),
            Field("leader", "Leader", "seat", show_if=playing),
        ]
        for f in _side_fields("leader"):
            if f.show_if is None:
                f = replace(f, show_if=playing)
            fields.append(f)
        return fields

    def shortcuts(self, table: Table) -> list[Shortcut]:
        return [Shortcut("Take back", {"take_back": True})]

    def clean(self, facts: Facts, table: Table) -> Facts:
        facts = check_fields(self.fields(table), facts, table, may_omit=GROUP_POINTS)
        if facts["take_back"]:
            return facts
        return _check_sides(facts, "leader", "leader", table)

    def score(self, facts: Facts, table: Table) -> HandResult:
        names = table.names
        if facts.get("take_back"):
            dealer = table.dealer
            others = [s for s in range(table.size) if s != dealer]
            payments = tuple(transfers([(dealer, len(others))], [(s, 1) for s in others]))
            return HandResult(
                net(payments, table.size),
                f"{names[dealer]} dealt, everyone knocked and {names[dealer]} took back: "
                f"{names[dealer]} pays 1 each to {and_list([names[s] for s in others])}",
                rule="take-back",
                payments=payments,
            )

        leader = facts["leader"]
        ours, theirs = _group(facts, "leader", table)
        took, total = _took(facts, ours)
        won = 2 * took > total
        who = names[leader]
        them = and_list([names[s] for s in theirs])
        of = f"{took} of {total} points"

        if len(ours) == 1:
            if facts.get("red"):
                head, note = f"{who} played it red and took {of}", ""
            else:
                head = f"{who} led, found no partner and took {of}"
                note = " (house ruling: a leader with no partner settles as red)"
            if won:
                payments = transfers([(s, 2) for s in theirs], [(leader, 2 * len(theirs))])
                text = f"{them} pay {who} 2 each"
            else:
                payments = transfers([(leader, 2 * len(theirs))], [(s, 2) for s in theirs])
                text = f"{who} pays 2 each to {them}"
            rule = "red"
        else:
            partner = ours[1]
            head = f"{who} led with {names[partner]} and they took {of}"
            note = ""
            if won:
                payments = transfers([(s, 2) for s in theirs], [(leader, 3), (partner, 3)])
                text = f"{them} pay 2 each; {who} and {names[partner]} take 3 each"
                rule = "made"
            else:
                payments = transfers([(leader, 2 * len(theirs))], [(s, 2) for s in theirs])
                text = f"{who} pays 2 each to {them}; {names[partner]} pays nothing"
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
    corrected = "the corrected Up and Down rules (a deal everyone passed)"
    passes = True
    player_counts = (PLAYERS,)
    summary = (
        "Up and Down with a bid: bid the points you and a partner found by card play "
        "will take; exactly scores only you two, more scores everyone."
    )
    MIN_BID, MAX_BID = 3, 22

    def fields(self, table: Table) -> list[Field]:
        return unless_passed(
            [
                Field("bidder", "Bidder", "seat"),
                bid_field(self.MIN_BID, self.MAX_BID),
                *_side_fields("bidder"),
            ]
        )

    def shortcuts(self, table: Table) -> list[Shortcut]:
        return [self.passed_shortcut()]

    def clean(self, facts: Facts, table: Table) -> Facts:
        facts = check_fields(self.fields(table), facts, table, may_omit=GROUP_POINTS)
        if facts["passed"]:
            return facts
        return _check_sides(facts, "bidder", "bidder", table)

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
            head = f"{who} bid {bid}, played it red and took {plural(took, 'point')}"
        elif partner is None:
            head = f"{who} bid {bid}, found no partner and took {plural(took, 'point')}"
        else:
            head = f"{who} bid {bid} with {names[partner]} and they took {plural(took, 'point')}"
        us_names = and_list([names[s] for s in ours])
        them_names = and_list([names[s] for s in theirs])
        each = " each" if len(ours) > 1 else ""
        verb = "score" if len(ours) > 1 else "scores"

        if took == bid:
            awards = [took if s in ours else 0 for s in range(table.size)]
            text = f"{us_names} {verb} {took}{each}; {them_names} score nothing"
            rule = "exact"
        elif took > bid:
            awards = [took if s in ours else rest for s in range(table.size)]
            text = f"{us_names} {verb} {took}{each}; {them_names} score {rest} each"
            rule = "exceed"
        else:
            awards = [0 if s in ours else rest for s in range(table.size)]
            text = f"{us_names} {verb} nothing; {them_names} score {rest} each"
            rule = "short"
        note = ""
        if partner is None and not facts.get("red"):
            note = " (no partner found: the bidder's group is the bidder alone, as if red)"
        return HandResult(
            tuple(awards),
            f"{head}: {text}{note}",
            rule=rule,
            bidder=bidder,
            partner=partner,
            made=took >= bid,
            bid=bid,
        )
