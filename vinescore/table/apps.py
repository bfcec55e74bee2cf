from django.apps import AppConfig


class TableConfig(AppConfig):
    name = "vinescore.table"
    label = "table"
    verbose_name = "Games and players"

    def ready(self):
        from django.utils.translation import gettext, ngettext

        from vinescore.scoring.words import use_translations

        use_translations(gettext, ngettext)
