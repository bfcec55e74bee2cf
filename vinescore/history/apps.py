from django.apps import AppConfig


class HistoryConfig(AppConfig):
    name = "vinescore.history"
    label = "history"
    verbose_name = "History and players"
