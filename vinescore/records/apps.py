from django.apps import AppConfig


class RecordsConfig(AppConfig):
    name = "vinescore.records"
    label = "records"
    verbose_name = "Game records"
