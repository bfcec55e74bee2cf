from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class AccountsConfig(AppConfig):
    name = "vinescore.accounts"
    label = "accounts"
    verbose_name = "Accounts and groups"

    def ready(self) -> None:
        from . import models

        # A role changed, a member gone, a phone signed out (its session
        # ended): who may see which game changed (signals.access_changed),
        # and every open stream looks again before its next event. Not a
        # session given a new key as its phone signs in: it goes on.
        for signal, model in (
            (post_save, models.Membership),
            (post_delete, models.Membership),
            (post_delete, models.Session),
        ):
            signal.connect(access_may_have_changed, sender=model)


def access_may_have_changed(sender, instance, created: bool = False, **kwargs) -> None:
    from .sessions import NEW_KEY
    from .signals import access_changed_on_commit

    if created:  # a new member sees more, never less
        return
    if NEW_KEY.get():  # signing in: the same phone, its session under a new key
        return
    access_changed_on_commit()
