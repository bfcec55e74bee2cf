"""Views: translate HTTP into model changes and back. The rules live in
vinescore.scoring; every POST redirects for a plain browser and re-renders
the changed fragment for htmx.

Here: the scoped helpers every view loads games and players through, the
health check and the games list. Screens by family: sheet_views (the score
sheet, its live part, and the path of every change to a game), start_views
(starting a game), change_views (changes to a game), delete_views,
seat_views, watch_views (other phones, spectators); the live poll and
stream in vinescore.live, History, the players' pages and what-if in
vinescore.history, game records in
vinescore.records, accounts and groups in vinescore.accounts, the rules
pages in vinescore.guide."""

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
    """The game with its seated players, if this person's groups hold it or
    they are a guest at its table on a page a guest may open (404 otherwise);
    with `write`, 403 for a viewer. With `lock`, its row stays locked until
    the transaction ends, so changes from several phones queue up and each
    sees the version the one before it left. A deleted game is 404 too,
    unless asked for (`deleted`) while it can be restored. `game.place` is
    the visitor's place at it (what they may do)."""
    # The seats are read only when a page needs them (Game.load_seats): a
    # sheet whose parts are all kept does not. The visitor's role is read
    # with the game (with its lock, for a change), and the group with it.
    seen = access.visitor(request)
    games = Game.objects.visible_to(seen, deleted=True).select_related("group")
    if lock:
        games = games.select_for_update(of=("self",))
    game = games.filter(pk=pk).first()
    if game is None:  # told why when their phone holds a table link to it that ended
        ended = TableLink.objects.ended_for(seen.tables, pk) if seen.tables else ""
        if ended:
            raise access.TableLinkEnded(ended, pk)
        raise Http404("No such page.")
    # The visitor's place at this game, checked once: what the sheet shows them.
    game.place = access.admit(request, game, write=write)
    return showable(game, deleted=deleted)


def showable(game: Game, *, deleted: bool = False) -> Game:
    """The game, if its page can be shown: 404 once it was deleted (unless
    asked for, `deleted`, while it can be restored) and for a kind of game
    vinescore does not know."""
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
    """For health checks (a load balancer, a container) and the benchmark's
    baseline: "ok" when this server reaches its database (one query that
    reads no table) and the shared cache when REDIS_URL names one; else 503
    and the one thing that is wrong, in a line that says nothing else about
    the server (what went wrong goes to the log)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseFailure as error:  # OperationalError, or InterfaceError on a dead connection
        log.warning("Health check: the database cannot be reached: %s", error)
        return HttpResponse("database unavailable", content_type="text/plain", status=503)
    check_cache = getattr(cache, "check", None)  # the Redis cache (vinescore/redis_cache.py)
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
