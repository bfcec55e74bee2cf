"""Game 5, Ducks and Geese (partners), and its variants Dog and cutthroat.

Point cards are the Deuces and Farmers (Dog: the Tars). The bidders' points are
their tricks plus their point cards; the other side scores point cards only.
RULINGS.md, "Ducks and Geese", settles what the rulebook leaves open.
"""

from __future__ import annotations

from ..base import Facts, Field, GameRules, HandInvalid, HandResult, Option, Shortcut, Table
from ..checks import blank, check_fields
from ..words import plural

ZERO, DOUBLE_ZERO = "zero", "double_zero"
BID_WORDS = {ZERO: "zero", DOUBLE_ZERO: "double zero"}
OPEN, NO_TRUMP = "open", "no_trump"
FORFEIT_AWARD = 3
FAILED_BLIND = "(house ruling: a failed blind bid is an ordinary failure)"

BLIND_OPTION = Option(
    "blind",
    "Blind bids",
    "Bid before looking at your cards; if it is made, the other side scores nothing.",
)


class DucksAndGeese(GameRules):
    key = "ducks-and-geese"
    name = "Ducks and Geese"
    family = "Ducks and Geese"
    rules_version = "Vines rulebook, Game 5 and variants; vinescore rulings 2026-12"
    corrected = "the corrected Ducks and Geese limits (point cards follow the tricks)"
    player_counts = (4,)
    partnership = True
    summary = (
        "Two teams bid tricks plus Deuces and Farmers; the bidders score at most their "
        "bid, and a miss bumps the other team."
    )
    options = (
        Option(
            ZERO,
            "Zero bids",
            "The zero bidder's partner sits out; take no trick to score 5.",
        ),
        Option(
            DOUBLE_ZERO,
            "Double zero",
            "Both partners play and take no trick; scores 12.",
            requires=ZERO,
        ),
        BLIND_OPTION,
    )

    HAND_SIZE = 7
    TARGET = 30
    MIN_BID = 3
    MAX_BID = 17
    CARDS = 10  # point cards in the deck
    CARD = ("point card", "point cards")
    DECK_HOLDS = "5 Deuces and 5 Farmers"
    ZERO_AWARD = 5
    DOUBLE_ZERO_AWARD = 12

    def cards(self, n: int) -> str:
        return plural(n, *self.CARD)

    def bid_choices(self, table: Table) -> tuple:
        choices = [(n, str(n)) for n in range(self.MIN_BID, self.MAX_BID + 1)]
        if table.has(ZERO):
            choices.append((ZERO, "Zero"))
            if table.has(DOUBLE_ZERO):
                choices.append((DOUBLE_ZERO, "Double zero"))
        return tuple(choices)

    def fields(self, table: Table) -> list[Field]:
        played = ("forfeit", (False,))
        numbers = tuple(range(self.MIN_BID, self.MAX_BID + 1))
        label = self.CARD[1].capitalize()
        out = [
            Field(
                "forfeit",
                "Dealer forfeited",
                "flag",
                help=f"Nobody bid and the dealer declined: the other team scores {FORFEIT_AWARD}.",
            ),
            Field("bidder", "Bidder", "seat", show_if=played),
            Field("bid", "Bid", "choice", choices=self.bid_choices(table), show_if=played),
        ]
        if table.has("blind"):
            out.append(Field("blind", "Bid blind", "flag", show_if=played))
        out += [
            Field(
                "bidders_points",
                "Tricks + point cards taken by the bidding team",
                "number",
                min=0,
                max=self.HAND_SIZE + self.CARDS,
                show_if=("bid", numbers),
                help=f"Their tricks plus their {self.CARD[1]}: only the sum decides. "
                "The split can go under More detail.",
            ),
            Field(
                "others_cards",
                f"{label} taken by the other team",
                "number",
                min=0,
                max=self.CARDS,
                show_if=played,
            ),
            # Details: the open card never scores; the bidders' split only
            # matters after a zero bid, where the tricks decide.
            Field(
                "open",
                "Open card",
                "choice",
                choices=((OPEN, "Taken (its suit is trump)"), (NO_TRUMP, "Not taken: no trump")),
                default=OPEN,
                show_if=played,
                detail=True,
                help="Recorded only; it does not change the score.",
            ),
            Field(
                "bidders_tricks",
                "Tricks taken by the bidding team",
                "number",
                min=0,
                max=self.HAND_SIZE,
                show_if=played,
                detail=True,
                needed_if=("bid", tuple(BID_WORDS)),
                none_label="Not recorded",
                help=f"After a zero bid: the zero bidder's tricks, needed. The other team "
                f"has the rest of the {self.HAND_SIZE}.",
            ),
            Field(
                "bidders_cards",
                f"{label} taken by the bidding team",
                "number",
                min=0,
                max=self.CARDS,
                show_if=("bid", numbers),
                detail=True,
                none_label="Not recorded",
            ),
        ]
        return out

    def shortcuts(self, table: Table) -> list[Shortcut]:
        return [
            Shortcut(
                f"Dealer forfeits: the other team scores {FORFEIT_AWARD}",
                {"forfeit": True},
            )
        ]

    def clean(self, facts: Facts, table: Table) -> Facts:
        facts = check_fields(self.fields(table), facts, table, may_omit=("bidders_points",))
        if facts["forfeit"]:
            return facts
        if facts["bid"] not in BID_WORDS:
            self._points_or_split(facts)
        took = facts["bidders_tricks"]
        if took is None:
            self._could_be_dealt(facts)
            return facts
        label = self.CARD[1].capitalize()
        ours = facts.get("bidders_cards") or 0
        theirs = facts["others_cards"]
        # A zero bidder's partner sits out: three cards to a trick.
        per_trick = 3 if facts["bid"] == ZERO else 4
        for name, team, tricks, cards in (
            ("bidders_cards", "bidding team", took, ours),
            ("others_cards", "other team", self.HAND_SIZE - took, theirs),
        ):
            if tricks == 0 and cards:
                raise HandInvalid(
                    {
                        name: f"{label} taken by the {team}: they took no trick, "
                        f"so they hold no {self.CARD[0]}."
                    }
                )
            if cards > per_trick * tricks:
                raise HandInvalid(
                    {
                        name: f"{label} taken by the {team}: at most {per_trick * tricks} "
                        f"in their {plural(tricks, 'trick')} ({per_trick} cards a trick"
                        + (", the zero bidder's partner sitting out" if per_trick == 3 else "")
                        + f"); {cards} entered."
                    }
                )
        if ours + theirs > self.CARDS:
            raise HandInvalid(
                {
                    "others_cards": f"{label}: the deck holds only {self.CARDS} "
                    f"({self.DECK_HOLDS}); the two teams add up to {ours + theirs}."
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
        label = self.CARD[1]
        if points is None:
            if took is None or cards is None:
                raise HandInvalid(
                    {"bidders_points": f"Enter the tricks + {label} taken by the bidding team."}
                )
            facts["bidders_points"] = took + cards
        elif took is not None and cards is not None:
            if took + cards != points:
                raise HandInvalid(
                    {
                        "bidders_points": f"Tricks + {label} taken by the bidding team: "
                        f"{points} entered, but {plural(took, 'trick')} + {self.cards(cards)} "
                        f"make {took + cards}."
                    }
                )
        elif took is not None:
            if not 0 <= points - took <= self.CARDS:
                raise HandInvalid(
                    {
                        "bidders_tricks": f"Tricks taken by the bidding team: {took} does not "
                        f"fit their {points} tricks + {label}, which leave 0 to {self.CARDS} "
                        f"{label}."
                    }
                )
            facts["bidders_cards"] = points - took
        elif cards is not None:
            if not 0 <= points - cards <= self.HAND_SIZE:
                raise HandInvalid(
                    {
                        "bidders_cards": f"{label.capitalize()} taken by the bidding team: "
                        f"{cards} does not fit their {points} tricks + {label}, which leave "
                        f"0 to {self.HAND_SIZE} tricks."
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
                    "others_cards": f"{self.CARD[1].capitalize()} taken by the other team: "
                    f"with the bidding team on {points} (tricks + {self.CARD[1]}), the other "
                    f"team holds at most {most} (4 cards a trick, {self.CARDS} in the deck); "
                    f"{theirs} entered."
                }
            )

    def score(self, facts: Facts, table: Table) -> HandResult:
        names = table.names

        def pair(seat: int) -> str:
            return f"{names[seat]} and {names[(seat + 2) % 4]}"

        def team(seat: int) -> str:  # in seat order
            return pair(self.side_of(seat))

        if facts.get("forfeit"):
            dealer = table.dealer
            other = self.side_of(table.left_of(dealer))
            awards = tuple(FORFEIT_AWARD if s == other else 0 for s in range(2))
            return HandResult(
                awards,
                f"Nobody bid and {names[dealer]}, dealing, forfeited the hand: "
                f"{team(table.left_of(dealer))} score {FORFEIT_AWARD}",
                rule="forfeit",
            )

        bidder, bid = facts["bidder"], facts["bid"]
        blind = bool(facts.get("blind"))
        who, ours, theirs = names[bidder], pair(bidder), team(table.left_of(bidder))
        us = self.side_of(bidder)
        took = facts.get("bidders_tricks")
        their_cards = facts["others_cards"]
        bid_words = BID_WORDS.get(bid, str(bid)) + (" blind" if blind else "")

        def result(mine: int, yours: int, text: str, rule: str, made: bool) -> HandResult:
            awards = (mine, yours) if us == 0 else (yours, mine)
            return HandResult(
                awards,
                f"{who} bid {bid_words} and {text}",
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
                    f"{takers} took no trick: {ours} score {prize}; {theirs} score nothing",
                    bid,
                    True,
                )
            return result(
                0,
                2 * their_cards,
                f"{takers} took {plural(took, 'trick')}: {ours} score nothing; {theirs} "
                f"score twice their {self.cards(their_cards)}, {2 * their_cards}",
                bid,
                False,
            )

        our_cards = facts.get("bidders_cards")
        points = facts.get("bidders_points")
        if points is None:  # stored before the points were entered whole
            points = took + our_cards
        detail = f"{ours} took {points} points"
        if took is not None and our_cards is not None:
            detail += f" ({plural(took, 'trick')} + {self.cards(our_cards)})"
        if points >= bid:
            score_words = f"only their bid of {bid}" if points > bid else f"their bid of {bid}"
            if blind:
                return result(
                    bid,
                    0,
                    f"{detail}: {ours} score {score_words}; {theirs} score nothing at all "
                    "(a made blind bid)",
                    "blind",
                    True,
                )
            return result(
                bid,
                their_cards,
                f"{detail}: {ours} score {score_words}; {theirs} score their "
                f"{self.cards(their_cards)}",
                "made",
                True,
            )
        return result(
            0,
            their_cards + bid,
            f"{detail}: {ours} score nothing; {theirs} score their "
            f"{self.cards(their_cards)} plus a bump of {bid}"
            + (f" {FAILED_BLIND}" if blind else ""),
            "miss",
            False,
        )


class Dog(DucksAndGeese):
    key = "dog"
    name = "Dog"
    rules_version = "Vines rulebook, Game 5 variants (Dog); vinescore rulings 2026-12"
    corrected = "the corrected Dog limits (Tars follow the tricks)"
    summary = "The older Ducks and Geese: only the Tars are point cards, and bids start at 2."
    MIN_BID = 2
    MAX_BID = 12
    CARDS = 5
    CARD = ("Tar", "Tars")
    DECK_HOLDS = "5 Tars"


class DucksCutthroat(GameRules):
    key = "ducks-and-geese-cutthroat"
    name = "Ducks and Geese (cutthroat)"
    family = "Ducks and Geese"
    rules_version = "Vines rulebook, Game 5 variants (cutthroat); vinescore rulings 2026-12"
    corrected = "the corrected cutthroat limits (bids up to 18)"
    player_counts = (4, 5, 6)
    summary = (
        "Ducks and Geese with everyone alone: the bidder scores at most the bid or loses "
        "it; everyone else scores their Deuces and Farmers."
    )
    options = (BLIND_OPTION,)

    HAND_SIZE = 8
    TARGET = 21
    MIN_BID = 2
    MAX_BID = 18  # 8 tricks and 10 point cards
    CARDS = 10

    def fields(self, table: Table) -> list[Field]:
        out = [
            Field("bidder", "Bidder", "seat"),
            Field("bid", "Bid", "number", min=self.MIN_BID, max=self.MAX_BID),
        ]
        if table.has("blind"):
            out.append(Field("blind", "Bid blind", "flag"))
        out += [
            Field(
                "bidder_points",
                "Tricks + point cards taken by the bidder",
                "number",
                min=0,
                max=self.HAND_SIZE + self.CARDS,
                help="Only the sum decides. The split can go under More detail.",
            ),
            Field(
                "cards",
                "Point cards",
                "per_seat",
                min=0,
                max=self.CARDS,
                most=self.CARDS,
                most_why="the deck holds 5 Deuces and 5 Farmers",
                help="Deuces and Farmers each player kept; blank is 0. The bidder's are in "
                "the bidder's points: leave theirs blank.",
            ),
            Field(
                "bidder_tricks",
                "Tricks taken by the bidder",
                "number",
                min=0,
                max=self.HAND_SIZE,
                detail=True,
                none_label="Not recorded",
                help="With the bidder's points, gives the bidder's point cards.",
            ),
        ]
        return out

    def clean(self, facts: Facts, table: Table) -> Facts:
        raw = facts.get("cards") if isinstance(facts, dict) else None
        facts = check_fields(self.fields(table), facts, table, may_omit=("bidder_points",))
        bidder, took, points = facts["bidder"], facts["bidder_tricks"], facts["bidder_points"]
        cards = facts["cards"]
        who = table.names[bidder]
        own = None if isinstance(raw, (list, tuple)) and blank(raw[bidder]) else cards[bidder]
        # Any two of the bidder's points, tricks and point cards give the third.
        if points is None:
            if took is None or own is None:
                raise HandInvalid(
                    {"bidder_points": "Enter the tricks + point cards taken by the bidder."}
                )
            points = facts["bidder_points"] = took + own
        elif took is not None and own is not None and took + own != points:
            raise HandInvalid(
                {
                    "bidder_points": f"Tricks + point cards taken by the bidder: {points} "
                    f"entered, but {plural(took, 'trick')} + {plural(own, 'point card')} "
                    f"make {took + own}."
                }
            )
        elif took is not None:
            own = points - took
            if not 0 <= own <= self.CARDS:
                raise HandInvalid(
                    {
                        "bidder_tricks": f"Tricks taken by the bidder: {took} does not fit "
                        f"{who}'s {points} tricks + point cards, which leave 0 to "
                        f"{self.CARDS} point cards."
                    }
                )
        elif own is not None:
            took = points - own
            if not 0 <= took <= self.HAND_SIZE:
                raise HandInvalid(
                    {
                        "cards": f"Point cards for {who}: {own} does not fit {who}'s {points} "
                        f"tricks + point cards, which leave 0 to {self.HAND_SIZE} tricks."
                    }
                )
            facts["bidder_tricks"] = took
        # The bidder's own cards: entered, worked out, or (None) not recorded.
        facts["cards"] = [own if s == bidder else c for s, c in enumerate(cards)]
        # Point cards come with tricks: every player plays one card to each.
        per_trick = table.size
        others = sum(cards) - cards[bidder]
        if took is not None:
            if own > per_trick * took:
                raise HandInvalid(
                    {
                        "cards": f"Point cards for {who}: at most {per_trick * took} in "
                        f"{plural(took, 'trick')} ({per_trick} cards a trick); {own} entered."
                    }
                )
            rest = self.HAND_SIZE - took
            if others > per_trick * rest:
                raise HandInvalid(
                    {
                        "cards": f"Point cards: everyone but {who} took "
                        f"{plural(rest, 'trick')}, so at most {per_trick * rest} point cards "
                        f"({per_trick} cards a trick); {others} entered."
                    }
                )
            if own + others > self.CARDS:
                raise HandInvalid(
                    {
                        "cards": f"Point cards: at most {self.CARDS} in a hand (the deck holds "
                        f"5 Deuces and 5 Farmers); these add up to {own + others}."
                    }
                )
            return facts
        # The split not recorded: the cards must still fit some split.
        room = [
            min(per_trick * (self.HAND_SIZE - t), self.CARDS - (points - t))
            for t in range(self.HAND_SIZE + 1)
            if 0 <= points - t <= min(self.CARDS, per_trick * t)
        ]
        if others > max(room, default=0):
            raise HandInvalid(
                {
                    "cards": f"Point cards: with {who} on {points} (tricks + point cards), "
                    f"everyone else holds at most {max(room, default=0)} ({per_trick} cards a "
                    f"trick, {self.CARDS} in the deck); {others} entered."
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
        bid_words = f"{bid} blind" if blind else str(bid)
        text = f"{who} bid {bid_words} and took {points} points"
        if took is not None and cards[bidder] is not None:
            text += f" ({plural(took, 'trick')} + {plural(cards[bidder], 'point card')})"
        others = [0 if s == bidder else c for s, c in enumerate(cards)]

        def result(awards, tail: str, rule: str, made: bool) -> HandResult:
            return HandResult(
                tuple(awards), f"{text}: {tail}", rule=rule, bidder=bidder, made=made, bid=bid
            )

        if points >= bid:
            score_words = f"only the bid of {bid}" if points > bid else f"the bid of {bid}"
            if blind:
                awards = [bid if s == bidder else 0 for s in range(table.size)]
                return result(
                    awards,
                    f"{who} scores {score_words}; everyone else scores nothing (a made blind bid)",
                    "blind",
                    True,
                )
            awards = [bid if s == bidder else c for s, c in enumerate(others)]
            return result(
                awards,
                f"{who} scores {score_words}; everyone else scores their point cards",
                "made",
                True,
            )
        awards = [-bid if s == bidder else c for s, c in enumerate(others)]
        note = f" {FAILED_BLIND}" if blind else ""
        return result(
            awards,
            f"{who} loses {bid}; everyone else scores their point cards{note}",
            "miss",
            False,
        )
