"""What is rendered once and sent to many phones: the store of a process's
live parts (a game's, by version and kind of visitor: table/live_parts.py),
and the stand-ins drawn in them for what is each phone's own."""

from __future__ import annotations

import threading
from collections import OrderedDict

from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.utils.safestring import mark_safe

# Where each phone's own CSRF token and one-time keys go in a live part
# rendered once for many phones, and where the live part and the phone's own
# top bar go in a sheet's page drawn once for many phones. Each is drawn as
# it is (safe), and nothing a player types can come out as one: what they
# type is escaped, "<" becoming "&lt;".
CSRF_STAND_IN = mark_safe("<!--the phone's token-->")  # noqa: S308 — our own text
KEY_STAND_IN = mark_safe("<!--a one-time key-->")  # noqa: S308
STAND_INS = {"csrf_token": CSRF_STAND_IN, "key_stand_in": KEY_STAND_IN}
LIVE_STAND_IN = mark_safe("<!--the live part-->")  # noqa: S308
TOP_BAR_STAND_IN = mark_safe("<!--the top bar-->")  # noqa: S308


class LiveParts:
    """The live parts rendered in this process, by game, version, kind of
    visitor, language and address, the latest `size` of them (a version is
    asked for by its streams within a second of its news); none with
    PAGE_CACHE=false."""

    def __init__(self, size: int = 1000) -> None:
        self.size = size
        self.kept: OrderedDict[tuple, str] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple) -> str | None:
        with self.lock:
            return self.kept.get(key)

    def put(self, key: tuple, html: str) -> None:
        if not settings.PAGE_CACHE:
            return
        with self.lock:
            self.kept[key] = html
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)


live_parts = LiveParts()


def has_messages(request: HttpRequest) -> bool:
    """Notices for this visitor only: their live part is their own."""
    storage = getattr(request, "_messages", None)
    return storage is not None and len(storage) > 0


def stream_token(request: HttpRequest) -> str:
    """The phone's CSRF token, masked once for all its stream's events: they
    go out uncompressed, where a fresh mask each time guards nothing, and
    masking was a third of an event's CPU."""
    token = request.__dict__.get("_stream_csrf_token")
    if token is None:
        token = request.__dict__["_stream_csrf_token"] = get_token(request)
    return token
