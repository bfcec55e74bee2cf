"""Views: translate HTTP into model changes and back. The rules live in
vinescore.scoring; every POST redirects for a plain browser and re-renders
the changed fragment for htmx.

Here: the scoped helpers every view loads games and players through, the
health check, the games list and History. Screens by family: sheet_views
(the score sheet, its live part, and the path of every change to a game),
start_views (starting a game), change_views (changes to a game),
delete_views, seat_views, player_views, watch_views (other phones,
spectators), stream_views; game records in vinescore.records,
accounts and groups in vinescore.accounts, the rules pages in vinescore.guide."""

from __future__ import annotations

import logging
from datetime import date

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.cache import cache
from django.core.paginator import Paginator
from django.db import Error as DatabaseFailure
from django.db import connection
from django.db.models import Count
from django.db.models.functions import TruncMonth
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.utils.dateformat import format as date_format
from django.utils.safestring import mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import (
    require_safe,
)

from vinescore.accounts import access
from vinescore.scoring import REGISTRY

from . import charts, fragments
from .forms import (
    HistoryFilter,
)
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


# --- games list and history -----------------------------------------------


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


HISTORY_PAGE = 20


@require_safe
def history(request: HttpRequest) -> TemplateResponse:
    here = access.current(request)
    group = here.group
    query = request.GET.copy()
    query.pop("page", None)
    found = Game.objects.live().filter(group=group).newest_first()
    form = None
    if query:
        form = history_filter(query, group)
        found = form.filter(found) if form.is_valid() else Game.objects.none()
    page = Paginator(found.values_list("pk", "version"), HISTORY_PAGE).get_page(
        request.GET.get("page")
    )
    # The filters render the same for the same players and the same input;
    # each game's card is kept under its version (fragments.game_cards).
    players = tuple(group.players.values_list("pk", "name"))
    asked = (group.pk, players, tuple(sorted(query.lists())))

    filters = fragments.cached_html(
        ("history filters", *asked),
        lambda: render_to_string(
            "table/history.html#filters", {"form": form or history_filter(None, group)}
        ),
    )
    return TemplateResponse(
        request,
        "table/history.html",
        {
            "filtered": form is not None,
            "filters": filters,
            "page": page,
            "cards": fragments.game_cards(page.object_list, "table/history.html#card"),
            "query": query.urlencode(),
            "can_write": here.can_write,
            "is_owner": here.is_owner,
            "what_if_kinds": what_if_kinds(group),
            "months": months_chart(found),
            "periods": period_links(query),
        },
        status=422 if form is not None and form.errors else 200,
    )


MONTHS_SHOWN = 24  # History's chart: the latest two years of the games found


def months_chart(found) -> dict:
    """Games per month among those found, as a small chart: every month
    from the first to the last (at most the latest MONTHS_SHOWN)."""
    rows = (
        found.order_by()
        .annotate(month=TruncMonth("created_at"))
        .values("month")
        .annotate(games=Count("pk"))
        .values_list("month", "games")
    )
    counts = {(m.year, m.month): n for m, n in rows if m is not None}
    if not counts:
        return {}
    (year, month), last = min(counts), max(counts)
    months = []
    while (year, month) <= last:
        months.append((year, month))
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    shown = months[-MONTHS_SHOWN:]
    labels = [(date_format(date(y, m, 1), "M Y"), counts.get((y, m), 0)) for y, m in shown]
    return {
        "svg": mark_safe(charts.per_month(labels)),  # noqa: S308 — charts escape every label
        "cut": len(months) > len(shown),
        "shown": len(shown),
    }


def period_links(query) -> list[tuple[str, str, bool]]:
    """This month, this year, any time: History's other filters kept."""
    rest = query.copy()
    for name in ("when", "start", "end"):
        rest.pop(name, None)
    asked = query.get("when", "")
    out = []
    for value, label in HistoryFilter.PERIODS:
        link = rest.copy()
        if value:
            link["when"] = value
        out.append((label, "?" + link.urlencode() if link else "?", asked == value))
    return out


def what_if_kinds(group) -> list[tuple[str, str]]:
    """The games the group has finished, for "What if…" (key, name)."""
    kinds = Game.objects.live().finished().filter(group=group).values_list("kind", flat=True)
    found = set(kinds.order_by().distinct())
    return [(rules.key, rules.name) for rules in REGISTRY if rules.key in found]


def history_filter(data, group) -> HistoryFilter:
    return HistoryFilter(
        data, games=[(rules.key, rules.name) for rules in REGISTRY], players=group.players.all()
    )
