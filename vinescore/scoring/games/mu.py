"""Mü: bid by showing cards; the Chief and a partner must take enough card points.

The seed is Board Game Arena's help page, which leaves out the tables; the
classic edition's numbers are in RULINGS.md ("Mü") and are used here. Every
player keeps their own score. A hand is either played (Chief, bid, Vice,
partner, the Chief's trump and everyone's card points) or, when bidding ends
in a tie for Chief, not played at all (who tied, who tied last, cards shown),
or passed by everyone. With six at the table and the "dealer sits out"
option, the dealer of each hand sits it out and the other five play it with
the five-player table.
"""

from __future__ import annotations

from dataclasses import replace

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
    unless_passed,
)
from ..checks import check_fields
from ..words import and_list, plural

HAND_SIZES = {3: 12, 4: 15, 5: 12, 6: 10}  # cards each; also the largest bid
DECK_POINTS = {3: 36, 4: 60, 5: 60, 6: 60}  # three players use three colours
# Points the Chief's side needs for a bid of n: BASE + STEP * n.
TARGET_TABLE = {3: (10, 2), 4: (28, 2), 5: (21, 3), 6: (16, 4)}
BONUS_CAP = 100
DEALER_SITS_OUT = "dealer_sits_out"

COLOUR, ONE_OR_SEVEN, OTHER_NUMBER, NO_TRUMP = "colour", "one_or_seven", "other_number", "none"
TRUMPS = (
    (COLOUR, "A colour"),
    (ONE_OR_SEVEN, "The number 1 or 7"),
    (OTHER_NUMBER, "Another number"),
    (NO_TRUMP, "No trump"),
)
TRUMP_K = {COLOUR: 0, ONE_OR_SEVEN: 1, OTHER_NUMBER: 2, NO_TRUMP: 3}
TRUMP_WORDS = {
    COLOUR: "a colour as trump",
    ONE_OR_SEVEN: "1s or 7s as trump",
    OTHER_NUMBER: "another number as trump",
    NO_TRUMP: "no trump",
}


def target(players: int, bid: int) -> int:
    """Points the Chief's side needs to make a bid of `bid` cards."""
    base, step = TARGET_TABLE[players]
    return base + step * bid


def bonus(bid: int, trump: str) -> int:
    """What the Chief and partner each gain for a made bid."""
    return min(BONUS_CAP, 10 * (bid + TRUMP_K[trump]))


def reached(players: int, bid: int, points: int) -> int:
    """The largest bid up to `bid` whose target `points` reaches (0 if none)."""
    return max((m for m in range(1, bid + 1) if points >= target(players, m)), default=0)


def gains(names: list[str], each: int) -> str:
    """'Cy, Dee and Eli gain 10 each' or 'Cy gains 10'."""
    if len(names) == 1:
        return f"{names[0]} gains {each}"
    return f"{and_list(names)} gain {each} each"


class Mu(GameRules):
    key = "mu"
    HAND_SIZE = HAND_SIZES
    TARGET = 200
    name = "Mü"
    family = ""
    rules_version = "Mü help page (classic edition scoring); vinescore rulings 2026-12"
    corrected = "the corrected Mü rules (a deal everyone passed; six with the dealer out)"
    player_counts = (3, 4, 5, 6)
    partnership = False
    passes = True
    options = (
        Option(
            DEALER_SITS_OUT,
            "Six players: the dealer sits out",
            "With six at the table, each hand's dealer sits it out and the other five play "
            "it as a five-player hand (12 cards each, 21 + 3 per card shown).",
        ),
    )
    summary = (
        "Bid by showing cards to become Chief; the Chief and a chosen partner must take "
        "enough card points for the cards shown to earn a bonus, and every card overbid "
        "costs the Chief 10 and gives each opponent 5."
    )

    def max_bid(self, players: int) -> int:
        return HAND_SIZES[players]

    @staticmethod
    def sitting_out(table: Table) -> int | None:
        """The seat of a dealer who sits this hand out (six players, with the option)."""
        if table.size == 6 and table.has(DEALER_SITS_OUT):
            return table.dealer
        return None

    def playing(self, table: Table) -> list[int]:
        """The seats that play this hand."""
        out = self.sitting_out(table)
        return [s for s in range(table.size) if s != out]

    def fields(self, table: Table) -> list[Field]:
        players = len(self.playing(table))
        top = self.max_bid(players)
        deck = DECK_POINTS[players]
        played = ("tie", (False,))
        tie = ("tie", (True,))
        base, step = TARGET_TABLE[players]
        side = "the Chief alone" if players == 3 else "the Chief and partner"
        verb = "needs" if players == 3 else "need"
        out_seat = self.sitting_out(table)
        sits = (
            f" {table.names[out_seat]} deals and sits out; the five who play use the "
            "five-player table."
            if out_seat is not None
            else ""
        )
        out = [
            Field(
                "tie",
                "Tie for Chief (the hand was not played)",
                "flag",
                help="Bidding ended with two or more players showing the most cards.",
            ),
            Field("tied", "Who tied for Chief", "seats", show_if=tie),
            Field(
                "tied_last",
                "Who tied last",
                "seat",
                show_if=tie,
                help="The player who matched the most cards last: they lose 10 per card "
                "shown; the others who tied gain 5 per card.",
            ),
            Field("shown", "Cards shown", "number", min=1, max=top, show_if=tie),
            Field("chief", "Chief", "seat", show_if=played),
            Field(
                "bid",
                "Bid (cards the Chief showed)",
                "number",
                min=1,
                max=top,
                show_if=played,
                help=f"With {players} players {side} {verb} {base} + {step} per card shown." + sits,
            ),
            Field(
                "vice",
                "Vice",
                "seat",
                optional=True,
                none_label="No Vice",
                show_if=played,
                detail=True,
                help="Recorded only; it does not change the score.",
            ),
        ]
        if players >= 4:
            out.append(
                Field(
                    "partner",
                    "Partner",
                    "seat",
                    show_if=played,
                    help="Named by the Chief; not the Vice.",
                )
            )
        out += [
            Field(
                "trump",
                "Chief's trump",
                "choice",
                choices=TRUMPS,
                show_if=played,
                help="Sets the bonus: 10 per card shown, plus 10 for 1 or 7, 20 for another "
                f"number, 30 for no trump; at most {BONUS_CAP}.",
            ),
            Field(
                "points",
                "Card points",
                "per_seat",
                min=0,
                max=deck,
                total=deck,
                show_if=played,
                help="The card points each player took in tricks. "
                "Leave one player blank and it is worked out."
                + (f" {table.names[out_seat]} sat out: 0." if out_seat is not None else ""),
            ),
        ]
        return unless_passed(out)

    def shortcuts(self, table: Table) -> list[Shortcut]:
        return [self.passed_shortcut()]

    def clean(self, facts: Facts, table: Table) -> Facts:
        out_seat = self.sitting_out(table)
        points = facts.get("points") if isinstance(facts, dict) else None
        if out_seat is not None and isinstance(points, list) and len(points) == table.size:
            if points[out_seat] is None or str(points[out_seat]).strip() == "":
                # The dealer sitting out took nothing: no need to type it.
                facts = {**facts, "points": [*points[:out_seat], 0, *points[out_seat + 1 :]]}
        facts = check_fields(self.fields(table), facts, table)
        if facts["passed"]:
            return facts
        names = table.names
        errors: dict[str, str] = {}
        if out_seat is not None:
            self._check_sitting_out(facts, table, out_seat, errors)
            if errors:
                raise HandInvalid(errors)
        if facts["tie"]:
            if len(facts["tied"]) < 2:
                errors["tied"] = "Who tied for Chief: choose at least two players."
            if facts["tied_last"] not in facts["tied"]:
                errors["tied_last"] = "Who tied last: choose one of the players who tied for Chief."
        else:
            chief, vice, partner = facts["chief"], facts["vice"], facts.get("partner")
            if vice is not None and vice == chief:
                errors["vice"] = (
                    "Vice: the Chief cannot also be Vice; choose another player or “No Vice”."
                )
            if partner is not None and partner == chief:
                errors["partner"] = (
                    "Partner: the Chief cannot be their own partner; choose another player."
                )
            elif partner is not None and partner == vice:
                errors["partner"] = (
                    f"Partner: the Chief cannot choose the Vice ({names[vice]}) as partner."
                )
        if errors:
            raise HandInvalid(errors)
        return facts

    @staticmethod
    def _check_sitting_out(facts: Facts, table: Table, out: int, errors: dict) -> None:
        """The dealer who sits out holds no role, shows no card and takes no point."""
        who = table.names[out]
        why = f"{who} deals and sits out this hand"
        if facts["tie"]:
            if out in facts["tied"]:
                errors["tied"] = f"Who tied for Chief: {why}; choose players who bid."
            return
        for name, label in (("chief", "Chief"), ("vice", "Vice"), ("partner", "Partner")):
            if facts.get(name) == out:
                errors[name] = f"{label}: {why}; choose a player who played."
        if facts["points"][out]:
            errors["points"] = f"Card points: {why}, so takes no card points; 0 for {who}."

    def score(self, facts: Facts, table: Table) -> HandResult:
        if facts.get("passed"):
            return self.passed_out(table)
        if facts.get("tie"):
            return self._tie(facts, table)
        names = table.names
        out_seat = self.sitting_out(table)
        players = len(self.playing(table))
        chief, bid, trump = facts["chief"], facts["bid"], facts["trump"]
        partner = facts.get("partner")
        points = list(facts["points"])
        side = [chief] + ([partner] if partner is not None else [])
        others = [s for s in self.playing(table) if s not in side]
        took = sum(points[s] for s in side)
        need = target(players, bid)
        who = names[chief]
        takers = and_list([names[s] for s in side])
        sits = f" ({names[out_seat]} deals and sits out)" if out_seat is not None else ""
        head = f"Chief {who} bid {bid} with {players} players{sits}, needing {need}"
        keep = "; everyone scores their own card points"
        awards = points[:]

        if took >= need:
            prize = bonus(bid, trump)
            k = TRUMP_K[trump]
            if k:
                how = f"10 per card shown plus {10 * k} for {TRUMP_WORDS[trump]}"
            else:
                how = f"10 per card shown; {TRUMP_WORDS[trump]} adds nothing"
            if 10 * (bid + k) > BONUS_CAP:
                how += f", capped at {BONUS_CAP}"
            for s in side:
                awards[s] += prize
            each = " each" if len(side) > 1 else ""
            return HandResult(
                tuple(awards),
                f"{head}; {takers} took {took}: bonus {prize}{each} ({how}){keep}",
                rule="made",
                bidder=chief,
                partner=partner,
                made=True,
                bid=bid,
            )

        enough = reached(players, bid, took)
        over = bid - enough
        if enough:
            short = f"enough for a bid of {enough}"
        else:
            short = f"not enough for a bid of 1, which needs {target(players, 1)}"
        cards = f"all {over} cards" if over == bid and over > 1 else plural(over, "card")
        awards[chief] -= 10 * over
        for s in others:
            awards[s] += 5 * over
        text = (
            f"{head}, but {takers} took {took} ({short}): {cards} overbid; "
            f"{who} loses {10 * over}, {gains([names[s] for s in others], 5 * over)}"
        )
        if partner is not None:
            text += f"; partner {names[partner]} gets nothing extra"
        return HandResult(
            tuple(awards),
            text + keep,
            rule="overbid",
            bidder=chief,
            partner=partner,
            made=False,
            bid=bid,
        )

    def _tie(self, facts: Facts, table: Table) -> HandResult:
        names = table.names
        tied, last, shown = facts["tied"], facts["tied_last"], facts["shown"]
        awards = [0] * table.size
        awards[last] = -10 * shown
        rest = [s for s in tied if s != last]
        for s in rest:
            awards[s] = 5 * shown
        return HandResult(
            tuple(awards),
            f"{and_list([names[s] for s in tied])} tied for Chief with "
            f"{plural(shown, 'card')} shown and the hand was not played: "
            f"{names[last]}, who tied last, loses {10 * shown}; "
            f"{gains([names[s] for s in rest], 5 * shown)}; nobody scores card points",
            rule="tie",
        )

    # The Mü help page gives no tie-break for the end of the game, so the Vines
    # convention (GameRules.winner) is used: first to reach the target ends the
    # game, the highest total wins, and a tie at the top goes to the last
    # hand's Chief, else the tied player nearest the dealer's left.
    def break_tie(self, tied: list[int], last: HandResult, table: Table) -> Winner:
        won = super().break_tie(tied, last, table)
        reason = won.reason.replace("the bidder", "the Chief")
        return replace(won, reason=f"{reason} (house ruling: the Mü help page gives no tie-break)")
