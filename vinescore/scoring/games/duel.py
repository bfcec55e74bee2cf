"""A health and round tracker for a two-player dueling card game.

The rulebook fixes neither the starting health nor the rounds that win the
match, so the table chooses both at the start. Each hand here is one
exchange: the damage each side took, or a player declaring their deck
exhausted. Health carries from exchange to exchange within a round, and so
does who attacks: the first exchange of a round is revealed at once, and the
player who dealt more damage attacks next; after that, a player whose attack
got through may chain and attack again, and one whose attack was all blocked
hands the attack over. The status line says who attacks the next exchange.
"""

from __future__ import annotations

from ..base import Facts, Field, GameRules, HandResult, Shortcut, Table
from ..checks import check_fields
from ..words import and_list, gettext, gettext_noop

MAX_DAMAGE = 99
QUICK_HITS = (1, 2, 3, 4, 5)
YOUNGER, UNKNOWN = "younger", "unknown"  # who attacks, when the sheet knows no seat


class Duel(GameRules):
    deals = False
    opens = ""
    key = "duel"
    name = "Duel"
    rules_version = "Duel rulebook (scanned); vinescore rulings 2026-11"
    player_counts = (2,)
    summary = gettext_noop("Two duellists, health and rounds: tap the damage of each exchange.")
    start_label = gettext_noop("Starting health")
    target_label = gettext_noop("Rounds to win the match")
    target_required = True
    remember_setup = True
    carries = True  # each exchange starts from the health the last left

    def fields(self, table: Table) -> list[Field]:
        return [
            Field(
                "damage",
                gettext("Damage taken"),
                "per_seat",
                min=0,
                max=MAX_DAMAGE,
                help=gettext(
                    "Unblocked attack damage each player took in this exchange; blank is 0."
                ),
            ),
            Field(
                "exhausted",
                gettext("Deck exhausted"),
                "seat",
                optional=True,
                none_label=gettext("Nobody"),
                help=gettext("A player who runs out of cards loses the round."),
            ),
        ]

    def shortcuts(self, table: Table) -> list[Shortcut]:
        out = []
        for hit in QUICK_HITS:
            for seat, name in enumerate(table.names):
                damage = [hit if s == seat else 0 for s in range(2)]
                out.append(
                    Shortcut(
                        gettext("{name} takes {hit}").format(name=name, hit=hit), {"damage": damage}
                    )
                )
        for seat, name in enumerate(table.names):
            out.append(
                Shortcut(
                    gettext("{name}'s deck is out").format(name=name),
                    {"damage": [0, 0], "exhausted": seat},
                )
            )
        return out

    def clean(self, facts: Facts, table: Table) -> Facts:
        return check_fields(self.fields(table), facts, table)

    def start(self, table: Table) -> tuple[int, int, int]:
        """(health of seat 0, health of seat 1, round number)."""
        if table.carry is not None:
            return tuple(table.carry[:3])
        return (table.stakes or 0, table.stakes or 0, 1)

    @staticmethod
    def attacker(table: Table) -> int | str | None:
        """Who attacks the next exchange: a seat; None when both reveal at once
        (a round's first exchange); YOUNGER after a reveal that left them
        level; UNKNOWN when the sheet cannot tell."""
        carry = table.carry
        return carry[3] if carry is not None and len(carry) > 3 else None

    @staticmethod
    def next_attacker(damage: list[int], attacker: int | str | None) -> int | str:
        if damage[0] != damage[1]:
            # Whoever dealt the damage (or more of it) attacks: a hit lets the
            # attacker chain, and after the reveal the bigger hitter goes first.
            return 0 if damage[1] > damage[0] else 1
        if attacker is None:
            return YOUNGER
        if isinstance(attacker, int) and not any(damage):
            return 1 - attacker  # every attack blocked: the attack passes over
        return attacker if isinstance(attacker, int) else UNKNOWN

    def round_line(self, table: Table) -> str:
        """ "Round 2: Ana 7 health, Ben 4": where the exchange stands."""
        a, b, number = self.start(table)
        first, second = table.names
        return gettext("Round {number}: {first} {a} health, {second} {b}").format(
            number=number, first=first, a=a, second=second, b=b
        )

    def status(self, table: Table) -> str:
        line, attacker = self.round_line(table), self.attacker(table)
        if attacker is None:
            return gettext("{line} · both reveal a card at once").format(line=line)
        if attacker == YOUNGER:
            return gettext("{line} · level after the reveal: the younger player attacks").format(
                line=line
            )
        if attacker == UNKNOWN:
            return line
        return gettext("{line} · {name} attacks").format(line=line, name=table.names[attacker])

    def began(self, table: Table) -> str:
        """Who attacked in an exchange already played, as the sheet said then
        (whole sentences, as each language puts the tense its own way)."""
        line, attacker = self.round_line(table), self.attacker(table)
        if attacker is None:
            return gettext("{line} · both revealed a card at once").format(line=line)
        if attacker == YOUNGER:
            return gettext("{line} · level after the reveal: the younger player attacked").format(
                line=line
            )
        if attacker == UNKNOWN:
            return line
        return gettext("{line} · {name} attacked").format(line=line, name=table.names[attacker])

    def score(self, facts: Facts, table: Table) -> HandResult:
        a, b, number = self.start(table)
        names = table.names
        damage = facts["damage"]
        health = [a - damage[0], b - damage[1]]
        hits = [
            gettext("{name} takes {d}").format(name=names[s], d=d)
            for s, d in enumerate(damage)
            if d
        ]
        what = and_list(hits) if hits else gettext("no damage")
        exhausted = facts.get("exhausted")
        fresh = (table.stakes or 0, table.stakes or 0, number + 1)

        loser = None
        how = ""
        if exhausted is not None:
            loser, how = (
                exhausted,
                gettext("{name}'s deck is exhausted").format(name=names[exhausted]),
            )
        elif health[0] < 0 and health[1] < 0:
            if health[0] == health[1]:
                return HandResult(
                    (0, 0),
                    gettext(
                        "{what}: both drop below 0 together ({health}); round {number} is drawn "
                        "and replayed (house ruling)"
                    ).format(what=what, health=health[0], number=number),
                    rule="drawn-round",
                    carry=(fresh[0], fresh[1], number),
                )
            loser = 0 if health[0] < health[1] else 1
            how = gettext(
                "both drop below 0; {name} is further down ({health}) (house ruling)"
            ).format(name=names[loser], health=health[loser])
        elif health[0] < 0 or health[1] < 0:
            loser = 0 if health[0] < 0 else 1
            how = gettext("{name} drops below 0 ({health})").format(
                name=names[loser], health=health[loser]
            )

        if loser is None:
            return HandResult(
                (0, 0),
                gettext("{what}: {first} {a} health, {second} {b}").format(
                    what=what, first=names[0], a=health[0], second=names[1], b=health[1]
                ),
                rule="exchange",
                carry=(
                    health[0],
                    health[1],
                    number,
                    self.next_attacker(damage, self.attacker(table)),
                ),
            )
        winner = 1 - loser
        awards = (1, 0) if winner == 0 else (0, 1)
        lead = f"{what}; " if hits else ""
        return HandResult(
            awards,
            gettext("{lead}{how}: {name} wins round {number}").format(
                lead=lead, how=how, name=names[winner], number=number
            ),
            rule="round-won",
            carry=fresh,
        )
