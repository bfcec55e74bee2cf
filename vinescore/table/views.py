"""Views: translate HTTP into model changes and back. The rules live in
vinescore.scoring; every POST redirects for a plain browser and re-renders
the changed fragment for htmx.

Here: the scoped helpers every view loads games and players through, the
games list and History, and the score sheet with its live part. Screens by
family: start_views (starting a game), change_views (changes to a game),
player_views, watch_views (other phones, spectators), record_views;
accounts and groups in vinescore.accounts, the rules pages in vinescore.guide."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.core.cache import cache
from django.core.paginator import Paginator
from django.db import Error as DatabaseFailure
from django.db import connection
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import (
    condition,
    require_safe,
)
from django_htmx.http import HttpResponseClientRedirect

from vinescore import guide
from vinescore.accounts import access
from vinescore.offline.bundle import phone_rules
from vinescore.scoring import REGISTRY, Sheet
from vinescore.scoring.ledger import describe, settle_up
from vinescore.scoring.words import ordinal

from . import changes, charts, fragments
from .forms import (
    HandForm,
    HistoryFilter,
    NoteForm,
    facts_as_data,
)
from .models import (
    RESTORE_DAYS,
    UNDO_MINUTES,
    Game,
    GameChange,
    Hand,
    LiveHand,
    Player,
    Seat,
    duration_words,
    restorable_since,
)

log = logging.getLogger(__name__)

# The score sheet shows the latest hands; the rest are one tap away.
SHEET_WINDOW = 15


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
    unless asked for (`deleted`) while it can be restored."""
    games = Game.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player"))
    )
    if lock:
        games = games.select_for_update()
    game = get_object_or_404(games, pk=pk)
    access.game_place(request, game.pk, game.group_id, write=write)
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


def role_of(request: HttpRequest, game: Game) -> str:
    """What this person may do with the game's sheet: "write", "guest" (a
    guest at the table: its hands only) or "read"."""
    return access.game_place(request, game.pk, game.group_id).who


def refuse_stale(
    request: HttpRequest, game: Game, done: Callable[[GameChange], HttpResponse]
) -> HttpResponse | None:
    """None when the change was drawn from the game as it is now (the game
    must be locked). Otherwise the answer: `done(change)` when this same
    submit was already saved, else a 409 with the sheet as it is now."""
    sent = changes.submitted(request)
    if sent.version == game.version:
        return None
    earlier = changes.earlier_submit(game, sent)
    if earlier is not None:
        return done(earlier)
    return render_sheet(
        request, game, status=409, notice=changes.conflict_message(game, sent.version)
    )


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
        },
    )


def just_deleted(request: HttpRequest, here: access.Place) -> Game | None:
    """The game this person just deleted (?deleted=pk), while they may undo it."""
    deleted = request.GET.get("deleted", "")
    if not deleted.isdigit() or len(deleted) > 18 or not here.can_write:
        return None
    game = Game.objects.filter(group=here.group, pk=deleted).deleted().first()
    return game if game is not None and game.can_be_restored_by(here.is_owner) else None


HISTORY_PAGE = 20


@require_safe
def history(request: HttpRequest) -> HttpResponse:
    here = access.current(request)
    group = here.group
    query = request.GET.copy()
    query.pop("page", None)
    found = Game.objects.live().filter(group=group).newest_first()
    form = None
    if query:
        form = history_filter(query, group)
        found = form.filter(found) if form.is_valid() else Game.objects.none()
    page = Paginator(found.values_list("pk", "updated_at"), HISTORY_PAGE).get_page(
        request.GET.get("page")
    )
    # The filters render the same for the same players and the same input,
    # and the page the same for those and the same games, at the same versions.
    players = tuple(group.players.values_list("pk", "name"))
    asked = (group.pk, players, tuple(sorted(query.lists())))
    games = tuple(page.object_list)

    def render(visitor: dict) -> str:
        filters = fragments.cached_html(
            ("history filters", *asked),
            lambda: render_to_string(
                "table/history.html#filters", {"form": form or history_filter(None, group)}
            ),
        )
        return render_to_string(
            "table/history.html",
            {
                "filtered": form is not None,
                "filters": filters,
                "page": page,
                "cards": fragments.game_cards(games, "table/history.html#card"),
                "query": query.urlencode(),
                "can_write": here.can_write,
                "is_owner": here.is_owner,
                **visitor,
            },
        )

    who = "own" if here.is_owner else "write" if here.can_write else "read"
    return HttpResponse(
        fragments.cached_page(
            request, ("history", *asked, page.number, page.paginator.count, games), render, who=who
        ),
        status=422 if form is not None and form.errors else 200,
    )


def history_filter(data, group) -> HistoryFilter:
    return HistoryFilter(
        data, games=[(rules.key, rules.name) for rules in REGISTRY], players=group.players.all()
    )


# --- the score sheet ------------------------------------------------------


def next_hand_form(game: Game, sheet: Sheet) -> HandForm:
    form = HandForm(game.rules, sheet.next_table)
    defaults = {f.name: f.default for f in form.fact_fields if f.default is not None}
    initial = facts_as_data(form.fact_fields, defaults)
    if sheet.rows:
        repeat = [f for f in form.fact_fields if f.repeat]
        initial.update(facts_as_data(repeat, sheet.rows[-1].facts))
    form.initial = initial
    return form


def sheet_context(
    game: Game,
    hands: list[LiveHand],
    sheet: Sheet,
    form: HandForm | None,
    show_all: bool = False,
    who: str = "write",
    live_url: str = "",
) -> dict:
    """`who`: "write" shows every form and link; "guest" (a table link) the
    hand forms and the change log; "read" (a viewer) the sheet with its log
    and downloads; "watch" (a spectator link) the sheet alone."""
    fresh = form is None
    writing = who in ("write", "guest")
    if form is None and not game.is_finished and writing:
        form = next_hand_form(game, sheet)
    names = sheet.setup.names
    hidden = 0 if show_all else max(0, len(hands) - SHEET_WINDOW)
    rules_url = reverse("rules_page", args=[game.kind]) if game.kind in guide.PAGES else ""
    table = sheet.next_table
    context = {
        "game": game,
        "rules": game.rules,
        "sheet": sheet,
        "sides": list(zip(sheet.side_names, sheet.totals, strict=True)),
        # Seat order, never re-sorted: 5 or 6 players take two even rows.
        "total_columns": len(sheet.totals) if len(sheet.totals) <= 4 else 3,
        "hidden_rows": hidden,
        "form": form,
        "next_number": len(hands) + 1,
        "dealer": names[table.dealer],
        "first_bidder": names[table.left_of(table.dealer)],
        "winner_name": sheet.winner_words,
        "standings": [
            {
                "place": ordinal(p.place),
                "name": sheet.side_names[p.side],
                "total": p.total,
                "note": p.note,
            }
            for p in sheet.standings()
        ],
        "settle_up": (
            describe(settle_up(sheet.totals, game.stakes), names)
            if game.rules.coins and game.is_finished and game.stakes is not None
            else []
        ),
        "options": [o for o in game.rules.options if o.name in game.options],
        "rules_url": rules_url,
        "can_write": writing,
        "guest": who == "guest",
        # "Keep this game on this phone" (static/js/keep.js).
        "phone_rules": phone_rules() if writing else None,
        "watching": who == "watch",
        # The live sheet's poll names the version it shows (see game_live).
        "live_url": live_url or reverse("game_live", args=[game.pk]),
        "live_headers": json.dumps({"If-None-Match": live_etag(game.pk, game.version)}),
        # The same live part pushed: each poll address (…/live/) has its stream (…/stream/).
        "stream_url": settings.LIVE_STREAMS
        and (live_url or reverse("game_live", args=[game.pk])).removesuffix("live/") + "stream/",
        "status": game.rules.status(table) if not game.is_finished else "",
        "just_scored": just_scored(game, hands, sheet),
        "played_for": duration_words(hands[0].played_at, hands[-1].played_at) if hands else "",
        "shortcuts": [
            {"label": s.label, "inputs": hidden_inputs(facts_as_data(form.fact_fields, s.facts))}
            for s in game.rules.shortcuts(table)
        ]
        if form is not None and not game.is_finished
        else [],
    }
    # The sheet, its chart and a fresh form show one version of the game,
    # so each is rendered once per version (see fragments.py).
    version = (game.pk, game.updated_at)
    context["sheet_html"] = fragments.cached_html(
        ("score sheet", *version, hidden, who),
        lambda: render_to_string(
            "table/game.html#sheet", sheet_rows(game, hands, sheet, hidden, rules_url) | context
        ),
    )
    if writing and form is not None and (not game.is_finished or form.errors):
        context["fields_html"] = (
            fragments.cached_html(("hand fields", *version), lambda: render_fields(form))
            if fresh
            else render_fields(form)
        )
    return context


def signed(award: int) -> str:
    return f"+{award}" if award > 0 else str(award)


def just_scored(game: Game, hands: list[LiveHand], sheet: Sheet) -> dict | None:
    """The newest hand, shown above the next form: what it scored for each
    side, so the table sees it before moving on, and can take it back."""
    if not hands:
        return None
    row = sheet.rows[-1]
    return {
        "pk": hands[-1].pk,
        "number": row.number,
        "explanation": row.result.explanation,
        "changes": [
            (name, signed(award))
            for name, award in zip(sheet.side_names, row.result.awards, strict=True)
        ],
        "payments": describe(row.result.payments, sheet.setup.names),
        "edit_url": f"{game.get_absolute_url()}hands/{hands[-1].pk}/edit/",
    }


def render_fields(form: HandForm) -> str:
    return render_to_string("table/_hand_fields.html", {"form": form})


def sheet_rows(game: Game, hands: list[LiveHand], sheet: Sheet, hidden: int, rules_url: str):
    """What the score sheet and its chart print: flat rows, the template
    only prints them."""
    names = sheet.setup.names
    base = game.get_absolute_url()
    rows = [
        {
            "pk": hand.pk,
            "number": row.number,
            "dealer": names[row.dealer],
            "explanation": row.result.explanation,
            "cells": [
                (signed(award), total)
                for award, total in zip(row.result.awards, row.totals, strict=True)
            ],
            "edit_url": f"{base}hands/{hand.pk}/edit/",
            "delete_url": f"{base}hands/{hand.pk}/delete/",
            "after_win": sheet.decided_at is not None and row.number > sheet.decided_at,
            "payments": describe(row.result.payments, names),
            "rule_url": rule_url(rules_url, game.kind, row.result.rule),
        }
        for hand, row in zip(hands[hidden:], sheet.rows[hidden:], strict=True)
    ]
    chart = ""
    if sheet.rows:
        chart = mark_safe(  # noqa: S308 — charts escape every label
            charts.running_totals(
                sheet.side_names,
                [[row.totals[side] for row in sheet.rows] for side in range(len(sheet.totals))],
                start=sheet.starting[0],
                target=game.target,
                title=(
                    gettext("{game}: running balances")
                    if game.rules.coins
                    else gettext("{game}: running totals")
                ).format(game=game.name),
            )
        )
    return {"rows": rows, "chart": chart}


def rule_url(rules_url: str, kind: str, rule: str) -> str:
    """Where the rules page explains the rule a hand was scored by."""
    anchor = guide.rule_anchor(kind, rule) if rules_url else None
    return f"{rules_url}#{anchor}" if anchor else ""


def hidden_inputs(data: dict) -> list[tuple[str, str]]:
    """Form data as (name, value) pairs, a list giving one input per value."""
    return [
        (name, v)
        for name, value in sorted(data.items())
        for v in (value if isinstance(value, list) else [value])
    ]


def render_sheet(
    request: HttpRequest,
    game: Game,
    hands: list[LiveHand] | None = None,
    sheet: Sheet | None = None,
    form: HandForm | None = None,
    status: int = 200,
    notice: str = "",
    note_form: NoteForm | None = None,
    who: str = "",
    live_url: str = "",
) -> TemplateResponse | HttpResponse:
    who = who or role_of(request, game)
    show_all = request.GET.get("all") == "1"
    if request.htmx and form is None and note_form is None:
        html = live_part(request, game, hands, sheet, notice, show_all, who, live_url)
        return HttpResponse(html, status=status)
    if hands is None or sheet is None:
        hands, sheet = game.played()
    context = sheet_context(game, hands, sheet, form, show_all, who, live_url)
    context["notice"] = notice
    context["note_form"] = note_form
    deleted = request.GET.get("deleted", "")
    if deleted.isdigit() and who in ("write", "guest"):
        context["undo_hand"] = game.hands.filter(pk=deleted, deleted_at__isnull=False).first()
    template = "table/game.html#live" if request.htmx else "table/game.html"
    return TemplateResponse(request, template, context, status=status)


def live_part(
    request: HttpRequest,
    game: Game,
    hands: list[LiveHand] | None,
    sheet: Sheet | None,
    notice: str,
    show_all: bool,
    who: str,
    live_url: str,
) -> str:
    """The live part of the sheet with a fresh form, as htmx swaps it in:
    rendered once per version of the game for each kind of visitor (`who`)
    and kept, since every phone at the table asks for the same one after
    each change. Each response gets its own CSRF token and keys, and its own
    notice."""

    def render() -> str:
        nonlocal hands, sheet
        if hands is None or sheet is None:
            hands, sheet = game.played()
        context = sheet_context(game, hands, sheet, None, show_all, who, live_url)
        placeholders = {"csrf_token": fragments.csrf_placeholder(), "kept": True}
        return render_to_string("table/game.html#live", context | placeholders)

    version = (game.pk, game.version, game.updated_at)
    html = fragments.cached(("live", *version, show_all, who, live_url), render)
    told = format_html('<p class="notice moved-on" role="alert" data-moved>{}</p>', notice)
    return fragments.personalise(request, html).replace(NOTICE, told if notice else "", 1)


# Where the notice goes in a kept live part (see game.html).
NOTICE = "<!-- notice -->"


@never_cache  # Back must never show a stale score sheet
@require_safe
def game_detail(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    if request.htmx or "deleted" in request.GET:  # the undo notice is for this view only
        return render_sheet(request, get_game(request, pk))
    # Every change moves updated_at on (Game.refresh_result): the game is
    # loaded only when this version of its page has not been rendered yet.
    found = Game.objects.filter(pk=pk).values_list("updated_at", "group_id", "deleted_at").first()
    if found is None:
        raise Http404("No such game.")
    version, group_id, deleted_at = found
    place = access.game_place(request, pk, group_id)
    if deleted_at is not None:
        return deleted_page(request, get_game(request, pk, deleted=True), place)
    who = place.who
    show_all = request.GET.get("all") == "1"

    def render(visitor: dict) -> str:
        game = get_game(request, pk)
        hands, sheet = game.played()
        context = sheet_context(game, hands, sheet, None, show_all, who)
        return render_to_string("table/game.html", context | visitor | {"kept": True})

    page = fragments.cached_page(request, ("sheet", pk, version, show_all), render, who=who)
    return HttpResponse(page)


def live_etag(pk: int, version: int) -> str:
    """Names one rendering of a game's live part: its version, in the
    language of the phone that asks (a phone that switches language gets
    the live part anew)."""
    return f'"{pk}.{version}.{get_language()}"'


def current_etag(request: HttpRequest, pk: int) -> str | None:
    """The version of a game the signed-in person's groups hold (or a guest
    at its table scores), in one query that is also the access check: the
    session's row (named by the cookie, gone once its person signed out)
    joined to their memberships, without loading the session or the person.
    A guest's phone (no member matched) is checked by its table link; None
    sends the request on to the view."""
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    if not session_key:
        return None
    version = (
        Game.objects.live()
        .filter(
            pk=pk,
            group__memberships__user__sessions__session_key=session_key,
            group__memberships__user__sessions__expire_date__gt=timezone.now(),
        )
        .values_list("version", flat=True)
        .first()
    )
    if version is None:
        version = access.guest_version(request, pk)
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
    return live_sheet(request, game)


# Sent by a phone whose own hand form was half typed when it asked (vinescore.js).
TYPING_HEADER = "X-Hand-Typed"


def live_sheet(request: HttpRequest, game: Game, who: str = "", live_url: str = ""):
    """The live part of the sheet. A phone that says it had a hand half
    typed is told what moved on since the version it shows (named by its
    If-None-Match), since that hand may now be out of date; an idle phone
    or a spectator just gets the sheet as it is."""
    notice = ""
    if request.headers.get(TYPING_HEADER) == "true":
        shown = re.fullmatch(r'"\d+\.(\d{1,9})\.[\w-]+"', request.headers.get("If-None-Match", ""))
        told = changes.story(game, changes.since(game, int(shown[1]))) if shown else ""
        notice = gettext("{changes} on another phone.").format(changes=told) if told else ""
    response = render_sheet(request, game, notice=notice, who=who, live_url=live_url)
    patch_vary_headers(response, [TYPING_HEADER])
    return response


def deleted_page(
    request: HttpRequest, game: Game, place: access.Place, status: int = 404, notice: str = ""
) -> TemplateResponse:
    """A deleted game's own address: it says so, with Restore for whoever
    may still restore it (an owner for RESTORE_DAYS, a member just after)."""
    return TemplateResponse(
        request,
        "table/game_deleted.html",
        {
            "game": game,
            "notice": notice,
            "can_restore": place.can_write and game.can_be_restored_by(place.is_owner),
            "is_owner": place.is_owner,
            "restore_days": RESTORE_DAYS,
            "undo_minutes": UNDO_MINUTES,
        },
        status=status,
    )


def gone(request: HttpRequest, game: Game, notice: str = "") -> HttpResponse:
    """The answer to a phone still on a deleted game's sheet: htmx is sent
    to the page that says it was deleted (with Restore); a plain form gets
    that page, saying what became of what it sent (`notice`)."""
    if request.htmx:
        return HttpResponseClientRedirect(game.get_absolute_url())
    place = access.place(request, game.group_id)
    return deleted_page(request, game, place, status=409 if notice else 404, notice=notice)
