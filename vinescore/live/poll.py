"""The live sheet polled: what a phone showing a game's sheet (or a
spectator's page) asks every few seconds while it holds no stream
(stream.py). A conditional GET whose ETag is the game's version, found in
one query that is also the access check: 304 with no body while the game
has not moved on, else the live part of the sheet as that visitor sees it."""

from __future__ import annotations

import functools
import re

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext
from django.views.decorators.http import condition, require_safe

from vinescore.accounts import access
from vinescore.accounts.models import Membership, Session, SpectatorLink
from vinescore.table import changes
from vinescore.table.models import Game
from vinescore.table.sheet_views import gone, live_etag, sheet_response
from vinescore.table.views import get_game
from vinescore.table.watch_views import Withdrawn, watched_game, withdrawn


@functools.cache
def look_sql() -> str:
    """member_look's query: the game joined to the person's membership of its
    group through the session's row."""
    game, membership = Game._meta.db_table, Membership._meta.db_table
    session = Session._meta.db_table
    return (
        f"SELECT g.version, m.role FROM {game} g"
        f" JOIN {membership} m ON m.group_id = g.group_id"
        f" JOIN {session} s ON s.user_id = m.user_id"
        " WHERE g.id = %s AND g.deleted_at IS NULL"
        " AND s.session_key = %s AND s.expire_date > %s LIMIT 1"
    )


def member_look(request: HttpRequest, pk: int) -> tuple[int, str] | None:
    """The version of a game the signed-in person's groups hold, and their
    role in its group, in one query that is also the access check: the
    session's row (named by the cookie, gone once its person signed out)
    joined to their memberships, without loading the session or the person.
    None for anyone else (a guest's phone is checked by its table link) and
    for a deleted game. Every idle phone asks this every few seconds (the
    poll) or at each look (the stream), so it is plain SQL: the ORM took
    longer to build it than the database takes to answer."""
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    if not session_key:
        return None
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(look_sql(), [pk, session_key, now])
        return cursor.fetchone()


def seen_version(request: HttpRequest, pk: int) -> int | None:
    """The version of a game this visitor may see now, a member (member_look)
    or a guest at its table (by its table link), in one query; None when
    they may not (or it was deleted)."""
    look = member_look(request, pk)
    return look[0] if look is not None else access.guest_version(request, pk)


def current_etag(request: HttpRequest, pk: int) -> str | None:
    """The live part's ETag (seen_version's one query); None sends the
    request on to the view, which says why it cannot be seen."""
    version = seen_version(request, pk)
    return None if version is None else live_etag(pk, version)


@login_not_required  # the etag's one query checks access; a render checks it fully
@require_safe
@condition(etag_func=current_etag)
def game_live(request: HttpRequest, pk: int) -> HttpResponse:
    """What a phone showing the sheet asks every few seconds. While the game
    has not moved on this is one indexed read and a 304 with no body; when it
    has, the live part of the sheet, saying what changed since the version
    the phone shows."""
    game = get_game(request, pk, deleted=True)
    if not request.htmx:
        return HttpResponseRedirect(game.get_absolute_url())
    if game.is_deleted:
        return gone(request, game)
    return live_sheet(request, game, game.place.who)


# Sent by a phone whose own hand form was half typed when it asked (vinescore.js).
TYPING_HEADER = "X-Hand-Typed"


def live_sheet(request: HttpRequest, game: Game, who: str, live_url: str = "") -> HttpResponse:
    """The live part of the sheet. A phone that says it had a hand half
    typed is told what moved on since the version it shows (named by its
    If-None-Match), since that hand may now be out of date; an idle phone
    or a spectator just gets the sheet as it is."""
    if request.headers.get(TYPING_HEADER) == "true":
        shown = re.fullmatch(r'"\d+\.(\d{1,9})\.[\w-]+"', request.headers.get("If-None-Match", ""))
        told = changes.story(game, changes.since(game, int(shown[1]))) if shown else ""
        if told:
            messages.warning(request, gettext("{changes} on another phone.").format(changes=told))
    response = sheet_response(request, game, who, live_url=live_url)
    patch_vary_headers(response, [TYPING_HEADER])
    return response


def watched_version(token: str) -> tuple[int, int] | None:
    """The game a spectator link shows and its version, in one query that is
    also the check that the link still works; None once it does not."""
    number = SpectatorLink.number_in(token)
    if number is None:
        return None
    return (
        Game.objects.live()
        .filter(watch_links__pk=number, watch_links__revoked_at__isnull=True)
        .values_list("pk", "version")
        .first()
    )


def watch_etag(request: HttpRequest, token: str) -> str | None:
    found = watched_version(token)
    return None if found is None else live_etag(*found)


@login_not_required
@require_safe
@condition(etag_func=watch_etag)
def watch_live(request: HttpRequest, token: str) -> HttpResponse:
    """The spectator's live sheet, asked every few seconds (see game_live)."""
    try:
        game = watched_game(token)
    except Withdrawn:
        return withdrawn(request)
    if not request.htmx:
        return HttpResponseRedirect(reverse("watch", args=[token]))
    return live_sheet(request, game, "watch", live_url=reverse("watch_live", args=[token]))
