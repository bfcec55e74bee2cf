"""A signed-in session made from outside a request: for the benchmark's
phones and the browser tests, which drive the app over HTTP."""

from importlib import import_module

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model

from .models import Group


def session_cookie(user) -> tuple[str, str]:
    """The session cookie's name and value for `user`, signed in."""
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return settings.SESSION_COOKIE_NAME, session.session_key


def bench_member():
    """The benchmark's one account, owner of a group holding every game and
    player in its throwaway database."""
    user = get_user_model().objects.create_user("bench")
    Group.objects.start("Bench", user)
    return user


def bench_cookie(user) -> str:
    name, value = session_cookie(user)
    return f"{name}={value}"
