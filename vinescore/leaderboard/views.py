"""The group's leaderboard of ratings, one game family at a time."""

from __future__ import annotations

from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from vinescore.accounts import access
from vinescore.ratings import family_of, is_rated
from vinescore.ratings.rating import PROVISIONAL
from vinescore.scoring import REGISTRY

from . import board, service


@require_safe
def ratings(request: HttpRequest) -> TemplateResponse:
    group = access.current(request).group
    rated = service.group_ratings(group.pk)
    played = [f for f in board.families() if rated.by_family.get(f)]
    slugs = {board.family_slug(f): f for f in played}
    # A game rated in another's family opens that family's board (Baronet: Bishop's).
    for rules in REGISTRY:
        if is_rated(rules) and family_of(rules) in played:
            slugs.setdefault(rules.key, family_of(rules))
    asked = request.GET.get("game")
    error = ""
    if asked is not None and asked not in slugs:
        error = (
            gettext("No ratings for that game here yet: choose one of these.")
            if played
            else gettext("No ratings here yet.")
        )
    # By default the game the group plays most.
    family = slugs.get(asked or "") or max(played, key=lambda f: rated.by_family[f], default="")
    return TemplateResponse(
        request,
        "leaderboard/ratings.html",
        {
            "families": [(board.family_slug(f), f, rated.by_family[f]) for f in played],
            "family": family,
            "slug": board.family_slug(family),
            "games": rated.by_family.get(family, 0),
            "members": board.members(family) if family else [],
            "provisional": PROVISIONAL,
            "lines": board.leaderboard(rated, family, board.names_of(group)) if family else [],
            "error": error,
        },
        status=422 if error else 200,
    )
