"""Sessions, kept on the server (SESSION_ENGINE names this module): Django's
database store, writing the signed-in person's id beside each session (see
models.Session), so that signing out ends a session everywhere and the live
sheet's idle check can join it in its one query."""

from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore as DatabaseStore

from .models import Session


class SessionStore(DatabaseStore):
    @classmethod
    def get_model_class(cls):
        return Session

    def create_model_instance(self, data):
        session = super().create_model_instance(data)
        user_id = data.get(SESSION_KEY)
        session.user_id = int(user_id) if str(user_id or "").isdigit() else None
        return session
