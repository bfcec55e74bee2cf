"""A group's ratings, kept between requests.

Derived data, like a cache: `ratings.kept_ratings` rebuilds them from the
games whenever the group's history is not the one they were computed from,
and `manage.py rebuild_ratings` rebuilds them all. Nothing here is ever the
truth about a game.
"""

from __future__ import annotations

from django.db import models


class GroupRatings(models.Model):
    group = models.OneToOneField(
        "accounts.Group", on_delete=models.CASCADE, related_name="kept_ratings"
    )
    # A digest of the games rated, in the order played, and each one's version
    # (service.history_digests): a game ended after them is added on; any other
    # change to the history rebuilds the lot.
    history = models.CharField(max_length=64)
    games = models.PositiveIntegerField(default=0)
    # service.stamp() of the history when they were computed: while it has
    # not moved, nothing else is read.
    stamp = models.CharField(max_length=80, blank=True)
    # vinescore.ratings.Ratings.as_dict(): per family, each player's id, mu,
    # sigma, games and trend.
    ratings = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "group ratings"

    def __str__(self) -> str:
        return f"ratings of group {self.group_id} after {self.games} games"
