"""Game 8, Chevalier: two fixed teams, ten tricks, and five poison cards.

A trick holding a poison card (a 7; Tars in Buccaneer) is worth nothing,
unless one team took every poison card that was dealt: a sweep. Every dealt
7 ends up in a trick except one the bidder discards with the open card, so a
sweep is worked out from the poisoned tricks each team took and whether the
bidder discarded a 7; the scorekeeper never enters one.
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
    unless_passed,
)
from ..checks import check_fields
from ..words import plural

TRICKS = 10
POISON_CARDS = 5
MIN_BID, MAX_BID = 1, 15  # 15: ten tricks, five of them poisoned and swept


def counts(n: int) -> str:
    return "counts" if n == 1 else "count"


class Chevalier(GameRules):
    key = "chevalier"
    HAND_SIZE = TRICKS
    TARGET = 31
    name = "Chevalier"
    rules_version = "Vines rulebook, Game 8 (Chevalier rulebook); vinescore rulings 2026-12"
    corrected = "the corrected Chevalier sweep (a discarded 7 means no sweep)"
    player_counts = (4,)
    partnership = True
    passes = True
    summary = (
        "Partners bid the points their ten tricks will make, where a trick with a poison "
        "7 is worthless unless one team takes every poisoned trick."
    )
    options = (
        Option(
            "buccaneer",
            "Buccaneer",
            "A variant from the rulebook: the Tars are the poison cards instead of the "
            "7s; scoring is the same.",
        ),
    )

    @staticmethod
    def poison(table: Table) -> str:
        return "Tars" if table.has("buccaneer") else "7s"

    @staticmethod
    def one_poison(table: Table) -> str:
        return "Tar" if table.has("buccaneer") else "7"

    def fields(self, table: Table) -> list[Field]:
        poison = self.poison(table)
        return unless_passed(
            [
                Field("bidder", "Bidder", "seat"),
                bid_field(MIN_BID, MAX_BID),
                Field(
                    "bidders_clean",
                    "Clean tricks taken by the bidding team",
                    "number",
                    min=0,
                    max=TRICKS,
                ),
                Field(
                    "bidders_poisoned",
                    "Poisoned tricks taken by the bidding team",
                    "number",
                    min=0,
                    max=POISON_CARDS,
                    default=0,
                    help=f"Tricks holding at least one of the {poison}.",
                ),
                Field(
                    "defenders_poisoned",
                    "Poisoned tricks taken by the other team",
                    "number",
                    min=0,
                    max=POISON_CARDS,
                    default=0,
                ),
                Field(
                    "defenders_clean",
                    "Clean tricks taken by the other team",
                    "number",
                    min=0,
                    max=TRICKS,
                    optional=True,
                    help=f"Leave blank: it is the rest of the {TRICKS} tricks.",
                ),
                Field(
                    "discarded_poison",
                    f"The bidder discarded a {self.one_poison(table)}",
                    "flag",
                    help=f"Took the open card and laid a {self.one_poison(table)} away: nobody "
                    f"can hold every {self.one_poison(table)} dealt, so no sweep.",
                ),
            ]
        )

    def shortcuts(self, table: Table) -> list[Shortcut]:
        return [self.passed_shortcut()]

    def clean(self, facts: Facts, table: Table) -> Facts:
        facts = check_fields(self.fields(table), facts, table)
        if facts["passed"]:
            return facts
        poison = self.poison(table)
        poisoned = facts["bidders_poisoned"] + facts["defenders_poisoned"]
        if facts["discarded_poison"] and poisoned > POISON_CARDS - 1:
            raise HandInvalid(
                {
                    "defenders_poisoned": f"Poisoned tricks: at most {POISON_CARDS - 1} in a "
                    f"hand where the bidder discarded a {self.one_poison(table)} (one for each "
                    f"of the other {poison}); these add up to {poisoned}."
                }
            )
        if poisoned > POISON_CARDS:
            raise HandInvalid(
                {
                    "defenders_poisoned": f"Poisoned tricks: at most {POISON_CARDS} in a hand "
                    f"(one for each of the {poison}); these add up to {poisoned}."
                }
            )
        known = facts["bidders_clean"] + poisoned
        if facts["defenders_clean"] is None:
            if known > TRICKS:
                raise HandInvalid(
                    {
                        "defenders_clean": f"Tricks: {TRICKS} in a hand, but the clean and "
                        f"poisoned tricks entered already add up to {known}."
                    }
                )
            facts["defenders_clean"] = TRICKS - known
        elif known + facts["defenders_clean"] != TRICKS:
            raise HandInvalid(
                {
                    "defenders_clean": f"Tricks: {TRICKS} in a hand; the clean and poisoned "
                    f"tricks add up to {known + facts['defenders_clean']}."
                }
            )
        return facts

    @staticmethod
    def sweep(facts: Facts) -> str | None:
        """Which team took every poison card dealt: "bidders", "defenders" or
        None. A discarded one was dealt and taken by nobody: no sweep. After a
        sweep the other team holds no poisoned trick."""
        if facts.get("discarded_poison"):
            return None
        ours, theirs = facts["bidders_poisoned"], facts["defenders_poisoned"]
        if ours and not theirs:
            return "bidders"
        if theirs and not ours:
            return "defenders"
        return None

    def score(self, facts: Facts, table: Table) -> HandResult:
        if facts.get("passed"):
            return self.passed_out(table)
        bidder, bid = facts["bidder"], facts["bid"]
        us = self.side_of(bidder)
        them = 1 - us
        teams = self.side_names(table.names)
        poison = self.poison(table)
        swept = self.sweep(facts)

        ours = facts["bidders_clean"] + (2 * facts["bidders_poisoned"] if swept == "bidders" else 0)
        their_clean = facts.get("defenders_clean")
        if their_clean is None:  # not yet cleaned: the rest of the ten
            their_clean = (
                TRICKS
                - facts["bidders_clean"]
                - facts["bidders_poisoned"]
                - facts["defenders_poisoned"]
            )
        theirs = their_clean + (facts["defenders_poisoned"] if swept == "defenders" else 0)

        def award(a: int, b: int) -> tuple[int, int]:
            return (a, b) if us == 0 else (b, a)

        notes = []
        if swept == "bidders":
            notes.append(
                f"{teams[us]} swept the {poison}: their "
                f"{plural(facts['bidders_poisoned'], 'poisoned trick')} "
                f"{counts(facts['bidders_poisoned'])} double"
            )
        elif swept == "defenders":
            notes.append(
                f"{teams[them]} swept the {poison}: their "
                f"{plural(facts['defenders_poisoned'], 'poisoned trick')} "
                f"{counts(facts['defenders_poisoned'])} 1"
                + (" each" if facts["defenders_poisoned"] != 1 else "")
            )
        else:
            both = facts["bidders_poisoned"] + facts["defenders_poisoned"]
            if facts.get("discarded_poison"):
                notes.append(
                    f"no sweep: {table.names[bidder]} discarded a {self.one_poison(table)}, "
                    f"so nobody took every {self.one_poison(table)} dealt, and the "
                    f"{plural(both, 'poisoned trick')} {counts(both)} nothing"
                )
            elif facts["bidders_poisoned"]:
                notes.append(
                    f"no sweep: the {plural(both, 'poisoned trick')} {counts(both)} nothing"
                )
        sweep_note = "; ".join(notes)
        if swept:
            sweep_note += (
                f" (house ruling: a sweep is every {self.one_poison(table)} dealt this hand; "
                "those left in the pack do not count)"
            )

        who = table.names[bidder]
        made = ours >= bid
        head = f"{who} bid {bid} and {teams[us]} took {plural(ours, 'point')}"
        if made:
            text = f"{head}: both teams keep their points ({ours} and {theirs})"
            awards = award(ours, theirs)
            rule = "sweep" if swept else "made"
        else:
            text = (
                f"{head}: {teams[us]} score nothing; {teams[them]} score their {theirs} "
                f"plus a bump of {bid}: {theirs + bid}"
            )
            awards = award(0, theirs + bid)
            rule = "bump"
        if sweep_note:
            text += f"; {sweep_note}"
        return HandResult(awards, text, rule=rule, bidder=bidder, made=made, bid=bid)

    def break_tie(self, tied: list[int], last: HandResult, table: Table) -> Winner:
        if last.bidder is not None and self.side_of(last.bidder) in tied:
            return Winner(self.side_of(last.bidder), "tied at the top; the bidding team wins ties")
        return super().break_tie(tied, last, table)
