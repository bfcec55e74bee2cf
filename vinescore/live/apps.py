from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "vinescore.live"
    label = "live"
    verbose_name = "Live sheets"

    def ready(self) -> None:
        # Hears table's "this game changed" and accounts' "who may see what
        # changed", and passes them on to the other processes.
        from . import receivers  # noqa: F401
