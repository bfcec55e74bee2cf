from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "vinescore.live"
    label = "live"
    verbose_name = "Live sheets"
