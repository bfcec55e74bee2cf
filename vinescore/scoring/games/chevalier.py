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
    bid_field,
    unless_passed,
)
from ..checks import check_fields
from ..words import gettext, gettext_noop, ngettext, plural

TRICKS = 10
POISON_CARDS = 5
MIN_BID, MAX_BID = 1, 15  # 15: ten tricks, five of them poisoned and swept
SWEPT_BY_BIDDERS = 2  # what each poisoned trick counts when the bidders sweep


class Chevalier(GameRules):
    key = "chevalier"
    HAND_SIZE = TRICKS
    TARGET = 31
    name = "Chevalier"
    rules_version = "Vines rulebook, Game 8 (Chevalier rulebook); vinescore rulings 2026-12"
    corrected = gettext_noop("the corrected Chevalier sweep (a discarded 7 means no sweep)")
    player_counts = (4,)
    partnership = True
    passes = True
    summary = gettext_noop(
        "Partners bid the points their ten tricks will make, where a trick with a poison "
        "7 is worthless unless one team takes every poisoned trick."
    )
    options = (
        Option(
            "buccaneer",
            gettext_noop("Buccaneer"),
            gettext_noop(
                "A variant from the rulebook: the Tars are the poison cards instead of the "
                "7s; scoring is the same."
            ),
        ),
    )

    @staticmethod
    def poison(table: Table) -> str:
        return gettext("Tars") if table.has("buccaneer") else gettext("7s")

    @staticmethod
    def one_poison(table: Table) -> str:
        return gettext("Tar") if table.has("buccaneer") else "7"

    def fields(self, table: Table) -> list[Field]:
        poison = self.poison(table)
        return unless_passed(
            [
                Field("bidder", gettext("Bidder"), "seat"),
                bid_field(MIN_BID, MAX_BID),
                Field(
                    "bidders_clean",
                    gettext("Clean tricks taken by the bidding team"),
                    "number",
                    min=0,
                    max=TRICKS,
                ),
                Field(
                    "bidders_poisoned",
                    gettext("Poisoned tricks taken by the bidding team"),
                    "number",
                    min=0,
                    max=POISON_CARDS,
                    default=0,
                    help=gettext("Tricks holding at least one of the {poison}.").format(
                        poison=poison
                    ),
                ),
                Field(
                    "defenders_poisoned",
                    gettext("Poisoned tricks taken by the other team"),
                    "number",
                    min=0,
                    max=POISON_CARDS,
                    default=0,
                ),
                Field(
                    "defenders_clean",
                    gettext("Clean tricks taken by the other team"),
                    "number",
                    min=0,
                    max=TRICKS,
                    optional=True,
                    help=gettext("Leave blank: it is the rest of the {TRICKS} tricks.").format(
                        TRICKS=TRICKS
                    ),
                ),
                Field(
                    "discarded_poison",
                    gettext("The bidder discarded a {one_poison}").format(
                        one_poison=self.one_poison(table)
                    ),
                    "flag",
                    help=gettext(
                        "Took the open card and laid a {one_poison} away: nobody can hold every "
                        "{one_poison} dealt, so no sweep."
                    ).format(one_poison=self.one_poison(table)),
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
                    "defenders_poisoned": gettext(
                        "Poisoned tricks: at most {n} in a hand where the bidder discarded a "
                        "{one_poison} (one for each of the other {poison}); these add up to "
                        "{poisoned}."
                    ).format(
                        n=POISON_CARDS - 1,
                        one_poison=self.one_poison(table),
                        poison=poison,
                        poisoned=poisoned,
                    )
                }
            )
        if poisoned > POISON_CARDS:
            raise HandInvalid(
                {
                    "defenders_poisoned": gettext(
                        "Poisoned tricks: at most {POISON_CARDS} in a hand (one for each of the "
                        "{poison}); these add up to {poisoned}."
                    ).format(POISON_CARDS=POISON_CARDS, poison=poison, poisoned=poisoned)
                }
            )
        known = facts["bidders_clean"] + poisoned
        if facts["defenders_clean"] is None:
            if known > TRICKS:
                raise HandInvalid(
                    {
                        "defenders_clean": gettext(
                            "Tricks: {TRICKS} in a hand, but the clean and poisoned tricks "
                            "entered already add up to {known}."
                        ).format(TRICKS=TRICKS, known=known)
                    }
                )
            facts["defenders_clean"] = TRICKS - known
        elif known + facts["defenders_clean"] != TRICKS:
            raise HandInvalid(
                {
                    "defenders_clean": gettext(
                        "Tricks: {TRICKS} in a hand; the clean and poisoned tricks add up to {n}."
                    ).format(TRICKS=TRICKS, n=known + facts["defenders_clean"])
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

        poisoned = facts["bidders_poisoned"]
        ours = facts["bidders_clean"] + (SWEPT_BY_BIDDERS * poisoned if swept == "bidders" else 0)
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
                ngettext(
                    "{team} swept the {poison}: their {count} counts double",
                    "{team} swept the {poison}: their {count} count double",
                    facts["bidders_poisoned"],
                ).format(
                    team=teams[us],
                    poison=poison,
                    count=plural(facts["bidders_poisoned"], "poisoned trick"),
                )
            )
        elif swept == "defenders":
            notes.append(
                ngettext(
                    "{team} swept the {poison}: their {count} counts 1",
                    "{team} swept the {poison}: their {count} count 1 each",
                    facts["defenders_poisoned"],
                ).format(
                    team=teams[them],
                    poison=poison,
                    count=plural(facts["defenders_poisoned"], "poisoned trick"),
                )
            )
        else:
            both = facts["bidders_poisoned"] + facts["defenders_poisoned"]
            if facts.get("discarded_poison"):
                notes.append(
                    ngettext(
                        "no sweep: {name} discarded a {one_poison}, so nobody took every "
                        "{one_poison} dealt, and the {count} counts nothing",
                        "no sweep: {name} discarded a {one_poison}, so nobody took every "
                        "{one_poison} dealt, and the {count} count nothing",
                        both,
                    ).format(
                        name=table.names[bidder],
                        one_poison=self.one_poison(table),
                        count=plural(both, "poisoned trick"),
                    )
                )
            elif facts["bidders_poisoned"]:
                notes.append(
                    ngettext(
                        "no sweep: the {count} counts nothing",
                        "no sweep: the {count} count nothing",
                        both,
                    ).format(count=plural(both, "poisoned trick"))
                )
        sweep_note = "; ".join(notes)
        ruling = ""
        if swept:
            ruling = gettext(
                "House ruling: a sweep is every {one_poison} dealt this hand; those left in the "
                "pack do not count"
            ).format(one_poison=self.one_poison(table))

        who = table.names[bidder]
        made = ours >= bid
        head = gettext("{who} bid {bid} and {team} took {count}").format(
            who=who, bid=bid, team=teams[us], count=plural(ours, "point")
        )
        if made:
            text = gettext("{head}: both teams keep their points ({ours} and {theirs})").format(
                head=head, ours=ours, theirs=theirs
            )
            awards = award(ours, theirs)
            rule = "sweep" if swept else "made"
        else:
            text = gettext(
                "{head}: {team} score nothing; {team2} score their {theirs} plus a bump of {bid}: "
                "{n}"
            ).format(
                head=head, team=teams[us], team2=teams[them], theirs=theirs, bid=bid, n=theirs + bid
            )
            awards = award(0, theirs + bid)
            rule = "bump"
        if sweep_note:
            text += f"; {sweep_note}"
        return HandResult(awards, text, rule=rule, bidder=bidder, made=made, bid=bid, ruling=ruling)
