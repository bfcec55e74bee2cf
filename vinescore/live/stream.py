"""The live sheet pushed: a server-sent-events stream of a game's live part, one
event (`id:` the version) each time the version moves (hub.py brings the news).

Each event is what the poll would answer that visitor, by the same code after
the same access check; sent only past the version the phone names (`?version=`,
`Last-Event-ID`), and `closed` once the visitor may no longer see the game.
A stream per phone all evening costs, waiting, a coroutine with no thread or
connection (asgi.py); each look, one query (Game.objects.look); a moved version
is rendered once a process per kind of visitor and language (LiveParts).
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from vinescore.accounts import access
from vinescore.accounts.models import Membership
from vinescore.frames import with_room
from vinescore.live.hub import streams
from vinescore.table.changes import new_key
from vinescore.table.links import watching
from vinescore.table.models import Game
from vinescore.table.sheet_views import sheet_response
from vinescore.table.views import get_game, showable
from vinescore.table.watch_views import Withdrawn, watched_game

# A snapshot: the game's pk and version and the live part (None when it is
# still at the version the phone shows), or None once the visitor may no
# longer see it.
Snapshot = tuple[int, int, str | None] | None
# A read of the game as the visitor may see it, given the version they show.
Read = Callable[[HttpRequest, int | None], Snapshot]


# Where each phone's own CSRF token and one-time keys go in a live part
# rendered once for many streams: letters only, so escaping leaves them be.
CSRF_STAND_IN = "csrfStandInOfEachStream"
KEY_STAND_IN = "keyStandInOfEachStream"
STAND_INS = {"csrf_token": CSRF_STAND_IN, "key_stand_in": KEY_STAND_IN}


class LiveParts:
    """The live parts rendered in this process, by game, version, kind of
    visitor, language and address, the latest `size` of them (a version is
    asked for by its streams within a second of its news)."""

    def __init__(self, size: int = 1000) -> None:
        self.size = size
        self.kept: OrderedDict[tuple, str] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple) -> str | None:
        with self.lock:
            return self.kept.get(key)

    def put(self, key: tuple, html: str) -> None:
        with self.lock:
            self.kept[key] = html
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)


live_parts = LiveParts()


def part_key(request: HttpRequest, pk: int, version: int, who: str, live_url: str) -> tuple:
    # A guest's phone is asked "Who are you?" until it answers.
    asked = who == access.GUEST and not access.has_answered(request, pk)
    return (pk, version, who, get_language(), live_url, request.GET.get("all") == "1", asked)


def has_messages(request: HttpRequest) -> bool:
    """Notices for this visitor only: their live part is their own."""
    storage = getattr(request, "_messages", None)
    return storage is not None and len(storage) > 0


def for_visitor(request: HttpRequest, html: str) -> str:
    """A shared live part with this visitor's CSRF token, and a one-time key
    of its own for each form."""
    html = html.replace(CSRF_STAND_IN, stream_token(request))
    parts = html.split(KEY_STAND_IN)
    return "".join(part + new_key() for part in parts[:-1]) + parts[-1]


def stream_token(request: HttpRequest) -> str:
    """The phone's CSRF token, masked once for all its stream's events: they
    go out uncompressed, where a fresh mask each time guards nothing, and
    masking was a third of an event's CPU."""
    token = request.__dict__.get("_stream_csrf_token")
    if token is None:
        token = request.__dict__["_stream_csrf_token"] = get_token(request)
    return token


def kept_live(
    request: HttpRequest, pk: int, version: int, who: str, live_url: str = ""
) -> str | None:
    """The live part of this version as this visitor sees it, if this process
    rendered it for another stream already; None otherwise."""
    if has_messages(request):
        return None
    html = live_parts.get(part_key(request, pk, version, who, live_url))
    return None if html is None else for_visitor(request, html)


def shared_live(request: HttpRequest, game: Game, who: str, live_url: str = "") -> str:
    """The live part as the poll would answer this visitor, rendered once a
    version for every stream of its kind in this process."""
    if has_messages(request):
        return render_live(request, game, who, live_url)
    key = part_key(request, game.pk, game.version, who, live_url)
    html = live_parts.get(key)
    if html is None:
        html = render_live(request, game, who, live_url, stand_ins=STAND_INS)
        live_parts.put(key, html)
    return for_visitor(request, html)


def render_live(
    request: HttpRequest, game: Game, who: str, live_url: str = "", stand_ins: dict | None = None
) -> str:
    """The live part as the poll would answer this visitor."""
    response = sheet_response(
        request, game, who, live_url=live_url, live_part=True, stand_ins=stand_ins
    )
    return response.render().content.decode()


def released(read: Read) -> Read:
    """A read that gives its database connection back when done: a stream
    waits for minutes between reads, on a thread of the shared pool. It runs
    with room on the frame stack, as a page does (frames.py)."""

    def run(request: HttpRequest, shown: int | None) -> Snapshot:
        try:
            return read(request, shown)
        finally:
            if not connection.in_atomic_block:
                connection.close()

    return with_room(run)


def game_snapshot(pk: int) -> Read:
    def read(request: HttpRequest, shown: int | None) -> Snapshot:
        # A guest's phone (no one signed in) is looked up by the table links
        # it holds, a member's by its session cookie: one query either way.
        signed_in = request.user.is_authenticated
        visitor = access.looking(request) if signed_in else access.visitor(request)
        look = Game.objects.look(visitor, pk)
        if look is None:  # no longer let in
            return None
        _, version, role = look
        # A guest let in at an earlier look, whose table link this look found good.
        seated = role == access.GUEST and access.by_guest(request, pk)
        if version == shown and (role != access.GUEST or seated):
            return pk, version, None
        if role == access.GUEST or (role not in Membership.WRITERS and access.tables(request)):
            # A guest (or a viewer who scanned a table link, who scores as
            # one while it is good): let in as the poll lets them in, at the
            # first look; a guest's later looks check its link themselves.
            kept = kept_live(request, pk, version, access.GUEST) if seated else None
            if kept is not None:
                return pk, version, kept
            forget_access(request)
            try:
                game = get_game(request, pk)
            except (Http404, PermissionDenied, access.TableLinkEnded):
                return None
            if game.version == shown:  # a guest's first look, at the version its page shows
                return pk, shown, None
        else:  # a member, in the place the look found
            kept = kept_live(request, pk, version, access.Place(None, role).who)
            if kept is not None:
                return pk, version, kept
            try:
                game = showable(get_object_or_404(Game.objects.select_related("group"), pk=pk))
            except Http404:
                return None
            game.place = access.Place(game.group, role)
        return game.pk, game.version, shared_live(request, game, game.place.who)

    return released(read)


def watch_snapshot(token: str) -> Read:
    live_url = reverse("watch_live", args=[token])

    def read(request: HttpRequest, shown: int | None) -> Snapshot:
        found = Game.objects.look(watching(token))
        if found is None:
            return None
        if found[1] == shown:
            return found[0], shown, None
        kept = kept_live(request, found[0], found[1], "watch", live_url)
        if kept is not None:
            return found[0], found[1], kept
        try:
            game = watched_game(token)
        except (Withdrawn, Http404):
            return None
        return game.pk, game.version, shared_live(request, game, "watch", live_url)

    return released(read)


def forget_access(request: HttpRequest) -> None:
    """A guest's access is read afresh at each rendering: the request lives all evening."""
    for name in ("_places", "_guest_games"):
        request.__dict__.pop(name, None)


def event(name: str, data: str, version: int | None = None) -> str:
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    head = f"id: {version}\n" if version is not None else ""
    return f"{head}event: {name}\n{lines}\n"


def shown_version(request: HttpRequest) -> int | None:
    """The version the phone shows: the last event's, once it has had one,
    else its page's."""
    told = request.headers.get("Last-Event-ID") or request.GET.get("version", "")
    return int(told) if told.isdigit() and len(told) < 12 else None


async def stream(request: HttpRequest, read: Read, first: Snapshot) -> AsyncIterator[str]:
    assert first is not None
    pk, version, html = first
    woken = streams.subscribe(pk)
    try:
        # How long to wait before reconnecting after a drop (milliseconds).
        yield "retry: 1000\n\n"
        if html is not None:
            yield event("live", html, version)
        while True:
            try:
                await asyncio.wait_for(woken.wait(), settings.LIVE_STREAM_CHECK)
            except TimeoutError:
                yield ": still here\n\n"  # keeps proxies and phones from closing it
            woken.clear()
            async with streams.turn(pk):
                now = await sync_to_async(read, thread_sensitive=False)(request, version)
            if now is None:
                yield event("closed", "")
                return
            if now[2] is not None:
                _, version, html = now
                yield event("live", html, version)
    finally:
        streams.unsubscribe(pk, woken)


async def respond(request: HttpRequest, read: Read) -> HttpResponse:
    first = await sync_to_async(read, thread_sensitive=True)(request, shown_version(request))
    if first is None:
        raise Http404("No such game.")
    if not isinstance(request, ASGIRequest):
        # A WSGI server (runserver, a test's live server) would hold a thread
        # for ever and send nothing: 204 tells the phone's EventSource not to
        # wait, and the phone goes on polling.
        return HttpResponse(status=204)
    # Uncompressed: GZipMiddleware would make each event a gzip member of its
    # own, which browsers do not read as one stream (and proxies may hold).
    request.META.pop("HTTP_ACCEPT_ENCODING", None)
    response = StreamingHttpResponse(stream(request, read, first), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


@login_not_required  # each read checks access as the live poll does
@require_safe
async def game_stream(request: HttpRequest, pk: int) -> HttpResponse:
    return await respond(request, game_snapshot(pk))


@login_not_required
@require_safe
async def watch_stream(request: HttpRequest, token: str) -> HttpResponse:
    return await respond(request, watch_snapshot(token))
