"""Games scored under an older rules version, and what a correction does to them.

Every score is derived from the facts, so a corrected rule changes old games.
`pending` finds the games whose stored rules version is not the one vinescore
scores them by now and works out, without saving anything, what their totals
and winner become; `Game.rescore` applies it, and the change log says so in
players' words (`rescored_words`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from django.db.models import Prefetch, Q
from django.utils.translation import gettext

from vinescore.scoring import REGISTRY

from .models import Game, Seat


@dataclass(frozen=True)
class Rescore:
    game: Game
    before: dict  # rules_version, totals, winner: the outcome stored now
    after: dict  # the same under the current rules, with sides and correction

    @property
    def changes_the_score(self) -> bool:
        return (self.before["totals"], self.before["winner"]) != (
            self.after["totals"],
            self.after["winner"],
        )

    def words(self) -> str:
        """'Chevalier #12 (Ana, Ben, Cy, Dee): Ana & Cy 31 -> 19; Ben & Dee now win'."""
        players = ", ".join(p.name for p in self.game.seated_players())
        return f"{self.game.name} #{self.game.pk} ({players}): " + rescored_words(
            self.before, self.after, lead=False
        )


def pending(games=None) -> Iterator[Rescore]:
    """Games scored under a rules version other than vinescore's own, each with
    the outcome it has now and the one the current rules give it."""
    if games is None:
        games = Game.objects.all()
    older = Q()
    for rules in REGISTRY:
        older |= Q(kind=rules.key) & ~Q(rules_version=rules.rules_version)
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player"))
    for game in games.filter(older).prefetch_related(seats).order_by("pk").iterator(200):
        yield Rescore(game, game.stored_outcome(), game.current_outcome(game.sheet()))


def _wins(name: str) -> str:
    # "Ana wins"; "Ben & Dee win", "Ana and Cy win" (a team, a shared win)
    if " & " in name or " and " in name or gettext(" and ") in name:
        return gettext("{name} now win").format(name=name)
    return gettext("{name} now wins").format(name=name)


def rescored_words(before: dict, after: dict, lead: bool = True) -> str:
    """'Rescored under the corrected Chevalier sweep: Ana & Cy 31 -> 19; Ben &
    Dee now win' from a RESCORED change's before and after."""
    sides = after.get("sides") or []
    old, new = before.get("totals") or [], after.get("totals") or []
    parts = [
        f"{side} {was} -> {now}"
        for side, was, now in zip(sides, old, new, strict=False)
        if was != now
    ]
    if len(old) != len(new):
        parts = [f"{side} {now}" for side, now in zip(sides, new, strict=False)]
    was_won, now_won = before.get("winner") or "", after.get("winner") or ""
    if now_won and now_won != was_won:
        parts.append(_wins(now_won))
    elif was_won and not now_won:
        parts.append(
            gettext("nobody has won yet, so the game goes on (it was {was})").format(was=was_won)
        )
    correction = after.get("correction") or gettext("the corrected rules")
    text = "; ".join(parts) if parts else gettext("the score is unchanged")
    if not lead:
        return text
    return gettext("Rescored under {correction}: {changes}").format(
        correction=correction, changes=text
    )
