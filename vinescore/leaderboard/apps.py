from django.apps import AppConfig


class LeaderboardConfig(AppConfig):
    name = "vinescore.leaderboard"
    label = "leaderboard"
    verbose_name = "Ratings"
