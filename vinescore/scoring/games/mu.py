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
from ..words import and_list, gettext, gettext_noop, plural

HAND_SIZES = {3: 12, 4: 15, 5: 12, 6: 10}  # cards each; also the largest bid
DECK_POINTS = {3: 36, 4: 60, 5: 60, 6: 60}  # three players use three colours
# Points the Chief's side needs for a bid of n: BASE + STEP * n.
TARGET_TABLE = {3: (10, 2), 4: (28, 2), 5: (21, 3), 6: (16, 4)}
BONUS_CAP = 100
BONUS_STEP = 10  # a made bid's bonus: BONUS_STEP * (cards shown + k)
LOSS_PER_CARD = 10  # the Chief per card overbid; who tied last per card shown
GAIN_PER_CARD = 5  # each opponent per card overbid; each other tied player per card shown
DEALER_SITS_OUT = "dealer_sits_out"

COLOUR, ONE_OR_SEVEN, OTHER_NUMBER, NO_TRUMP = "colour", "one_or_seven", "other_number", "none"
TRUMPS = (
    (COLOUR, gettext_noop("A colour")),
    (ONE_OR_SEVEN, gettext_noop("The number 1 or 7")),
    (OTHER_NUMBER, gettext_noop("Another number")),
    (NO_TRUMP, gettext_noop("No trump")),
)
TRUMP_K = {COLOUR: 0, ONE_OR_SEVEN: 1, OTHER_NUMBER: 2, NO_TRUMP: 3}
TRUMP_WORDS = {
    COLOUR: gettext_noop("a colour as trump"),
    ONE_OR_SEVEN: gettext_noop("1s or 7s as trump"),
    OTHER_NUMBER: gettext_noop("another number as trump"),
    NO_TRUMP: gettext_noop("no trump"),
}


def target(players: int, bid: int) -> int:
    """Points the Chief's side needs to make a bid of `bid` cards."""
    base, step = TARGET_TABLE[players]
    return base + step * bid


def bonus(bid: int, trump: str) -> int:
    """What the Chief and partner each gain for a made bid."""
    return min(BONUS_CAP, BONUS_STEP * (bid + TRUMP_K[trump]))


def reached(players: int, bid: int, points: int) -> int:
    """The largest bid up to `bid` whose target `points` reaches (0 if none)."""
    return max((m for m in range(1, bid + 1) if points >= target(players, m)), default=0)


def gains(names: list[str], each: int) -> str:
    """'Cy, Dee and Eli gain 10 each' or 'Cy gains 10'."""
    if len(names) == 1:
        return gettext("{name} gains {each}").format(name=names[0], each=each)
    return gettext("{names} gain {each} each").format(names=and_list(names), each=each)


class Mu(GameRules):
    key = "mu"
    HAND_SIZE = HAND_SIZES
    TARGET = 200
    name = "Mü"
    family = ""
    rules_version = "Mü help page (classic edition scoring); vinescore rulings 2026-12, ties"
    corrected = gettext_noop("the corrected Mü tie-break (the Chief's partner after the Chief)")
    player_counts = (3, 4, 5, 6)
    partnership = False
    passes = True
    options = (
        Option(
            DEALER_SITS_OUT,
            gettext_noop("Six players: the dealer sits out"),
            gettext_noop(
                "With six at the table, each hand's dealer sits it out and the other five play "
                "it as a five-player hand (12 cards each, 21 + 3 per card shown)."
            ),
            player_counts=(6,),
        ),
    )
    summary = gettext_noop(
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
        out_seat = self.sitting_out(table)
        sits = (
            gettext(
                " {name} deals and sits out; the five who play use the five-player table."
            ).format(name=table.names[out_seat])
            if out_seat is not None
            else ""
        )
        out = [
            Field(
                "tie",
                gettext("Tie for Chief (the hand was not played)"),
                "flag",
                help=gettext("Bidding ended with two or more players showing the most cards."),
            ),
            Field("tied", gettext("Who tied for Chief"), "seats", show_if=tie),
            Field(
                "tied_last",
                gettext("Who tied last"),
                "seat",
                show_if=tie,
                help=gettext(
                    "The player who matched the most cards last: they lose 10 per card "
                    "shown; the others who tied gain 5 per card."
                ),
            ),
            Field("shown", gettext("Cards shown"), "number", min=1, max=top, show_if=tie),
            Field("chief", gettext("Chief"), "seat", show_if=played),
            Field(
                "bid",
                gettext("Bid (cards the Chief showed)"),
                "number",
                min=1,
                max=top,
                show_if=played,
                help=(
                    gettext(
                        "With {players} players the Chief alone needs {base} + {step} per card "
                        "shown."
                    )
                    if players == 3
                    else gettext(
                        "With {players} players the Chief and partner need {base} + {step} per "
                        "card shown."
                    )
                ).format(players=players, base=base, step=step)
                + sits,
            ),
            Field(
                "vice",
                gettext("Vice"),
                "seat",
                optional=True,
                none_label=gettext("No Vice"),
                show_if=played,
                detail=True,
                help=gettext("Recorded only; it does not change the score."),
            ),
        ]
        if players >= 4:
            out.append(
                Field(
                    "partner",
                    gettext("Partner"),
                    "seat",
                    show_if=played,
                    help=gettext("Named by the Chief; not the Vice."),
                )
            )
        out += [
            Field(
                "trump",
                gettext("Chief's trump"),
                "choice",
                choices=tuple((k, gettext(v)) for k, v in TRUMPS),
                show_if=played,
                help=gettext(
                    "Sets the bonus: 10 per card shown, plus 10 for 1 or 7, 20 for another "
                    "number, 30 for no trump; at most {BONUS_CAP}."
                ).format(BONUS_CAP=BONUS_CAP),
            ),
            Field(
                "points",
                gettext("Card points"),
                "per_seat",
                min=0,
                max=deck,
                total=deck,
                show_if=played,
                help=gettext(
                    "The card points each player took in tricks. "
                    "Leave one player blank and it is worked out."
                )
                + (
                    gettext(" {name} sat out: 0.").format(name=table.names[out_seat])
                    if out_seat is not None
                    else ""
                ),
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
                errors["tied"] = gettext("Who tied for Chief: choose at least two players.")
            if facts["tied_last"] not in facts["tied"]:
                errors["tied_last"] = gettext(
                    "Who tied last: choose one of the players who tied for Chief."
                )
        else:
            chief, vice, partner = facts["chief"], facts["vice"], facts.get("partner")
            if vice is not None and vice == chief:
                errors["vice"] = gettext(
                    "Vice: the Chief cannot also be Vice; choose another player or “No Vice”."
                )
            if partner is not None and partner == chief:
                errors["partner"] = gettext(
                    "Partner: the Chief cannot be their own partner; choose another player."
                )
            elif partner is not None and partner == vice:
                errors["partner"] = gettext(
                    "Partner: the Chief cannot choose the Vice ({name}) as partner."
                ).format(name=names[vice])
        if errors:
            raise HandInvalid(errors)
        return facts

    @staticmethod
    def _check_sitting_out(facts: Facts, table: Table, out: int, errors: dict) -> None:
        """The dealer who sits out holds no role, shows no card and takes no point."""
        who = table.names[out]
        why = gettext("{who} deals and sits out this hand").format(who=who)
        if facts["tie"]:
            if out in facts["tied"]:
                errors["tied"] = gettext(
                    "Who tied for Chief: {why}; choose players who bid."
                ).format(why=why)
            return
        for name, label in (
            ("chief", gettext("Chief")),
            ("vice", gettext("Vice")),
            ("partner", gettext("Partner")),
        ):
            if facts.get(name) == out:
                errors[name] = gettext("{label}: {why}; choose a player who played.").format(
                    label=label, why=why
                )
        if facts["points"][out]:
            errors["points"] = gettext(
                "Card points: {why}, so takes no card points; 0 for {who}."
            ).format(why=why, who=who)

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
        sits = (
            gettext(" ({name} deals and sits out)").format(name=names[out_seat])
            if out_seat is not None
            else ""
        )
        head = gettext("Chief {who} bid {bid} with {players} players{sits}, needing {need}").format(
            who=who, bid=bid, players=players, sits=sits, need=need
        )
        keep = gettext("; everyone scores their own card points")
        awards = points[:]

        if took >= need:
            prize = bonus(bid, trump)
            k = TRUMP_K[trump]
            if k:
                how = gettext("{BONUS_STEP} per card shown plus {n} for {TRUMP_WORDS}").format(
                    BONUS_STEP=BONUS_STEP, n=BONUS_STEP * k, TRUMP_WORDS=gettext(TRUMP_WORDS[trump])
                )
            else:
                how = gettext("{BONUS_STEP} per card shown; {TRUMP_WORDS} adds nothing").format(
                    BONUS_STEP=BONUS_STEP, TRUMP_WORDS=gettext(TRUMP_WORDS[trump])
                )
            if BONUS_STEP * (bid + k) > BONUS_CAP:
                how += gettext(", capped at {BONUS_CAP}").format(BONUS_CAP=BONUS_CAP)
            for s in side:
                awards[s] += prize
            each = gettext(" each") if len(side) > 1 else ""
            return HandResult(
                tuple(awards),
                gettext("{head}; {takers} took {took}: bonus {prize}{each} ({how}){keep}").format(
                    head=head, takers=takers, took=took, prize=prize, each=each, how=how, keep=keep
                ),
                rule="made",
                bidder=chief,
                partner=partner,
                made=True,
                bid=bid,
            )

        enough = reached(players, bid, took)
        over = bid - enough
        if enough:
            short = gettext("enough for a bid of {enough}").format(enough=enough)
        else:
            short = gettext("not enough for a bid of 1, which needs {target}").format(
                target=target(players, 1)
            )
        cards = (
            gettext("all {over} cards").format(over=over)
            if over == bid and over > 1
            else plural(over, "card")
        )
        awards[chief] -= LOSS_PER_CARD * over
        for s in others:
            awards[s] += GAIN_PER_CARD * over
        text = gettext(
            "{head}, but {takers} took {took} ({short}): {cards} overbid; {who} loses {n}, {gains}"
        ).format(
            head=head,
            takers=takers,
            took=took,
            short=short,
            cards=cards,
            who=who,
            n=LOSS_PER_CARD * over,
            gains=gains([names[s] for s in others], GAIN_PER_CARD * over),
        )
        if partner is not None:
            text += gettext("; partner {name} gets nothing extra").format(name=names[partner])
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
        awards[last] = -LOSS_PER_CARD * shown
        rest = [s for s in tied if s != last]
        for s in rest:
            awards[s] = GAIN_PER_CARD * shown
        return HandResult(
            tuple(awards),
            gettext(
                "{names} tied for Chief with {count} shown and the hand was not played: {name}, "
                "who tied last, loses {n}; {gains}; nobody scores card points"
            ).format(
                names=and_list([names[s] for s in tied]),
                count=plural(shown, "card"),
                name=names[last],
                n=LOSS_PER_CARD * shown,
                gains=gains([names[s] for s in rest], GAIN_PER_CARD * shown),
            ),
            rule="tie",
        )

    # The Mü help page gives no tie-break for the end of the game, so the
    # Vines convention is used (RULINGS, "Winning and ties"): first to reach
    # the target ends the game, the highest total wins, and a tie at the top
    # goes to the last hand's Chief, then the Chief's partner, then the tied
    # player nearest the dealer's left.
    def break_tie(self, tied: list[int], last: HandResult, table: Table) -> Winner:
        if last.bidder is not None and last.bidder in tied:
            seat, how = last.bidder, gettext("the Chief wins ties")
        elif last.partner is not None and last.partner in tied:
            seat, how = last.partner, gettext("the Chief's partner wins ties")
        else:
            seat = next(s for s in table.from_dealers_left() if s in tied)
            how = gettext("the tie goes to the player nearest the dealer's left")
        return Winner(
            seat,
            gettext(
                "tied at the top; {how} (house ruling: the Mü help page gives no tie-break)"
            ).format(how=how),
        )
