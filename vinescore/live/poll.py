"""The live sheet polled: what a phone showing a game's sheet (or a
spectator's page) asks every few seconds while it holds no stream
(stream.py). A conditional GET whose ETag is the game's version, found in
one query that is also the access check: 304 with no body while the game
has not moved on, else the live part of the sheet as that visitor sees it."""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext
from django.views.decorators.http import condition, require_safe

from vinescore.accounts import access
from vinescore.table import changes
from vinescore.table.links import guest_page, watching
from vinescore.table.models import Game
from vinescore.table.sheet_views import gone, live_etag, render_sheet
from vinescore.table.views import get_game
from vinescore.table.watch_views import Withdrawn, watched_game, withdrawn


def seen_version(request: HttpRequest, pk: int) -> int | None:
    """The game's version if this visitor may see it now (one query for a member);
    None otherwise."""
    look = Game.objects.look(access.looking(request), pk)
    return look[1] if look is not None else None


def current_etag(request: HttpRequest, pk: int) -> str | None:
    """The live part's ETag (seen_version's one query); None sends the
    request on to the view, which says why it cannot be seen."""
    version = seen_version(request, pk)
    return None if version is None else live_etag(pk, version)


@guest_page
@login_not_required  # the etag's one query checks access; a render checks it fully
@require_safe
@condition(etag_func=current_etag)
def game_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The sheet's poll every few seconds: a 304 from one indexed read while the
    game stands still, else the live part of the sheet."""
    game = get_game(request, pk, deleted=True)
    if not request.htmx:
        return HttpResponseRedirect(game.get_absolute_url())
    if game.is_deleted:
        return gone(request, game)
    return live_sheet(request, game, game.place.who)


# Sent by a phone whose own hand form was half typed when it asked (vinescore.js).
TYPING_HEADER = "X-Hand-Typed"


def live_sheet(request: HttpRequest, game: Game, who: str, live_url: str = "") -> HttpResponse:
    """The live part of the sheet, the one every phone of its kind is sent
    (sheet_views.render_sheet); a phone with a hand half typed is also told
    what moved on since its If-None-Match version, as that hand may be out
    of date (a notice of its own: its part is drawn for it)."""
    if request.headers.get(TYPING_HEADER) == "true":
        shown = re.fullmatch(r'"\d+\.(\d{1,9})\.[\w-]+"', request.headers.get("If-None-Match", ""))
        told = changes.story(game, changes.since(game, int(shown[1]))) if shown else ""
        if told:
            messages.warning(request, gettext("{changes} on another phone.").format(changes=told))
    response = render_sheet(request, game, who=who, live_url=live_url)
    patch_vary_headers(response, [TYPING_HEADER])
    return response


def watch_etag(request: HttpRequest, token: str) -> str | None:
    found = Game.objects.look(watching(token))
    return None if found is None else live_etag(*found[:2])


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
