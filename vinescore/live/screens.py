"""A club night's big screen, pushed: a server-sent-events stream of the
screen's part (club/screen.py), one event each time the event's state
moves. It waits on the news of every game of the event and of the event
itself (hub.py); each look is one query (the state, which is the link's
check too), and a moved state's part is drawn once and kept in Django's
cache, where every screen of the event finds it. News of several tables in
the same instant is gathered for a moment into one look. A screen whose
link was renewed is sent `closed`, with the sentence that says so."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.views.decorators.http import require_safe

from vinescore.club.models import Event
from vinescore.club.screen import State, screen_part, screen_state, state_tag
from vinescore.table.models import Game

from .hub import club_event, streams
from .stream import event

# How long news is gathered before the screen looks: hands at several
# tables in one moment are drawn once, well within the second a screen has.
GATHER_SECONDS = 0.2


class Screen:
    """What a screen's stream knows of its event between looks."""

    def __init__(self, pk: int, key: str, language: str) -> None:
        self.pk, self.key, self.language = pk, key, language
        self.state: State | None = None
        self.games: frozenset[int] = frozenset()

    def read(self) -> str | None | bool:
        """Looks once: the part to send (its state moved), None when nothing
        moved, False once the link no longer opens the event."""
        try:
            state = screen_state(self.pk, self.key)
            if state is None:
                return False
            if state == self.state:
                return None
            if self.state is None or state[:2] != self.state[:2]:  # tables drawn or moved
                games = Game.objects.filter(event_table__round__event_id=self.pk)
                self.games = frozenset(games.values_list("pk", flat=True))
            self.state = state
            with translation.override(self.language):
                return screen_part(Event.objects.get(pk=self.pk), state)
        finally:
            if not connection.in_atomic_block:
                connection.close()  # a screen waits for minutes between looks

    def topics(self) -> set[int | str]:
        return {club_event(self.pk), *self.games}

    def ended(self) -> str:
        """What the screen shows once its link no longer opens the event."""
        with translation.override(self.language):
            return render_to_string("club/screen.html#ended")


def screen_event(screen: Screen, part: str) -> str:
    """The part as an event named by the state it shows (its id), which a
    reconnecting screen names (Last-Event-ID) and is sent nothing until the
    state moves on."""
    assert screen.state is not None
    return f"id: {state_tag(screen.state)}\n" + event("screen", part)


async def pushed(screen: Screen, first: str | None) -> AsyncIterator[str]:
    woken = asyncio.Event()
    watched = screen.topics()
    for topic in watched:
        streams.subscribe(topic, woken)
    # News told between the stream's first look and these subscriptions
    # reached no one: one look more, at once.
    woken.set()
    try:
        yield "retry: 1000\n\n"
        if first:
            yield screen_event(screen, first)
        while True:
            try:
                await asyncio.wait_for(woken.wait(), settings.LIVE_STREAM_CHECK)
                await asyncio.sleep(GATHER_SECONDS)
            except TimeoutError:
                yield ": still here\n\n"
            woken.clear()
            # One screen of the event at a time here: the first draws the
            # new part, the others find it kept.
            async with streams.turn(club_event(screen.pk)):
                found = await sync_to_async(screen.read, thread_sensitive=False)()
            if screen.topics() != watched:  # a round drawn: its new tables' news
                for topic in watched - screen.topics():
                    streams.unsubscribe(topic, woken)
                for topic in screen.topics() - watched:
                    streams.subscribe(topic, woken)
                watched = screen.topics()
                woken.set()  # what they told before they were heard: one look more
            if found is False:
                yield event("closed", await sync_to_async(screen.ended)())
                return
            if found:
                yield screen_event(screen, found)
    finally:
        for topic in watched:
            streams.unsubscribe(topic, woken)


@login_not_required  # the link is the key (club.views.event_screen)
@require_safe
async def screen_stream(request: HttpRequest, token: str) -> HttpResponse:
    found = Event.screen_of(token)
    if found is None:
        raise Http404("No such screen.")
    screen = Screen(*found, translation.get_language())
    shown = request.headers.get("Last-Event-ID") or request.GET.get("state", "")
    first = await sync_to_async(screen.read)()
    if first is False:
        raise Http404("No such screen.")
    if screen.state is not None and state_tag(screen.state) == shown:
        first = None  # the page shows it already
    if not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)  # a WSGI server: the screen polls instead
    request.META.pop("HTTP_ACCEPT_ENCODING", None)
    response = StreamingHttpResponse(pushed(screen, first), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response
