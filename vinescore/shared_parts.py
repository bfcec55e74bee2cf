"""What is rendered once and sent to many phones: the store of a process's
live parts (a game's, by version and kind of visitor: table/live_parts.py),
and the stand-ins drawn in them for what is each phone's own, or each
table's."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Sequence

from django.conf import settings
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

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

# A seat's stand-in for its player's name, in what is drawn once for every
# table of a game and its number of players (a hand's fields): characters of
# Unicode's private use, which escaping leaves as they are.
SEAT_STAND_IN = re.compile("\ue000([0-9]+)\ue001")


def seat_stand_in(seat: int) -> str:
    return f"\ue000{seat}\ue001"


def our_text(value: object) -> SafeString:
    """Text of our own making (a number, a field's name, an address of ours):
    nothing in it to escape, so a template prints it as it is. Escaping
    each number of a sheet's rows and a hand's fields was a tenth of
    drawing them."""
    return SafeString(value)


def with_names(html: str, names: Sequence[str]) -> SafeString:
    """`html` drawn with seat stand-ins, each replaced by its player's name as
    the template would have printed it (escaped). One pass: a name that looks
    like a stand-in is put in as it is."""
    escaped = [escape(name) for name in names]
    return mark_safe(SEAT_STAND_IN.sub(lambda seat: escaped[int(seat[1])], html))  # noqa: S308


class DrawnHere:
    """What this process drew, by a name that says all it shows, the latest
    `size` of them; none with PAGE_CACHE=false. Kept as drawn: nothing to
    name by a digest, or to copy in and out as Django's cache does."""

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


# The live parts: by game, version, kind of visitor, language and address
# (a version is asked for by its streams within a second of its news).
live_parts = DrawnHere()

# The parts drawn by {% drawn_once %} (vinescore/templatetags/drawn.py):
# a sheet's rows, each under all it prints, which a new version draws again
# but for its new row. A table keeps its 15 rows shown alive; every worker
# sees every table, so 20,000 keeps those of a thousand tables and more
# (a row is about 1.5 KB).
drawn_parts = DrawnHere(size=20_000)


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
