from django.apps import AppConfig


class OfflineConfig(AppConfig):
    name = "vinescore.offline"
    label = "offline"
