from django.apps import AppConfig


class TableConfig(AppConfig):
    name = "vinescore.table"
    label = "table"
    verbose_name = "Games and players"
