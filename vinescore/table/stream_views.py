"""The live sheet pushed: a server-sent-events stream of a game's live part,
one event each time its version moves (live.py says how the news arrives).

Each event is exactly what the live poll (sheet_views.game_live, watch_views.
watch_live) would answer that visitor at that version, rendered by the same
code after the same access check, named by the version (`id:`), so a phone
that reconnects with `Last-Event-ID` is sent the current sheet only if it
has moved on since. A visitor who may no longer see the game (signed out, a
table or spectator link withdrawn, the game deleted) is sent a `closed`
event and the stream ends; the phone's poll then says why, as it does today.

A stream holds no thread and no database connection while it waits: it is
a coroutine, served without a thread of its own (vinescore/asgi.py), and
each read runs on the worker's thread pool and gives its connection back."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.urls import reverse
from django.views.decorators.http import require_safe

from vinescore.accounts import access
from vinescore.table.live import hub
from vinescore.table.sheet_views import render_live
from vinescore.table.views import get_game
from vinescore.table.watch_views import Withdrawn, watched_game

# A snapshot: the game's pk and version and the live part, or None once the
# visitor may no longer see it.
Snapshot = tuple[int, int, str] | None


def as_htmx(request: HttpRequest) -> None:
    """Render as the poll's htmx request is rendered: the live part only."""
    request.META["HTTP_HX_REQUEST"] = "true"
    request.__dict__.pop("headers", None)  # HttpRequest.headers is cached


def released(read: Callable[[HttpRequest], Snapshot]) -> Callable[[HttpRequest], Snapshot]:
    """A read that gives its database connection back when done: a stream
    waits for minutes between reads, on a thread of the shared pool."""

    def run(request: HttpRequest) -> Snapshot:
        try:
            return read(request)
        finally:
            if not connection.in_atomic_block:
                connection.close()

    return run


def game_snapshot(pk: int) -> Callable[[HttpRequest], Snapshot]:
    def read(request: HttpRequest) -> Snapshot:
        try:
            game = get_game(request, pk)
        except (Http404, PermissionDenied, access.TableLinkEnded):
            return None
        html = render_live(request, game, game.place.who)
        return game.pk, game.version, html

    return released(read)


def watch_snapshot(token: str) -> Callable[[HttpRequest], Snapshot]:
    live_url = reverse("watch_live", args=[token])

    def read(request: HttpRequest) -> Snapshot:
        try:
            game = watched_game(token)
        except (Withdrawn, Http404):
            return None
        html = render_live(request, game, "watch", live_url)
        return game.pk, game.version, html

    return released(read)


def event(name: str, data: str, version: int | None = None) -> str:
    lines = "".join(f"data: {line}\n" for line in data.splitlines() or [""])
    head = f"id: {version}\n" if version is not None else ""
    return f"{head}event: {name}\n{lines}\n"


async def stream(
    request: HttpRequest, read: Callable[[HttpRequest], Snapshot], first: Snapshot
) -> AsyncIterator[str]:
    assert first is not None
    pk, version, html = first
    told = request.headers.get("Last-Event-ID", "")
    woken = hub.subscribe(pk)
    try:
        # How long to wait before reconnecting after a drop (milliseconds).
        yield "retry: 1000\n\n"
        if not (told.isdigit() and int(told) == version):
            yield event("live", html, version)
        while True:
            try:
                await asyncio.wait_for(woken.wait(), settings.LIVE_STREAM_CHECK)
            except TimeoutError:
                yield ": still here\n\n"  # keeps proxies and phones from closing it
            woken.clear()
            now = await sync_to_async(read, thread_sensitive=False)(request)
            if now is None:
                yield event("closed", "")
                return
            if now[1] != version:
                _, version, html = now
                yield event("live", html, version)
    finally:
        hub.unsubscribe(pk, woken)


async def respond(request: HttpRequest, read: Callable[[HttpRequest], Snapshot]) -> HttpResponse:
    as_htmx(request)
    first = await sync_to_async(read, thread_sensitive=True)(request)
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
