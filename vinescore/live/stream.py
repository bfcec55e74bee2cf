"""The live sheet pushed: a server-sent-events stream of a game's live part, one
event (`id:` the version) each time the version moves (hub.py brings the news).

Each event is what the poll would answer that visitor, by the same code after
the same access check; sent only past the version the phone names (`?version=`,
`Last-Event-ID`), and `closed` once the visitor may no longer see the game.
A stream per phone all evening costs, waiting, a coroutine with no thread or
connection (asgi.py); each look, one query (Game.objects.look); a moved version's
live part is drawn once per kind of visitor (sheet_views.live_part) and kept in
Django's cache, where every stream of that kind finds it (with REDIS_URL, those
of the other processes too), and a stream that looked lately is sent it with no
look of its own (Trust). An event is the kind's live part as it is: no notice
of one phone's (those wait for its page or its poll), no token or key.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import NamedTuple

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_safe

from vinescore.accounts import access
from vinescore.accounts.models import Membership
from vinescore.live.hub import streams
from vinescore.table.links import guest_page, watching
from vinescore.table.models import Game
from vinescore.table.sheet_views import SheetKind, kept_live_part, live_part
from vinescore.table.views import get_game, showable
from vinescore.table.watch_views import Withdrawn, watched_game

# Stands for "the kind of live part was not worked out by this read".
UNSEEN = ("unseen",)


class Seen(NamedTuple):
    """What a read found: the game's pk and version, the live part (None when
    it is still at the version the phone shows), the visitor's role, and the
    kind of live part sent, or that would have been (UNSEEN: not worked out,
    as for a guest not yet seated)."""

    pk: int
    version: int
    html: str | None
    role: str | None = None
    kind: SheetKind | tuple | None = UNSEEN


# A snapshot: what the read found, or None once the visitor may no longer see it.
Snapshot = Seen | None
# A read of the game as the visitor may see it, given the version they show.
Read = Callable[[HttpRequest, int | None], Snapshot]
# The time of a stream's looks (Trust).
clock = time.monotonic


def released(read: Read) -> Read:
    """A read that gives its database connection back when done: a stream
    waits for minutes between reads, on a thread of the shared pool."""

    def run(request: HttpRequest, shown: int | None) -> Snapshot:
        try:
            return read(request, shown)
        finally:
            if not connection.in_atomic_block:
                connection.close()

    return run


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
        # A guest, or a viewer who scanned a table link (who scores as one
        # while it is good).
        as_guest = role == access.GUEST or (
            role not in Membership.WRITERS and bool(access.tables(request))
        )
        if version == shown and (role != access.GUEST or seated):
            if seated or not as_guest:
                who = access.GUEST if seated else access.Place(None, role).who
                return Seen(pk, version, None, role, SheetKind.of(request, pk, who))
            return Seen(pk, version, None, role)
        if as_guest:
            # Let in as the poll lets them in, at the first look; a guest's
            # later looks check its link themselves.
            if seated:
                kind = SheetKind.of(request, pk, access.GUEST)
                html = kept_live_part(pk, version, kind)
                if html is not None:
                    return Seen(pk, version, html, role, kind)
            access.look_again(request)  # the request lives all evening
            try:
                game = get_game(request, pk)
            except (Http404, PermissionDenied, access.TableLinkEnded):
                return None
            if game.version == shown:  # a guest's first look, at the version its page shows
                return Seen(pk, shown, None, role)
        else:  # a member, in the place the look found
            kind = SheetKind.of(request, pk, access.Place(None, role).who)
            html = kept_live_part(pk, version, kind)
            if html is not None:
                return Seen(pk, version, html, role, kind)
            try:
                games = Game.objects.select_related("group").for_sheet()
                game = showable(get_object_or_404(games, pk=pk))
            except Http404:
                return None
            game.place = access.Place(game.group, role)
        kind = SheetKind.of(request, game.pk, game.place.who)
        return Seen(game.pk, game.version, live_part(game, kind), role, kind)

    return released(read)


def watch_snapshot(token: str) -> Read:
    live_url = reverse("watch_live", args=[token])

    def read(request: HttpRequest, shown: int | None) -> Snapshot:
        found = Game.objects.look(watching(token))
        if found is None:
            return None
        pk, version, role = found
        kind = SheetKind.of(request, pk, access.WATCH, live_url)
        if version == shown:
            return Seen(pk, shown, None, role, kind)
        html = kept_live_part(pk, version, kind)
        if html is not None:
            return Seen(pk, version, html, role, kind)
        try:
            game = watched_game(token)
        except (Withdrawn, Http404):
            return None
        return Seen(game.pk, game.version, live_part(game, kind), role, kind)

    return released(read)


def event(name: str, data: str, version: int | None = None) -> str:
    head = f"id: {version}\n" if version is not None else ""
    return f"{head}event: {name}\n{data_lines(data)}\n"


def data_lines(data: str) -> str:
    return "".join(f"data: {line}\n" for line in data.splitlines() or [""])


def kept_event(pk: int, version: int, kind: SheetKind) -> str | None:
    """The event of `version` for a phone of `kind`, if its live part is
    kept (sheet_views.kept_live_part); None otherwise."""
    html = kept_live_part(pk, version, kind)
    return None if html is None else event("live", html, version)


def shown_version(request: HttpRequest) -> int | None:
    """The version the phone shows: the last event's, once it has had one,
    else its page's."""
    told = request.headers.get("Last-Event-ID") or request.GET.get("version", "")
    return int(told) if told.isdigit() and len(told) < 12 else None


@dataclass
class Trust:
    """What a stream's last look found: when, with what role, and which kind
    of live part (sheet_views.SheetKind) it was last sent. Until
    LIVE_STREAM_LOOK seconds after that look, and while no access news came
    (hub.py), a version whose live part is kept for that kind is sent
    without a look; anything else waits for the stream's own look."""

    looked_at: float
    access_changes: int
    role: str | None = None
    kind: SheetKind | None = None

    def holds(self) -> bool:
        return (
            self.kind is not None
            and self.access_changes == streams.access_changes
            and clock() - self.looked_at < settings.LIVE_STREAM_LOOK
        )

    def event(self, pk: int, version: int) -> str | None:
        """The event of `version` for this phone, if its live part is kept
        and the look still holds."""
        return kept_event(pk, version, self.kind) if self.holds() else None

    def next_look(self) -> float:
        """Seconds until the stream must look again."""
        return max(0.0, self.looked_at + settings.LIVE_STREAM_LOOK - clock())


async def look(
    request: HttpRequest, read: Read, shown: int | None, trust: Trust | None
) -> tuple[Snapshot, Trust]:
    """The stream's own look, and what it leaves to trust until the next.
    The first runs on the thread its middleware ran on (where its session
    was read), the others on any thread of the pool."""
    changes, started = streams.access_changes, clock()
    snapshot = await sync_to_async(read, thread_sensitive=trust is None)(request, shown)
    role = None if snapshot is None else snapshot.role
    kind = None if snapshot is None else snapshot.kind
    if kind is UNSEEN:  # none sent: as before, in the same role
        kind = trust.kind if trust is not None and trust.role == role else None
    return snapshot, Trust(started, changes, role, kind)


async def stream(
    request: HttpRequest, read: Read, first: Snapshot, trust: Trust
) -> AsyncIterator[str]:
    assert first is not None
    pk, version, html = first[:3]
    woken = streams.subscribe(pk)
    try:
        # How long to wait before reconnecting after a drop (milliseconds).
        yield "retry: 1000\n\n"
        if html is not None:
            yield event("live", html, version)
        while True:
            wait = min(settings.LIVE_STREAM_CHECK, trust.next_look())
            try:
                await asyncio.wait_for(woken.wait(), wait)
            except TimeoutError:
                yield ": still here\n\n"  # keeps proxies and phones from closing it
            woken.clear()
            heard = streams.version_heard(pk)
            if trust.holds():
                if heard is None or heard <= version:  # nothing this phone lacks
                    continue
                sent = trust.event(pk, heard)
                if sent is not None:  # drawn already, here or by another process
                    version = heard
                    yield sent
                    continue
            async with streams.turn(pk):
                sent = trust.event(pk, heard) if heard and heard > version else None
                if sent is None:
                    now, trust = await look(request, read, version, trust)
            if sent is not None:  # rendered while this stream waited its turn
                version = heard
                yield sent  # sent without holding the turn: a slow phone holds up no other
                continue
            if now is None:
                yield event("closed", "")
                return
            if now.html is not None:
                version = now.version
                yield event("live", now.html, version)
    finally:
        streams.unsubscribe(pk, woken)


async def respond(request: HttpRequest, read: Read) -> HttpResponse:
    first, trust = await look(request, read, shown_version(request), None)
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
    response = StreamingHttpResponse(
        stream(request, read, first, trust), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


@guest_page
@login_not_required  # each read checks access as the live poll does
@require_safe
async def game_stream(request: HttpRequest, pk: int) -> HttpResponse:
    return await respond(request, game_snapshot(pk))


@login_not_required
@require_safe
async def watch_stream(request: HttpRequest, token: str) -> HttpResponse:
    return await respond(request, watch_snapshot(token))
