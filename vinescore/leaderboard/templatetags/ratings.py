"""A player's ratings, for their page: {% player_ratings player %}."""

from __future__ import annotations

from django import template

from vinescore.leaderboard import board, service

register = template.Library()


@register.inclusion_tag("leaderboard/_player_ratings.html")
def player_ratings(player) -> dict:
    if player.group_id is None:
        return {"lines": []}
    rated = service.group_ratings(player.group_id)
    return {"player": player, "lines": board.player_lines(rated, player.pk, player.name)}
