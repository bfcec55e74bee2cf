"""What the leaderboard and a player's page show of the ratings, in
players' words."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from django.utils.translation import gettext, ngettext

from vinescore.accounts.models import Group
from vinescore.ratings import Ratings, Standing, family_of, is_rated
from vinescore.ratings.rating import PROVISIONAL
from vinescore.scoring import REGISTRY

from .charts import sparkline


def families() -> list[str]:
    """The rated game families, in the order the games are listed."""
    out: dict[str, None] = {}
    for rules in REGISTRY:
        if is_rated(rules):
            out.setdefault(family_of(rules))
    return list(out)


def family_slug(family: str) -> str:
    return slugify(family)  # "Mü" -> "mu"


def figure(rating: float) -> str:
    """One decimal, written as the page's language writes numbers (3,0 in German)."""
    return number_format(round(rating, 1) + 0.0, decimal_pos=1)  # + 0.0: never "-0.0"


def certainty(standing: Standing) -> str:
    """How far the rating is to be trusted, in words: one rule for everyone."""
    if standing.provisional:
        return ngettext(
            "provisional until {n} game", "provisional until {n} games", PROVISIONAL
        ).format(n=PROVISIONAL)
    return gettext("established")


def members(family: str) -> list[str]:
    """The games rated in `family`, as the list of games names them."""
    return [str(rules.name) for rules in REGISTRY if is_rated(rules) and family_of(rules) == family]


def trend(name: str, standing: Standing) -> SafeString:
    values = standing.trend
    title = ngettext(
        "{name}'s rating over the last game: from {first} to {last}",
        "{name}'s rating over the last {n} games: from {first} to {last}",
        len(values) - 1,
    ).format(name=name, n=len(values) - 1, first=figure(values[0]), last=figure(values[-1]))
    return mark_safe(sparkline(values, title))  # noqa: S308 — sparkline escapes its label


def placed(ratings: Ratings, family: str):
    """(place, player, standing), best first; level ratings, as shown, share a place."""
    place, shown = 0, None
    for row, (player, standing) in enumerate(ratings.leaderboard(family), start=1):
        if figure(standing.rating) != shown:
            place, shown = row, figure(standing.rating)
        yield place, player, standing


@dataclass
class Line:
    place: int
    player_id: int
    name: str
    rating: str
    games: int
    certainty: str
    provisional: bool
    trend: SafeString


def leaderboard(ratings: Ratings, family: str, names: dict[int, str]) -> list[Line]:
    """The family's leaderboard: best rating first."""
    lines: list[Line] = []
    for place, player, standing in placed(ratings, family):
        name = names.get(player)
        if name is None:
            continue  # a player gone since (the ratings are rebuilt on the next change)
        lines.append(
            Line(
                place,
                player,
                name,
                figure(standing.rating),
                standing.games,
                certainty(standing),
                standing.provisional,
                trend(name, standing),
            )
        )
    return lines


@dataclass
class PlayerLine:
    family: str
    slug: str
    place: int
    of: int
    rating: str
    games: int
    certainty: str
    trend: SafeString


def player_lines(ratings: Ratings, player_id: int, name: str) -> list[PlayerLine]:
    """A player's rating in each family they have played, most played first."""
    lines = []
    for family in families():
        board = list(placed(ratings, family))
        for place, player, standing in board:
            if player == player_id:
                lines.append(
                    PlayerLine(
                        family,
                        family_slug(family),
                        place,
                        len(board),
                        figure(standing.rating),
                        standing.games,
                        certainty(standing),
                        trend(name, standing),
                    )
                )
    lines.sort(key=lambda line: -line.games)
    return lines


def names_of(group: Group) -> dict[int, str]:
    return dict(group.players.values_list("pk", "name"))
