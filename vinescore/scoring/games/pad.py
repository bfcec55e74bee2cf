"""A free-form score pad for any other game: a row of points per round."""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Facts, Field, GameRules, HandResult, Option, Table, Winner
from ..checks import check_fields
from ..words import and_list, gettext, gettext_noop, ngettext

LIMIT = 100_000


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


class ScorePad(GameRules):
    opens = ""
    key = "pad"
    name = "Score pad"
    rules_version = "vinescore score pad 2026-11"
    player_counts = tuple(range(1, 13))
    summary = gettext_noop("Any other game: name it, then write down everyone's points each round.")
    options = (
        Option(
            "low_wins",
            gettext_noop("Low score wins"),
            gettext_noop("For games where points count against you."),
        ),
    )
    names_game = True  # the table names the game when it starts

    def fields(self, table: Table) -> list[Field]:
        return [
            Field(
                "points",
                gettext("Points this round"),
                "per_seat",
                min=-LIMIT,
                max=LIMIT,
                help=gettext("Blank counts as 0; use a minus sign for points lost."),
            )
        ]

    def clean(self, facts: Facts, table: Table) -> Facts:
        return check_fields(self.fields(table), facts, table)

    def score(self, facts: Facts, table: Table) -> HandResult:
        points = facts["points"]
        scored = [f"{n} {signed(p)}" for n, p in zip(table.names, points, strict=True) if p]
        said = and_list(scored) if scored else gettext("nobody scored")
        return HandResult(
            tuple(points), gettext("Round scored: {said}").format(said=said), rule="round"
        )

    def low_wins(self, table: Table) -> bool:
        return table.has("low_wins")

    def best(self, totals: Sequence[int], table: Table) -> int:
        return min(totals) if self.low_wins(table) else max(totals)

    def winner(self, totals, target, last, table) -> Winner | None:
        """With a target, the game ends when anyone reaches it; the best
        score (highest, or lowest when low wins) takes it, level players share."""
        if target is None or max(totals) < target:
            return None
        return self._winner(totals, table, gettext("{target} reached").format(target=target))

    def limit_winner(self, totals, hands, last, table) -> Winner:
        why = ngettext("after {n} round", "after {n} rounds", hands).format(n=hands)
        return self._winner(totals, table, why)

    def session_winner(self, totals, table) -> Winner:
        return self._winner(totals, table, gettext("best score when the game was ended"))

    def _winner(self, totals, table: Table, why: str) -> Winner:
        best = self.best(totals, table)
        level = [s for s, t in enumerate(totals) if t == best]
        low = gettext("lowest") if table.has("low_wins") else gettext("highest")
        if len(level) == 1:
            return Winner(level[0], gettext("{low} score; {why}").format(low=low, why=why))
        return Winner(
            level[0],
            gettext("level on the {low} score: a shared win; {why}").format(low=low, why=why),
            tuple(level[1:]),
        )
