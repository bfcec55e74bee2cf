"""Game 3, Thief (3 to 6, each for themselves) and Game 4, Thieves (partners).

A point is a trick or a thief (the lowest thief on a trick, kept by whoever
played it). Thief bids points; with the "trick-only" option, and always in
Thieves, the bid counts tricks and thieves are always scored (RULINGS.md,
"Thief and Thieves").
"""

from __future__ import annotations

from ..base import Facts, Field, GameRules, HandInvalid, HandResult, Option, Table
from ..checks import check_fields
from ..words import gettext, gettext_noop, plural

TRICK_ONLY = "trick_only"
MAX_THIEVES = 11  # one suit of the deck


def most_thieves(size: int) -> int:
    """Thieves kept in a hand of `size` tricks: one suit, and one a trick."""
    return min(size, MAX_THIEVES)


THIEVES_ALWAYS = gettext_noop("(house ruling: thieves always score)")


def points_words(tricks: int, thieves: int) -> str:
    return f"{plural(tricks, 'trick')} + {plural(thieves, 'thief', 'thieves')}"


class Thief(GameRules):
    key = "thief"
    name = "Thief"
    family = "Thief"
    rules_version = "Vines rulebook, Game 3; vinescore rulings 2026-12"
    corrected = gettext_noop("the corrected Thief limits (one thief a trick)")
    player_counts = (3, 4, 5, 6)
    summary = gettext_noop(
        "Coralon with a second key suit: bid the tricks and thieves you will take, "
        "and hit it exactly to score alone."
    )
    options = (
        Option(
            TRICK_ONLY,
            gettext_noop("Trick-only bidding"),
            gettext_noop(
                "The rulebook's scoring variation: bid tricks only; everyone always scores "
                "their thieves."
            ),
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
            Field("bidder", gettext("Bidder"), "seat"),
            Field(
                "bid",
                gettext("Bid (tricks)") if trick_only else gettext("Bid (points)"),
                "number",
                min=self.MIN_BID,
                max=self.max_bid(table),
                help=gettext("Tricks only.")
                if trick_only
                else gettext(
                    "Tricks plus thieves: at most {size} + {most} with {size2} players."
                ).format(size=size, most=most, size2=table.size),
            ),
        ]
        if not trick_only:
            # Bidding points, only each player's points score: the split into
            # tricks and thieves is a detail (RULINGS, "Thief and Thieves").
            out.append(
                Field(
                    "points",
                    gettext("Points (tricks + thieves)"),
                    "per_seat",
                    min=0,
                    max=size + most,
                    help=gettext(
                        "Each player's tricks plus thieves kept; blank is 0. The hand holds "
                        "{size} to {n}."
                    ).format(size=size, n=size + most),
                )
            )
        split = {"detail": not trick_only, "none_label": gettext("Not recorded")}
        out += [
            Field(
                "tricks",
                gettext("Tricks"),
                "per_seat",
                min=0,
                max=size,
                total=size,
                help=gettext("Leave one player blank and it is worked out."),
                **split,
            ),
            Field(
                "thieves",
                gettext("Thieves kept"),
                "per_seat",
                min=0,
                max=most,
                most=most,
                most_why=gettext("one suit")
                if most == MAX_THIEVES
                else gettext("one a trick, {size} tricks").format(size=size),
                help=gettext("The lowest thief on each trick; at most {most} in a hand.").format(
                    most=most
                ),
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
                        "points": gettext(
                            "Points: with these thieves the tricks come to {total}{x}; a hand has "
                            "{size}."
                        ).format(
                            total=sum(tricks),
                            x="" if min(tricks) >= 0 else gettext(", some below 0"),
                            size=size,
                        )
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
                                "points": gettext(
                                    "Points for {name}: {point} with {count} leaves {k} thieves; "
                                    "a player keeps 0 to {most}."
                                ).format(
                                    name=names[seat],
                                    point=points[seat],
                                    count=plural(tricks[seat], "trick"),
                                    k=k,
                                    most=most,
                                )
                            }
                        )
                if sum(thieves) > most:
                    raise HandInvalid(
                        {
                            "points": gettext(
                                "Points: the tricks entered leave {total} thieves; at most {most} "
                                "in a hand."
                            ).format(total=sum(thieves), most=most)
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
                        "points": gettext(
                            "Points for {name}: {point} entered, but {points_words} make {made}."
                        ).format(
                            name=names[wrong],
                            point=points[wrong],
                            points_words=points_words(tricks[wrong], thieves[wrong]),
                            made=made[wrong],
                        )
                    }
                )
            return facts
        if points is None:
            raise HandInvalid({"points": gettext("Enter each player's points (tricks + thieves).")})
        total = sum(points)
        if not size <= total <= size + most:
            raise HandInvalid(
                {
                    "points": gettext(
                        "Points: a {size}-player hand holds {size2} tricks and at most {most} "
                        "thieves, so {size2} to {n} points; these add up to {total}."
                    ).format(size=table.size, size2=size, most=most, n=size + most, total=total)
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
                    gettext(
                        "{who} bid {count} and took exactly {got}: {who} scores {took}; everyone "
                        "else scores only their thieves {THIEVES_ALWAYS}"
                    ).format(
                        who=who,
                        count=plural(bid, "trick"),
                        got=got,
                        took=took,
                        THIEVES_ALWAYS=gettext(THIEVES_ALWAYS),
                    ),
                    "exact",
                    True,
                )
            if got > bid:
                return result(
                    points,
                    gettext(
                        "{who} bid {count} and took {got}: everyone scores their tricks and thieves"
                    ).format(who=who, count=plural(bid, "trick"), got=got),
                    "exceed",
                    True,
                )
            awards = [thieves[s] if s == bidder else points[s] for s in seats]
            return result(
                awards,
                gettext(
                    "{who} bid {count} and took {got}: {who} scores only {count2}; everyone else "
                    "scores their tricks and thieves {THIEVES_ALWAYS}"
                ).format(
                    who=who,
                    count=plural(bid, "trick"),
                    got=got,
                    count2=plural(thieves[bidder], "thief", "thieves"),
                    THIEVES_ALWAYS=gettext(THIEVES_ALWAYS),
                ),
                "miss",
                False,
            )

        got = points[bidder]
        took = f" ({took})" if took else ""
        if got == bid:
            awards = [points[s] if s == bidder else 0 for s in seats]
            return result(
                awards,
                gettext(
                    "{who} bid {bid} and took exactly {got} points{took}: only {who} scores"
                ).format(who=who, bid=bid, got=got, took=took),
                "exact",
                True,
            )
        if got > bid:
            note = ""
            if not split or tricks[bidder] <= bid:
                note = gettext(" (house ruling: exceeding counts tricks and thieves)")
            return result(
                points,
                gettext(
                    "{who} bid {bid} and took {got} points{took}: everyone scores their tricks "
                    "and thieves{note}"
                ).format(who=who, bid=bid, got=got, took=took, note=note),
                "exceed",
                True,
            )
        awards = [0 if s == bidder else points[s] for s in seats]
        return result(
            awards,
            gettext(
                "{who} bid {bid} and took {got} points{took}: {who} scores nothing; everyone else "
                "scores their tricks and thieves"
            ).format(who=who, bid=bid, got=got, took=took),
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
    summary = gettext_noop(
        "Thief for two fixed teams: bid tricks only, and every team always keeps "
        "the thieves it catches."
    )
    HAND_SIZE = 13
    TARGET = 80
    MIN_BID = 2

    def fields(self, table: Table) -> list[Field]:
        return [
            Field("bidder", gettext("Bidder"), "seat"),
            Field("bid", gettext("Bid (tricks)"), "number", min=self.MIN_BID, max=self.HAND_SIZE),
            Field(
                "bidders_tricks",
                gettext("Tricks taken by the bidding team"),
                "number",
                min=0,
                max=self.HAND_SIZE,
                help=gettext("The other team has the rest of the {HAND_SIZE}.").format(
                    HAND_SIZE=self.HAND_SIZE
                ),
            ),
            Field(
                "bidders_thieves",
                gettext("Thieves kept by the bidding team"),
                "number",
                min=0,
                max=MAX_THIEVES,
            ),
            Field(
                "others_thieves",
                gettext("Thieves kept by the other team"),
                "number",
                min=0,
                max=MAX_THIEVES,
                help=gettext("Both teams together keep at most {MAX_THIEVES}.").format(
                    MAX_THIEVES=MAX_THIEVES
                ),
            ),
        ]

    def clean(self, facts: Facts, table: Table) -> Facts:
        facts = check_fields(self.fields(table), facts, table)
        kept = facts["bidders_thieves"] + facts["others_thieves"]
        if kept > MAX_THIEVES:
            raise HandInvalid(
                {
                    "others_thieves": gettext(
                        "Thieves kept by the other team: the two teams keep at most {MAX_THIEVES} "
                        "thieves in a hand (one suit); these add up to {kept}."
                    ).format(MAX_THIEVES=MAX_THIEVES, kept=kept)
                }
            )
        return facts

    def score(self, facts: Facts, table: Table) -> HandResult:
        bidder, bid = facts["bidder"], facts["bid"]
        names = table.names
        us = self.side_of(bidder)
        ours = gettext("{name} and {name2}").format(
            name=names[bidder], name2=names[(bidder + 2) % 4]
        )
        theirs = gettext("{name} and {name2}").format(name=names[1 - us], name2=names[3 - us])
        took = facts["bidders_tricks"]
        rest = self.HAND_SIZE - took
        our_thieves, their_thieves = facts["bidders_thieves"], facts["others_thieves"]
        our_points, their_points = took + our_thieves, rest + their_thieves

        def result(mine: int, yours: int, text: str, rule: str, made: bool) -> HandResult:
            awards = (mine, yours) if us == 0 else (yours, mine)
            return HandResult(
                awards,
                gettext("{name} bid {count} and {ours} took {text}").format(
                    name=names[bidder], count=plural(bid, "trick"), ours=ours, text=text
                ),
                rule=rule,
                bidder=bidder,
                made=made,
                bid=bid,
            )

        if took == bid:
            return result(
                our_points,
                their_thieves,
                gettext(
                    "exactly {took}: {ours} score {points_words}; {theirs} score only their "
                    "{count} {THIEVES_ALWAYS}"
                ).format(
                    took=took,
                    ours=ours,
                    points_words=points_words(took, our_thieves),
                    theirs=theirs,
                    count=plural(their_thieves, "thief", "thieves"),
                    THIEVES_ALWAYS=gettext(THIEVES_ALWAYS),
                ),
                "exact",
                True,
            )
        if took > bid:
            return result(
                our_points,
                their_points,
                gettext(
                    "{took}: both teams score their tricks and thieves ({ours} {our_points}, "
                    "{theirs} {their_points})"
                ).format(
                    took=took,
                    ours=ours,
                    our_points=our_points,
                    theirs=theirs,
                    their_points=their_points,
                ),
                "exceed",
                True,
            )
        return result(
            our_thieves,
            their_points,
            gettext(
                "{took}: {ours} score only their {count}; {theirs} score {points_words} "
                "{THIEVES_ALWAYS}"
            ).format(
                took=took,
                ours=ours,
                count=plural(our_thieves, "thief", "thieves"),
                theirs=theirs,
                points_words=points_words(rest, their_thieves),
                THIEVES_ALWAYS=gettext(THIEVES_ALWAYS),
            ),
            "miss",
            False,
        )
