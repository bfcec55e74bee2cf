"""Game 5, Ducks and Geese (partners), and its variants Dog and cutthroat.

Point cards are the Deuces and Farmers (Dog: the Tars). The bidders' points are
their tricks plus their point cards; the other side scores point cards only.
RULINGS.md, "Ducks and Geese", settles what the rulebook leaves open.
"""

from __future__ import annotations

from ..base import Facts, Field, GameRules, HandInvalid, HandResult, Option, Shortcut, Table
from ..checks import blank, check_fields
from ..words import gettext, gettext_noop, plural

ZERO, DOUBLE_ZERO = "zero", "double_zero"
BID_WORDS = {ZERO: gettext_noop("zero"), DOUBLE_ZERO: gettext_noop("double zero")}
OPEN, NO_TRUMP = "open", "no_trump"
FORFEIT_AWARD = 3
FAILED_BLIND = gettext_noop("(house ruling: a failed blind bid is an ordinary failure)")
# The rulebook's "minimum starting bid of three" for a blind bid, in Dog and
# cutthroat too, where an open bid may be 2 (RULINGS, "Ducks and Geese").
BLIND_MIN_BID = 3


def check_blind_bid(facts: Facts) -> None:
    """A blind bid of a number is at least BLIND_MIN_BID (a blind zero is a zero)."""
    bid = facts.get("bid")
    if facts.get("blind") and isinstance(bid, int) and bid < BLIND_MIN_BID:
        raise HandInvalid(
            {
                "bid": gettext(
                    "A blind bid is at least {least}: a bid of {bid} is made after looking at "
                    "your cards."
                ).format(least=BLIND_MIN_BID, bid=bid)
            }
        )


BLIND_OPTION = Option(
    "blind",
    gettext_noop("Blind bids"),
    gettext_noop("Bid before looking at your cards; if it is made, the other side scores nothing."),
)


class DucksAndGeese(GameRules):
    key = "ducks-and-geese"
    name = "Ducks and Geese"
    family = "Ducks and Geese"
    rules_version = "Vines rulebook, Game 5 and variants; vinescore rulings 2026-12"
    corrected = gettext_noop("the corrected Ducks and Geese limits (point cards follow the tricks)")
    player_counts = (4,)
    partnership = True
    summary = gettext_noop(
        "Two teams bid tricks plus Deuces and Farmers; the bidders score at most their "
        "bid, and a miss bumps the other team."
    )
    options = (
        Option(
            ZERO,
            gettext_noop("Zero bids"),
            gettext_noop("The zero bidder's partner sits out; take no trick to score 5."),
        ),
        Option(
            DOUBLE_ZERO,
            gettext_noop("Double zero"),
            gettext_noop("Both partners play and take no trick; scores 12."),
            requires=ZERO,
        ),
        BLIND_OPTION,
    )

    HAND_SIZE = 7
    TARGET = 30
    MIN_BID = 3
    MAX_BID = 17
    CARDS = 10  # point cards in the deck
    CARD = (gettext_noop("point card"), gettext_noop("point cards"))
    DECK_HOLDS = gettext_noop("5 Deuces and 5 Farmers")
    ZERO_AWARD = 5
    DOUBLE_ZERO_AWARD = 12

    def cards(self, n: int) -> str:
        return plural(n, *self.CARD)

    def bid_choices(self, table: Table) -> tuple:
        choices = [(n, str(n)) for n in range(self.MIN_BID, self.MAX_BID + 1)]
        if table.has(ZERO):
            choices.append((ZERO, gettext("Zero")))
            if table.has(DOUBLE_ZERO):
                choices.append((DOUBLE_ZERO, gettext("Double zero")))
        return tuple(choices)

    def fields(self, table: Table) -> list[Field]:
        played = ("forfeit", (False,))
        numbers = tuple(range(self.MIN_BID, self.MAX_BID + 1))
        label = gettext(self.CARD[1]).capitalize()
        out = [
            Field(
                "forfeit",
                gettext("Dealer forfeited"),
                "flag",
                help=gettext(
                    "Nobody bid and the dealer declined: the other team scores {FORFEIT_AWARD}."
                ).format(FORFEIT_AWARD=FORFEIT_AWARD),
            ),
            Field("bidder", gettext("Bidder"), "seat", show_if=played),
            Field("bid", gettext("Bid"), "choice", choices=self.bid_choices(table), show_if=played),
        ]
        if table.has("blind"):
            out.append(Field("blind", gettext("Bid blind"), "flag", show_if=played))
        out += [
            Field(
                "bidders_points",
                gettext("Tricks + point cards taken by the bidding team"),
                "number",
                min=0,
                max=self.HAND_SIZE + self.CARDS,
                show_if=("bid", numbers),
                help=gettext(
                    "Their tricks plus their {CARD}: only the sum decides. The split can go under "
                    "More detail."
                ).format(CARD=gettext(self.CARD[1])),
            ),
            Field(
                "others_cards",
                gettext("{label} taken by the other team").format(label=label),
                "number",
                min=0,
                max=self.CARDS,
                show_if=played,
            ),
            # Details: the open card never scores; the bidders' split only
            # matters after a zero bid, where the tricks decide.
            Field(
                "open",
                gettext("Open card"),
                "choice",
                choices=(
                    (OPEN, gettext("Taken (its suit is trump)")),
                    (NO_TRUMP, gettext("Not taken: no trump")),
                ),
                default=OPEN,
                show_if=played,
                detail=True,
                help=gettext("Recorded only; it does not change the score."),
            ),
            Field(
                "bidders_tricks",
                gettext("Tricks taken by the bidding team"),
                "number",
                min=0,
                max=self.HAND_SIZE,
                show_if=played,
                detail=True,
                needed_if=("bid", tuple(BID_WORDS)),
                none_label=gettext("Not recorded"),
                help=gettext(
                    "After a zero bid: the zero bidder's tricks, needed. The other team has the "
                    "rest of the {HAND_SIZE}."
                ).format(HAND_SIZE=self.HAND_SIZE),
            ),
            Field(
                "bidders_cards",
                gettext("{label} taken by the bidding team").format(label=label),
                "number",
                min=0,
                max=self.CARDS,
                show_if=("bid", numbers),
                detail=True,
                none_label=gettext("Not recorded"),
            ),
        ]
        return out

    def shortcuts(self, table: Table) -> list[Shortcut]:
        return [
            Shortcut(
                gettext("Dealer forfeits: the other team scores {FORFEIT_AWARD}").format(
                    FORFEIT_AWARD=FORFEIT_AWARD
                ),
                {"forfeit": True},
            )
        ]

    def clean(self, facts: Facts, table: Table) -> Facts:
        facts = check_fields(self.fields(table), facts, table, may_omit=("bidders_points",))
        if facts["forfeit"]:
            return facts
        check_blind_bid(facts)
        if facts["bid"] not in BID_WORDS:
            self._points_or_split(facts)
        took = facts["bidders_tricks"]
        if took is None:
            self._could_be_dealt(facts)
            return facts
        label = gettext(self.CARD[1]).capitalize()
        ours = facts.get("bidders_cards") or 0
        theirs = facts["others_cards"]
        # A zero bidder's partner sits out: three cards to a trick.
        per_trick = 3 if facts["bid"] == ZERO else 4
        for name, team, tricks, cards in (
            ("bidders_cards", gettext("bidding team"), took, ours),
            ("others_cards", gettext("other team"), self.HAND_SIZE - took, theirs),
        ):
            if tricks == 0 and cards:
                raise HandInvalid(
                    {
                        name: gettext(
                            "{label} taken by the {team}: they took no trick, so they hold no "
                            "{CARD}."
                        ).format(label=label, team=team, CARD=gettext(self.CARD[0]))
                    }
                )
            if cards > per_trick * tricks:
                raise HandInvalid(
                    {
                        name: gettext(
                            "{label} taken by the {team}: at most {n} in their {count} "
                            "({per_trick} cards a trick"
                        ).format(
                            label=label,
                            team=team,
                            n=per_trick * tricks,
                            count=plural(tricks, "trick"),
                            per_trick=per_trick,
                        )
                        + (
                            gettext(", the zero bidder's partner sitting out")
                            if per_trick == 3
                            else ""
                        )
                        + f"); {cards} entered."
                    }
                )
        if ours + theirs > self.CARDS:
            raise HandInvalid(
                {
                    "others_cards": gettext(
                        "{label}: the deck holds only {CARDS} ({DECK_HOLDS}); the two teams add "
                        "up to {n}."
                    ).format(
                        label=label,
                        CARDS=self.CARDS,
                        DECK_HOLDS=gettext(self.DECK_HOLDS),
                        n=ours + theirs,
                    )
                }
            )
        return facts

    def _points_or_split(self, facts: Facts) -> None:
        """The bidders' points (tricks + point cards), and their split if
        given: any two give the third, and all three must agree."""
        points, took, cards = (
            facts["bidders_points"],
            facts["bidders_tricks"],
            facts["bidders_cards"],
        )
        label = gettext(self.CARD[1])
        if points is None:
            if took is None or cards is None:
                raise HandInvalid(
                    {
                        "bidders_points": gettext(
                            "Enter the tricks + {label} taken by the bidding team."
                        ).format(label=label)
                    }
                )
            facts["bidders_points"] = took + cards
        elif took is not None and cards is not None:
            if took + cards != points:
                raise HandInvalid(
                    {
                        "bidders_points": gettext(
                            "Tricks + {label} taken by the bidding team: {points} entered, but "
                            "{count} + {cards} make {n}."
                        ).format(
                            label=label,
                            points=points,
                            count=plural(took, "trick"),
                            cards=self.cards(cards),
                            n=took + cards,
                        )
                    }
                )
        elif took is not None:
            if not 0 <= points - took <= self.CARDS:
                raise HandInvalid(
                    {
                        "bidders_tricks": gettext(
                            "Tricks taken by the bidding team: {took} does not fit their {points} "
                            "tricks + {label}, which leave 0 to {CARDS} {label}."
                        ).format(took=took, points=points, label=label, CARDS=self.CARDS)
                    }
                )
            facts["bidders_cards"] = points - took
        elif cards is not None:
            if not 0 <= points - cards <= self.HAND_SIZE:
                raise HandInvalid(
                    {
                        "bidders_cards": gettext(
                            "{capitalize} taken by the bidding team: {cards} does not fit their "
                            "{points} tricks + {label}, which leave 0 to {HAND_SIZE} tricks."
                        ).format(
                            capitalize=label.capitalize(),
                            cards=cards,
                            points=points,
                            label=label,
                            HAND_SIZE=self.HAND_SIZE,
                        )
                    }
                )
            facts["bidders_tricks"] = points - cards

    def _could_be_dealt(self, facts: Facts) -> None:
        """Without the split, the point cards must still fit some split:
        4 cards a trick, and the deck's few."""
        points, theirs = facts["bidders_points"], facts["others_cards"]
        room = [
            min(4 * (self.HAND_SIZE - took), self.CARDS - (points - took))
            for took in range(self.HAND_SIZE + 1)
            if 0 <= points - took <= min(self.CARDS, 4 * took)
        ]
        if theirs > max(room, default=-1):
            most = max(room, default=0)
            raise HandInvalid(
                {
                    "others_cards": gettext(
                        "{capitalize} taken by the other team: with the bidding team on {points} "
                        "(tricks + {CARD}), the other team holds at most {most} (4 cards a trick, "
                        "{CARDS} in the deck); {theirs} entered."
                    ).format(
                        capitalize=gettext(self.CARD[1]).capitalize(),
                        points=points,
                        CARD=gettext(self.CARD[1]),
                        most=most,
                        CARDS=self.CARDS,
                        theirs=theirs,
                    )
                }
            )

    def score(self, facts: Facts, table: Table) -> HandResult:
        names = table.names

        def pair(seat: int) -> str:
            return gettext("{name} and {name2}").format(
                name=names[seat], name2=names[(seat + 2) % 4]
            )

        def team(seat: int) -> str:  # in seat order
            return pair(self.side_of(seat))

        if facts.get("forfeit"):
            dealer = table.dealer
            other = self.side_of(table.left_of(dealer))
            awards = tuple(FORFEIT_AWARD if s == other else 0 for s in range(2))
            return HandResult(
                awards,
                gettext(
                    "Nobody bid and {name}, dealing, forfeited the hand: {team} score "
                    "{FORFEIT_AWARD}"
                ).format(
                    name=names[dealer],
                    team=team(table.left_of(dealer)),
                    FORFEIT_AWARD=FORFEIT_AWARD,
                ),
                rule="forfeit",
            )

        bidder, bid = facts["bidder"], facts["bid"]
        blind = bool(facts.get("blind"))
        who, ours, theirs = names[bidder], pair(bidder), team(table.left_of(bidder))
        us = self.side_of(bidder)
        took = facts.get("bidders_tricks")
        their_cards = facts["others_cards"]
        bid_words = (gettext(BID_WORDS[bid]) if bid in BID_WORDS else str(bid)) + (
            gettext(" blind") if blind else ""
        )

        def result(mine: int, yours: int, text: str, rule: str, made: bool) -> HandResult:
            awards = (mine, yours) if us == 0 else (yours, mine)
            return HandResult(
                awards,
                gettext("{who} bid {bid_words} and {text}").format(
                    who=who, bid_words=bid_words, text=text
                ),
                rule=rule,
                bidder=bidder,
                made=made,
                bid=0 if bid in BID_WORDS else bid,
            )

        if bid in BID_WORDS:
            prize = self.ZERO_AWARD if bid == ZERO else self.DOUBLE_ZERO_AWARD
            takers = who if bid == ZERO else ours
            if took == 0:
                return result(
                    prize,
                    0,
                    gettext(
                        "{takers} took no trick: {ours} score {prize}; {theirs} score nothing"
                    ).format(takers=takers, ours=ours, prize=prize, theirs=theirs),
                    bid,
                    True,
                )
            return result(
                0,
                2 * their_cards,
                gettext(
                    "{takers} took {count}: {ours} score nothing; {theirs} score twice their "
                    "{cards}, {n}"
                ).format(
                    takers=takers,
                    count=plural(took, "trick"),
                    ours=ours,
                    theirs=theirs,
                    cards=self.cards(their_cards),
                    n=2 * their_cards,
                ),
                bid,
                False,
            )

        our_cards = facts.get("bidders_cards")
        points = facts.get("bidders_points")
        if points is None:  # stored before the points were entered whole
            points = took + our_cards
        detail = gettext("{ours} took {points} points").format(ours=ours, points=points)
        if took is not None and our_cards is not None:
            detail += f" ({plural(took, 'trick')} + {self.cards(our_cards)})"
        if points >= bid:
            score_words = (
                gettext("only their bid of {bid}").format(bid=bid)
                if points > bid
                else gettext("their bid of {bid}").format(bid=bid)
            )
            if blind:
                return result(
                    bid,
                    0,
                    gettext(
                        "{detail}: {ours} score {score_words}; {theirs} score nothing at all (a "
                        "made blind bid)"
                    ).format(detail=detail, ours=ours, score_words=score_words, theirs=theirs),
                    "blind",
                    True,
                )
            return result(
                bid,
                their_cards,
                gettext(
                    "{detail}: {ours} score {score_words}; {theirs} score their {cards}"
                ).format(
                    detail=detail,
                    ours=ours,
                    score_words=score_words,
                    theirs=theirs,
                    cards=self.cards(their_cards),
                ),
                "made",
                True,
            )
        return result(
            0,
            their_cards + bid,
            gettext(
                "{detail}: {ours} score nothing; {theirs} score their {cards} plus a bump of {bid}"
            ).format(
                detail=detail, ours=ours, theirs=theirs, cards=self.cards(their_cards), bid=bid
            )
            + (" " + gettext(FAILED_BLIND) if blind else ""),
            "miss",
            False,
        )


class Dog(DucksAndGeese):
    key = "dog"
    name = "Dog"
    rules_version = "Vines rulebook, Game 5 variants (Dog); vinescore rulings 2026-12"
    corrected = gettext_noop("the corrected Dog limits (Tars follow the tricks)")
    summary = gettext_noop(
        "The older Ducks and Geese: only the Tars are point cards, and bids start at 2."
    )
    MIN_BID = 2
    MAX_BID = 12
    CARDS = 5
    CARD = (gettext_noop("Tar"), gettext_noop("Tars"))
    DECK_HOLDS = gettext_noop("5 Tars")


class DucksCutthroat(GameRules):
    key = "ducks-and-geese-cutthroat"
    name = "Ducks and Geese (cutthroat)"
    family = "Ducks and Geese"
    rules_version = "Vines rulebook, Game 5 variants (cutthroat); vinescore rulings 2026-12"
    corrected = gettext_noop("the corrected cutthroat limits (bids up to 18)")
    player_counts = (4, 5, 6)
    summary = gettext_noop(
        "Ducks and Geese with everyone alone: the bidder scores at most the bid or loses "
        "it; everyone else scores their Deuces and Farmers."
    )
    options = (BLIND_OPTION,)

    HAND_SIZE = 8
    TARGET = 21
    MIN_BID = 2
    MAX_BID = 18  # 8 tricks and 10 point cards
    CARDS = 10
    DEUCES = 5  # a player keeps a Deuce they lead or play following suit

    def fields(self, table: Table) -> list[Field]:
        out = [
            Field("bidder", gettext("Bidder"), "seat"),
            Field("bid", gettext("Bid"), "number", min=self.MIN_BID, max=self.MAX_BID),
        ]
        if table.has("blind"):
            out.append(Field("blind", gettext("Bid blind"), "flag"))
        out += [
            Field(
                "bidder_points",
                gettext("Tricks + point cards taken by the bidder"),
                "number",
                min=0,
                max=self.HAND_SIZE + self.CARDS,
                help=gettext("Only the sum decides. The split can go under More detail."),
            ),
            Field(
                "cards",
                gettext("Point cards"),
                "per_seat",
                min=0,
                max=self.CARDS,
                most=self.CARDS,
                most_why=gettext("the deck holds 5 Deuces and 5 Farmers"),
                help=gettext(
                    "Deuces and Farmers each player kept; blank is 0. The bidder's are in "
                    "the bidder's points: leave theirs blank."
                ),
            ),
            Field(
                "bidder_tricks",
                gettext("Tricks taken by the bidder"),
                "number",
                min=0,
                max=self.HAND_SIZE,
                detail=True,
                none_label=gettext("Not recorded"),
                help=gettext("With the bidder's points, gives the bidder's point cards."),
            ),
        ]
        return out

    def clean(self, facts: Facts, table: Table) -> Facts:
        raw = facts.get("cards") if isinstance(facts, dict) else None
        facts = check_fields(self.fields(table), facts, table, may_omit=("bidder_points",))
        check_blind_bid(facts)
        bidder, took, points = facts["bidder"], facts["bidder_tricks"], facts["bidder_points"]
        cards = facts["cards"]
        who = table.names[bidder]
        own = None if isinstance(raw, (list, tuple)) and blank(raw[bidder]) else cards[bidder]
        # Any two of the bidder's points, tricks and point cards give the third.
        if points is None:
            if took is None or own is None:
                raise HandInvalid(
                    {
                        "bidder_points": gettext(
                            "Enter the tricks + point cards taken by the bidder."
                        )
                    }
                )
            points = facts["bidder_points"] = took + own
        elif took is not None and own is not None and took + own != points:
            raise HandInvalid(
                {
                    "bidder_points": gettext(
                        "Tricks + point cards taken by the bidder: {points} entered, but {count} "
                        "+ {count2} make {n}."
                    ).format(
                        points=points,
                        count=plural(took, "trick"),
                        count2=plural(own, "point card"),
                        n=took + own,
                    )
                }
            )
        elif took is not None:
            own = points - took
            if not 0 <= own <= self.CARDS:
                raise HandInvalid(
                    {
                        "bidder_tricks": gettext(
                            "Tricks taken by the bidder: {took} does not fit {who}'s {points} "
                            "tricks + point cards, which leave 0 to {CARDS} point cards."
                        ).format(took=took, who=who, points=points, CARDS=self.CARDS)
                    }
                )
        elif own is not None:
            took = points - own
            if not 0 <= took <= self.HAND_SIZE:
                raise HandInvalid(
                    {
                        "cards": gettext(
                            "Point cards for {who}: {own} does not fit {who}'s {points} tricks + "
                            "point cards, which leave 0 to {HAND_SIZE} tricks."
                        ).format(who=who, own=own, points=points, HAND_SIZE=self.HAND_SIZE)
                    }
                )
            facts["bidder_tricks"] = took
        # The bidder's own cards: entered, worked out, or (None) not recorded.
        facts["cards"] = [own if s == bidder else c for s, c in enumerate(cards)]
        # Point cards come with tricks (every player plays one card to each),
        # except that a player keeps a Deuce they led or played following suit,
        # whoever takes that trick: so at most the 5 Deuces are held outside
        # the tricks that took them (RULINGS: cutthroat Ducks and Geese). With
        # 4 cards a trick or more and 10 point cards, the bidder and the others
        # cannot both hold more than their tricks do, so each bound alone holds.
        per_trick = table.size
        others = sum(cards) - cards[bidder]
        kept = gettext(
            "the {DEUCES} Deuces a player keeps when they lead or follow suit with one"
        ).format(DEUCES=self.DEUCES)
        if took is not None:
            rest = self.HAND_SIZE - took
            if own > per_trick * took + self.DEUCES:
                raise HandInvalid(
                    {
                        "cards": gettext(
                            "Point cards for {who}: at most {n} ({count} of {per_trick} cards, "
                            "and {kept}); {own} entered."
                        ).format(
                            who=who,
                            n=per_trick * took + self.DEUCES,
                            count=plural(took, "trick"),
                            per_trick=per_trick,
                            kept=kept,
                            own=own,
                        )
                    }
                )
            if others > per_trick * rest + self.DEUCES:
                raise HandInvalid(
                    {
                        "cards": gettext(
                            "Point cards: everyone but {who} took {count}, so at most {n} point "
                            "cards ({per_trick} cards a trick, and {kept}); {others} entered."
                        ).format(
                            who=who,
                            count=plural(rest, "trick"),
                            n=per_trick * rest + self.DEUCES,
                            per_trick=per_trick,
                            kept=kept,
                            others=others,
                        )
                    }
                )
            if own + others > self.CARDS:
                raise HandInvalid(
                    {
                        "cards": gettext(
                            "Point cards: at most {CARDS} in a hand (the deck holds 5 Deuces and "
                            "5 Farmers); these add up to {n}."
                        ).format(CARDS=self.CARDS, n=own + others)
                    }
                )
            return facts
        # The split not recorded: the cards must still fit some split.
        room = [
            min(per_trick * (self.HAND_SIZE - t) + self.DEUCES, self.CARDS - (points - t))
            for t in range(self.HAND_SIZE + 1)
            if 0 <= points - t <= min(self.CARDS, per_trick * t + self.DEUCES)
        ]
        if others > max(room, default=0):
            raise HandInvalid(
                {
                    "cards": gettext(
                        "Point cards: with {who} on {points} (tricks + point cards), everyone "
                        "else holds at most {max} ({per_trick} cards a trick, {kept}, {CARDS} in "
                        "the deck); {others} entered."
                    ).format(
                        who=who,
                        points=points,
                        max=max(room, default=0),
                        per_trick=per_trick,
                        kept=kept,
                        CARDS=self.CARDS,
                        others=others,
                    )
                }
            )
        return facts

    def score(self, facts: Facts, table: Table) -> HandResult:
        bidder, bid = facts["bidder"], facts["bid"]
        blind = bool(facts.get("blind"))
        cards, took = facts["cards"], facts.get("bidder_tricks")
        who = table.names[bidder]
        points = facts.get("bidder_points")
        if points is None:  # stored before the points were entered whole
            points = took + cards[bidder]
        bid_words = gettext("{bid} blind").format(bid=bid) if blind else str(bid)
        text = gettext("{who} bid {bid_words} and took {points} points").format(
            who=who, bid_words=bid_words, points=points
        )
        if took is not None and cards[bidder] is not None:
            text += f" ({plural(took, 'trick')} + {plural(cards[bidder], 'point card')})"
        others = [0 if s == bidder else c for s, c in enumerate(cards)]

        def result(awards, tail: str, rule: str, made: bool) -> HandResult:
            return HandResult(
                tuple(awards), f"{text}: {tail}", rule=rule, bidder=bidder, made=made, bid=bid
            )

        if points >= bid:
            score_words = (
                gettext("only the bid of {bid}").format(bid=bid)
                if points > bid
                else gettext("the bid of {bid}").format(bid=bid)
            )
            if blind:
                awards = [bid if s == bidder else 0 for s in range(table.size)]
                return result(
                    awards,
                    gettext(
                        "{who} scores {score_words}; everyone else scores nothing (a made blind "
                        "bid)"
                    ).format(who=who, score_words=score_words),
                    "blind",
                    True,
                )
            awards = [bid if s == bidder else c for s, c in enumerate(others)]
            return result(
                awards,
                gettext(
                    "{who} scores {score_words}; everyone else scores their point cards"
                ).format(who=who, score_words=score_words),
                "made",
                True,
            )
        awards = [-bid if s == bidder else c for s, c in enumerate(others)]
        note = " " + gettext(FAILED_BLIND) if blind else ""
        return result(
            awards,
            gettext("{who} loses {bid}; everyone else scores their point cards{note}").format(
                who=who, bid=bid, note=note
            ),
            "miss",
            False,
        )
