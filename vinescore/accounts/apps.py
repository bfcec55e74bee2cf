from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class AccountsConfig(AppConfig):
    name = "vinescore.accounts"
    label = "accounts"
    verbose_name = "Accounts and groups"

    def ready(self) -> None:
        from . import models

        # A role changed, a member gone, a phone signed out (its session
        # ended): who may see which game changed, and every open stream
        # looks again before its next event (vinescore/live/hub.py). Not a
        # session given a new key as its phone signs in: it goes on.
        for signal, model in (
            (post_save, models.Membership),
            (post_delete, models.Membership),
            (post_delete, models.Session),
        ):
            signal.connect(access_changed, sender=model)


def access_changed(sender, instance, created: bool = False, **kwargs) -> None:
    from .sessions import NEW_KEY

    if created:  # a new member sees more, never less
        return
    if NEW_KEY.get():  # signing in: the same phone, its session under a new key
        return
    from vinescore.live import hub

    hub.announce_access()
