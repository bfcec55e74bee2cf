"""Sessions, kept on the server (SESSION_ENGINE names this module): Django's
database store, writing the signed-in person's id beside each session (see
models.Session), so that signing out ends a session everywhere and the live
sheet's idle check can join it in its one query. The person, and the
groups every page's top bar and access check ask for, are read with the
session's row (one query, not three: signed_in, groups_read_with)."""

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
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from .models import Group, Session

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"

# Set while a session takes a new key (signing in): the old key's row goes,
# but nobody's access ends with it (accounts/apps.py).
NEW_KEY = ContextVar("new session key", default=False)


def unexpired(session_key: str) -> list[Session]:
    """The session's row with its person, once for each of the person's
    groups (`place_*`: their role, the group's columns); one row without a
    group; none if it has run out. A group's every column is read (name,
    created_at, games_changed_at): a Group made of them is the whole row."""
    rows = Session.objects.select_related("user").filter(
        session_key=session_key, expire_date__gt=timezone.now()
    )
    return list(
        rows.annotate(
            place_role=F("user__memberships__role"),
            place_group=F("user__memberships__group"),
            place_name=F("user__memberships__group__name"),
            place_created_at=F("user__memberships__group__created_at"),
            place_games_changed_at=F("user__memberships__group__games_changed_at"),
        )
    )


class SessionStore(DatabaseStore):
    # The person the session's row names, and their groups with their role in
    # each, read with it (groups_read_with; forget_groups).
    person = None
    groups: list[tuple[Group, str]] | None = None

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
            rows = unexpired(self.session_key)
        except SuspiciousOperation:
            rows = []
        if not rows:
            return super().load()
        self.person = rows[0].user
        groups = [
            (
                Group(
                    id=row.place_group,
                    name=row.place_name,
                    created_at=row.place_created_at,
                    games_changed_at=row.place_games_changed_at,
                ),
                row.place_role,
            )
            for row in rows
            if row.place_group is not None
        ]
        # By name, as Group's ordering lists them (sorted here: an ORDER BY
        # through three joins cost more to build than the query's rows).
        self.groups = sorted(groups, key=lambda place: (place[0].name, place[0].pk))
        return self.decode(rows[0].session_data)


def groups_read_with(request: HttpRequest) -> list[tuple[Group, str]] | None:
    """The signed-in person's groups and roles read with their session's row;
    None when they were not (another session store), were forgotten, or the
    person signed in is not the one the row named: then they are read afresh."""
    session = getattr(request, "session", None)
    if not isinstance(session, SessionStore) or session.groups is None:
        return None
    if session.person is None or session.person.pk != request.user.pk:
        return None
    return session.groups


def forget_groups(request: HttpRequest) -> None:
    """The groups read with the session are out of date (a request that lives
    all evening looks again): the next ask reads them afresh."""
    session = getattr(request, "session", None)
    if isinstance(session, SessionStore):
        session.groups = None


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
