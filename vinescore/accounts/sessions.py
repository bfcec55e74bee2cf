"""Sessions, kept on the server (SESSION_ENGINE names this module): Django's
database store, writing the signed-in person's id beside each session (see
models.Session), so that signing out ends a session everywhere and the live
sheet's idle check can join it in its one query. The person is read with
the session's row (one query, not two: signed_in)."""

from contextvars import ContextVar

from django.conf import settings
from django.contrib.auth import (
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user,
    load_backend,
)
from django.contrib.sessions.backends.db import SessionStore as DatabaseStore
from django.core.exceptions import SuspiciousOperation
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from .models import Session

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"

# Set while a session takes a new key (signing in): the old key's row goes,
# but nobody's access ends with it (accounts/apps.py).
NEW_KEY = ContextVar("new session key", default=False)


def unexpired(session_key: str) -> Session | None:
    """The session's row with its person, if it has not run out."""
    rows = Session.objects.select_related("user")
    return rows.filter(session_key=session_key, expire_date__gt=timezone.now()).first()


class SessionStore(DatabaseStore):
    # The person the session's row names, read with it.
    person = None

    @classmethod
    def get_model_class(cls):
        return Session

    def cycle_key(self):
        """The same session under a new key, as signing in gives it: its
        data, and the phone's access with it, carries over."""
        token = NEW_KEY.set(True)
        try:
            super().cycle_key()
        finally:
            NEW_KEY.reset(token)

    def create_model_instance(self, data):
        session = super().create_model_instance(data)
        user_id = data.get(SESSION_KEY)
        session.user_id = int(user_id) if str(user_id or "").isdigit() else None
        return session

    def load(self):
        """The session's data, its person read with its row. A row not found
        (run out, or never there) is left to Django's own load, which
        forgets the key the cookie named and logs what is suspicious."""
        try:
            row = unexpired(self.session_key)
        except SuspiciousOperation:
            row = None
        if row is None:
            return super().load()
        self.person = row.user
        return self.decode(row.session_data)


def signed_in(request: HttpRequest):
    """Django's get_user, but taking the person read with the session row when it
    passes get_user's own checks; otherwise get_user reads them again."""
    session = request.session
    try:
        user_id, backend = session[SESSION_KEY], session[BACKEND_SESSION_KEY]
    except KeyError:
        return get_user(request)
    person = getattr(session, "person", None)
    if (
        person is not None
        and backend == MODEL_BACKEND
        and backend in settings.AUTHENTICATION_BACKENDS
        and str(person.pk) == str(user_id)
        and load_backend(backend).user_can_authenticate(person)
        and constant_time_compare(
            session.get(HASH_SESSION_KEY) or "", person.get_session_auth_hash()
        )
    ):
        return person
    return get_user(request)
