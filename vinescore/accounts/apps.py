from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "vinescore.accounts"
    label = "accounts"
    verbose_name = "Accounts and groups"
