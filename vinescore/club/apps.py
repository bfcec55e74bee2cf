from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "vinescore.club"
    label = "club"
    verbose_name = "Club nights"
