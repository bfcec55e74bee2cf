"""Views: translate HTTP into model changes and back; the rules live in
vinescore.scoring. Every POST redirects a plain browser and re-renders the
changed fragment for htmx.

Here: the scoped helpers every view loads games and players through, the
health check and the games list. The other screens: sheet_views, start_views,
change_views, delete_views, seat_views, watch_views, and the other rooms.
"""

from __future__ import annotations

import logging

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.cache import cache
from django.db import Error as DatabaseFailure
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import (
    require_safe,
)

from vinescore.accounts import access
from vinescore.scoring import REGISTRY

from .models import (
    Game,
    Hand,
    Player,
    TableLink,
    game_seen,
    restorable_since,
)

log = logging.getLogger(__name__)


def get_game(
    request: HttpRequest,
    pk: int,
    *,
    write: bool = False,
    lock: bool = False,
    deleted: bool = False,
) -> Game:
    """The game if this visitor may see it (404 otherwise; 403 for a viewer with
    `write`), its place set on `game.place`. `lock` keeps its row locked to the
    transaction's end, so changes from several phones queue up."""
    # The seats are read only when a page needs them (Game.load_seats): a
    # sheet whose parts are all kept does not. The visitor's role is read
    # with the game (with its lock, for a change), and the group with it.
    seen = access.visitor(request)
    game = game_seen(seen, pk, lock=lock)
    if game is None:  # told why when their phone holds a table link to it that ended
        ended = TableLink.objects.ended_for(seen.tables, pk) if seen.tables else ""
        if ended:
            raise access.TableLinkEnded(ended, pk)
        raise Http404("No such page.")
    # The visitor's place at this game, checked once: what the sheet shows them.
    game.place = access.admit(request, game, write=write)
    return showable(game, deleted=deleted)


def showable(game: Game, *, deleted: bool = False) -> Game:
    """The game, or 404 once deleted (unless `deleted` and still restorable) or of
    a kind vinescore does not know."""
    if game.is_deleted and (not deleted or game.deleted_at < restorable_since()):
        raise Http404("This game was deleted.")
    if game.kind not in REGISTRY:
        raise Http404("This game is not one vinescore knows.")
    return game


def get_player(request: HttpRequest, pk: int, *, write: bool = False) -> Player:
    """The player, if this person's groups hold them (404 otherwise); with
    `write`, 403 for a viewer."""
    player = get_object_or_404(Player.objects.select_related("account"), pk=pk)
    access.place(request, player.group_id, write=write)
    return player


def get_hand(game: Game, hand_pk: int) -> Hand:
    return get_object_or_404(Hand, game=game, pk=hand_pk)


@login_not_required
@require_safe
@never_cache
def up(request: HttpRequest) -> HttpResponse:
    """Health check: "ok" when the database (and Redis, if set) answer; else 503
    naming only what is down (the details go to the log)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseFailure as error:  # OperationalError, or InterfaceError on a dead connection
        log.warning("Health check: the database cannot be reached: %s", error)
        return HttpResponse("database unavailable", content_type="text/plain", status=503)
    check_cache = getattr(cache, "check", None)  # the Redis cache (vinescore/server/redis_cache.py)
    if check_cache is not None:
        try:
            check_cache()
        except Exception as error:  # whatever Redis's client raises, the cache is out
            log.warning("Health check: the cache (Redis) cannot be reached: %s", error)
            return HttpResponse("cache unavailable", content_type="text/plain", status=503)
    return HttpResponse("ok", content_type="text/plain")


# --- games list ------------------------------------------------------------


@require_safe
def games_redirect(request: HttpRequest) -> HttpResponse:
    """/games/ (what the sheet's address suggests) is the games list."""
    return redirect("game_list", permanent=True)


@never_cache
@require_safe
def game_list(request: HttpRequest) -> TemplateResponse:
    here = access.current(request)
    games = list(Game.objects.live().filter(group=here.group).for_list()[:100])
    return TemplateResponse(
        request,
        "table/game_list.html",
        {
            "in_progress": [g for g in games if not g.is_finished],
            "finished": [g for g in games if g.is_finished],
            "undo_game": just_deleted(request, here),
            "game_deleted": GAME_DELETED,
        },
    )


# The message level of "Coralon #12 deleted ... Undo": its extra_tags is the game's pk.
GAME_DELETED = 22


def just_deleted(request: HttpRequest, here: access.Place) -> Game | None:
    """The game this person just deleted (a GAME_DELETED message names
    it), while they may still undo it."""
    named = [m.extra_tags for m in messages.get_messages(request) if m.level == GAME_DELETED]
    if not named or not named[-1].isdigit() or not here.can_write:
        return None
    game = Game.objects.filter(group=here.group, pk=named[-1]).deleted().first()
    return game if game is not None and game.can_be_restored_by(here.is_owner) else None
