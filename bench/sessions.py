"""The benchmark's one account, and its session cookie for the phones that
the harness drives over HTTP."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from vinescore.accounts.models import Group


def bench_member():
    """The benchmark's one account, owner of a group holding every game and
    player in its throwaway database."""
    user = get_user_model().objects.create_user("bench")
    Group.objects.start("Bench", user)
    return user


def bench_cookie(user) -> str:
    """A Cookie header signing `user` in, made by Django's test client."""
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
