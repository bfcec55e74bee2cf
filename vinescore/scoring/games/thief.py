"""Game 3, Thief (3 to 6, each for themselves) and Game 4, Thieves (partners).

A point is a trick or a thief (the lowest thief on a trick, kept by whoever
played it). Thief bids points; with the "trick-only" option, and always in
Thieves, the bid counts tricks and thieves are always scored (RULINGS.md,
"Thief and Thieves").
"""

from __future__ import annotations

from ..base import Facts, Field, GameRules, HandInvalid, HandResult, Option, Table
from ..checks import check_fields
from ..words import plural

TRICK_ONLY = "trick_only"
MAX_THIEVES = 11  # one suit of the deck


def most_thieves(size: int) -> int:
    """Thieves kept in a hand of `size` tricks: one suit, and one a trick."""
    return min(size, MAX_THIEVES)


THIEVES_ALWAYS = "(house ruling: thieves always score)"


def points_words(tricks: int, thieves: int) -> str:
    return f"{plural(tricks, 'trick')} + {plural(thieves, 'thief', 'thieves')}"


class Thief(GameRules):
    key = "thief"
    name = "Thief"
    family = "Thief"
    rules_version = "Vines rulebook, Game 3; vinescore rulings 2026-12"
    corrected = "the corrected Thief limits (one thief a trick)"
    player_counts = (3, 4, 5, 6)
    summary = (
        "Coralon with a second key suit: bid the tricks and thieves you will take, "
        "and hit it exactly to score alone."
    )
    options = (
        Option(
            TRICK_ONLY,
            "Trick-only bidding",
            "The rulebook's scoring variation: bid tricks only; everyone always scores "
            "their thieves.",
        ),
    )

    HAND_SIZE = {3: 12, 4: 13, 5: 11, 6: 9}
    TARGET = {3: 60, 4: 40, 5: 30, 6: 30}
    MIN_BID = 3

    def max_bid(self, table: Table) -> int:
        size = self.hand_size(table.size)
        return size if table.has(TRICK_ONLY) else size + most_thieves(size)

    def fields(self, table: Table) -> list[Field]:
        size = self.hand_size(table.size)
        most = most_thieves(size)
        trick_only = table.has(TRICK_ONLY)
        out = [
            Field("bidder", "Bidder", "seat"),
            Field(
                "bid",
                "Bid (tricks)" if trick_only else "Bid (points)",
                "number",
                min=self.MIN_BID,
                max=self.max_bid(table),
                help="Tricks only."
                if trick_only
                else f"Tricks plus thieves: at most {size} + {most} with {table.size} players.",
            ),
        ]
        if not trick_only:
            # Bidding points, only each player's points score: the split into
            # tricks and thieves is a detail (RULINGS, "Thief and Thieves").
            out.append(
                Field(
                    "points",
                    "Points (tricks + thieves)",
                    "per_seat",
                    min=0,
                    max=size + most,
                    help=f"Each player's tricks plus thieves kept; blank is 0. The hand holds "
                    f"{size} to {size + most}.",
                )
            )
        split = {"detail": not trick_only, "none_label": "Not recorded"}
        out += [
            Field(
                "tricks",
                "Tricks",
                "per_seat",
                min=0,
                max=size,
                total=size,
                help="Leave one player blank and it is worked out.",
                **split,
            ),
            Field(
                "thieves",
                "Thieves kept",
                "per_seat",
                min=0,
                max=most,
                most=most,
                most_why="one suit" if most == MAX_THIEVES else f"one a trick, {size} tricks",
                help=f"The lowest thief on each trick; at most {most} in a hand.",
                **split,
            ),
        ]
        return out

    def clean(self, facts: Facts, table: Table) -> Facts:
        if table.has(TRICK_ONLY):
            return check_fields(self.fields(table), facts, table)
        facts = check_fields(self.fields(table), facts, table, may_omit=("points",))
        return self._points_or_split(facts, table)

    def _points_or_split(self, facts: Facts, table: Table) -> Facts:
        """Each player's points, and their tricks and thieves if given: any
        two of the three give the third, and all three must agree."""
        size = self.hand_size(table.size)
        most = most_thieves(size)
        names = table.names
        points, tricks, thieves = facts["points"], facts["tricks"], facts["thieves"]
        if tricks is None and thieves is not None and points is not None:
            tricks = [p - k for p, k in zip(points, thieves, strict=True)]
            if min(tricks) < 0 or sum(tricks) != size:
                raise HandInvalid(
                    {
                        "points": f"Points: with these thieves the tricks come to {sum(tricks)}"
                        f"{'' if min(tricks) >= 0 else ', some below 0'}; a hand has {size}."
                    }
                )
            facts["tricks"] = tricks
        if tricks is not None:
            if thieves is None:
                thieves = (
                    [0] * table.size
                    if points is None
                    else [p - t for p, t in zip(points, tricks, strict=True)]
                )
                for seat, k in enumerate(thieves):
                    if not 0 <= k <= most:
                        raise HandInvalid(
                            {
                                "points": f"Points for {names[seat]}: {points[seat]} with "
                                f"{plural(tricks[seat], 'trick')} leaves {k} thieves; a player "
                                f"keeps 0 to {most}."
                            }
                        )
                if sum(thieves) > most:
                    raise HandInvalid(
                        {
                            "points": f"Points: the tricks entered leave {sum(thieves)} thieves; "
                            f"at most {most} in a hand."
                        }
                    )
                facts["thieves"] = thieves
            made = [t + k for t, k in zip(tricks, thieves, strict=True)]
            if points is None:
                facts["points"] = made
            elif points != made:
                wrong = next(s for s in range(table.size) if points[s] != made[s])
                raise HandInvalid(
                    {
                        "points": f"Points for {names[wrong]}: {points[wrong]} entered, but "
                        f"{points_words(tricks[wrong], thieves[wrong])} make {made[wrong]}."
                    }
                )
            return facts
        if points is None:
            raise HandInvalid({"points": "Enter each player's points (tricks + thieves)."})
        total = sum(points)
        if not size <= total <= size + most:
            raise HandInvalid(
                {
                    "points": f"Points: a {table.size}-player hand holds {size} tricks and at "
                    f"most {most} thieves, so {size} to {size + most} points; these add up "
                    f"to {total}."
                }
            )
        return facts

    def score(self, facts: Facts, table: Table) -> HandResult:
        bidder, bid = facts["bidder"], facts["bid"]
        tricks, thieves = facts.get("tricks"), facts.get("thieves")
        who = table.names[bidder]
        seats = range(table.size)
        if facts.get("points") is not None:
            points = tuple(facts["points"])
        else:  # stored before points were entered whole
            points = tuple(t + k for t, k in zip(tricks, thieves, strict=True))
        split = tricks is not None and thieves is not None
        took = points_words(tricks[bidder], thieves[bidder]) if split else ""

        def result(awards, text: str, rule: str, made: bool) -> HandResult:
            return HandResult(tuple(awards), text, rule=rule, bidder=bidder, made=made, bid=bid)

        if table.has(TRICK_ONLY):
            got = tricks[bidder]
            if got == bid:
                awards = [points[s] if s == bidder else thieves[s] for s in seats]
                return result(
                    awards,
                    f"{who} bid {plural(bid, 'trick')} and took exactly {got}: {who} scores "
                    f"{took}; everyone else scores only their thieves {THIEVES_ALWAYS}",
                    "exact",
                    True,
                )
            if got > bid:
                return result(
                    points,
                    f"{who} bid {plural(bid, 'trick')} and took {got}: everyone scores their "
                    "tricks and thieves",
                    "exceed",
                    True,
                )
            awards = [thieves[s] if s == bidder else points[s] for s in seats]
            return result(
                awards,
                f"{who} bid {plural(bid, 'trick')} and took {got}: {who} scores only "
                f"{plural(thieves[bidder], 'thief', 'thieves')}; everyone else scores their "
                f"tricks and thieves {THIEVES_ALWAYS}",
                "miss",
                False,
            )

        got = points[bidder]
        took = f" ({took})" if took else ""
        if got == bid:
            awards = [points[s] if s == bidder else 0 for s in seats]
            return result(
                awards,
                f"{who} bid {bid} and took exactly {got} points{took}: only {who} scores",
                "exact",
                True,
            )
        if got > bid:
            note = ""
            if not split or tricks[bidder] <= bid:
                note = " (house ruling: exceeding counts tricks and thieves)"
            return result(
                points,
                f"{who} bid {bid} and took {got} points{took}: everyone scores their "
                f"tricks and thieves{note}",
                "exceed",
                True,
            )
        awards = [0 if s == bidder else points[s] for s in seats]
        return result(
            awards,
            f"{who} bid {bid} and took {got} points{took}: {who} scores nothing; "
            "everyone else scores their tricks and thieves",
            "miss",
            False,
        )


class Thieves(GameRules):
    key = "thieves"
    name = "Thieves"
    family = "Thief"
    rules_version = "Vines rulebook, Game 4; vinescore rulings 2026-11"
    player_counts = (4,)
    partnership = True
    summary = (
        "Thief for two fixed teams: bid tricks only, and every team always keeps "
        "the thieves it catches."
    )
    HAND_SIZE = 13
    TARGET = 80
    MIN_BID = 2

    def fields(self, table: Table) -> list[Field]:
        return [
            Field("bidder", "Bidder", "seat"),
            Field("bid", "Bid (tricks)", "number", min=self.MIN_BID, max=self.HAND_SIZE),
            Field(
                "bidders_tricks",
                "Tricks taken by the bidding team",
                "number",
                min=0,
                max=self.HAND_SIZE,
                help=f"The other team has the rest of the {self.HAND_SIZE}.",
            ),
            Field(
                "bidders_thieves",
                "Thieves kept by the bidding team",
                "number",
                min=0,
                max=MAX_THIEVES,
            ),
            Field(
                "others_thieves",
                "Thieves kept by the other team",
                "number",
                min=0,
                max=MAX_THIEVES,
                help=f"Both teams together keep at most {MAX_THIEVES}.",
            ),
        ]

    def clean(self, facts: Facts, table: Table) -> Facts:
        facts = check_fields(self.fields(table), facts, table)
        kept = facts["bidders_thieves"] + facts["others_thieves"]
        if kept > MAX_THIEVES:
            raise HandInvalid(
                {
                    "others_thieves": f"Thieves kept by the other team: the two teams keep at "
                    f"most {MAX_THIEVES} thieves in a hand (one suit); these add up to {kept}."
                }
            )
        return facts

    def score(self, facts: Facts, table: Table) -> HandResult:
        bidder, bid = facts["bidder"], facts["bid"]
        names = table.names
        us = self.side_of(bidder)
        ours = f"{names[bidder]} and {names[(bidder + 2) % 4]}"
        theirs = f"{names[1 - us]} and {names[3 - us]}"
        took = facts["bidders_tricks"]
        rest = self.HAND_SIZE - took
        our_thieves, their_thieves = facts["bidders_thieves"], facts["others_thieves"]
        our_points, their_points = took + our_thieves, rest + their_thieves

        def result(mine: int, yours: int, text: str, rule: str, made: bool) -> HandResult:
            awards = (mine, yours) if us == 0 else (yours, mine)
            return HandResult(
                awards,
                f"{names[bidder]} bid {plural(bid, 'trick')} and {ours} took {text}",
                rule=rule,
                bidder=bidder,
                made=made,
                bid=bid,
            )

        if took == bid:
            return result(
                our_points,
                their_thieves,
                f"exactly {took}: {ours} score {points_words(took, our_thieves)}; {theirs} "
                f"score only their {plural(their_thieves, 'thief', 'thieves')} "
                f"{THIEVES_ALWAYS}",
                "exact",
                True,
            )
        if took > bid:
            return result(
                our_points,
                their_points,
                f"{took}: both teams score their tricks and thieves ({ours} {our_points}, "
                f"{theirs} {their_points})",
                "exceed",
                True,
            )
        return result(
            our_thieves,
            their_points,
            f"{took}: {ours} score only their {plural(our_thieves, 'thief', 'thieves')}; "
            f"{theirs} score {points_words(rest, their_thieves)} {THIEVES_ALWAYS}",
            "miss",
            False,
        )
