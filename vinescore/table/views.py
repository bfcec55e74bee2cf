"""Views: translate HTTP into model changes and back. The rules live in
vinescore.scoring; every POST redirects for a plain browser and re-renders
the changed fragment for htmx.

Here: the scoped helpers every view loads games and players through, the
games list and History, and the score sheet with its live part. Screens by
family: start_views (starting a game), change_views (changes to a game),
player_views, watch_views (other phones, spectators), record_views,
rules_views; accounts and groups in vinescore.accounts."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from django.contrib.auth.decorators import login_not_required
from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import (
    condition,
    require_safe,
)

from vinescore import guide
from vinescore.accounts import access
from vinescore.scoring import REGISTRY, Sheet
from vinescore.scoring.ledger import describe, settle_up

from . import changes, charts, fragments
from .forms import (
    HandForm,
    HistoryFilter,
    NoteForm,
    facts_as_data,
)
from .models import (
    Game,
    GameChange,
    Hand,
    LiveHand,
    Player,
    Seat,
    duration_words,
)

# The score sheet shows the latest hands; the rest are one tap away.
SHEET_WINDOW = 15


def get_game(request: HttpRequest, pk: int, *, write: bool = False, lock: bool = False) -> Game:
    """The game with its seated players, if this person's groups hold it
    (404 otherwise); with `write`, 403 for a viewer. With `lock`, its row
    stays locked until the transaction ends, so changes from several phones
    queue up and each sees the version the one before it left."""
    games = Game.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player"))
    )
    if lock:
        games = games.select_for_update()
    game = get_object_or_404(games, pk=pk)
    access.place(request, game.group_id, write=write)
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
    """What this person may do with the game's sheet: "write" or "read"."""
    return "write" if access.place(request, game.group_id).can_write else "read"


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
def up(request: HttpRequest) -> HttpResponse:
    """The smallest page: for health checks and the benchmark's baseline."""
    return HttpResponse("ok", content_type="text/plain")


# --- games list and history -----------------------------------------------


@never_cache
@require_safe
def game_list(request: HttpRequest) -> TemplateResponse:
    here = access.current(request)
    games = list(Game.objects.filter(group=here.group).for_list()[:100])
    return TemplateResponse(
        request,
        "table/game_list.html",
        {
            "in_progress": [g for g in games if not g.is_finished],
            "finished": [g for g in games if g.is_finished],
        },
    )


HISTORY_PAGE = 20


@require_safe
def history(request: HttpRequest) -> HttpResponse:
    here = access.current(request)
    group = here.group
    query = request.GET.copy()
    query.pop("page", None)
    found = Game.objects.filter(group=group).newest_first()
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
                **visitor,
            },
        )

    who = "write" if here.can_write else "read"
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
    """`who`: "write" shows every form and link; "read" (a viewer) the sheet
    with its log and downloads; "watch" (a spectator link) the sheet alone."""
    fresh = form is None
    writing = who == "write"
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
        "winner_name": " and ".join(sheet.winner_names),
        "settle_up": (
            describe(settle_up(sheet.totals, game.stakes), names)
            if game.rules.coins and game.is_finished and game.stakes is not None
            else []
        ),
        "options": [o for o in game.rules.options if o.name in game.options],
        "rules_url": rules_url,
        "can_write": writing,
        "watching": who == "watch",
        # The live sheet's poll names the version it shows (see game_live).
        "live_url": live_url or reverse("game_live", args=[game.pk]),
        "live_headers": json.dumps({"If-None-Match": live_etag(game.pk, game.version)}),
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
                title=f"{game.name}: running {'balances' if game.rules.coins else 'totals'}",
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
    if deleted.isdigit() and who == "write":
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
    found = Game.objects.filter(pk=pk).values_list("updated_at", "group_id").first()
    if found is None:
        raise Http404("No such game.")
    version, group_id = found
    who = "write" if access.place(request, group_id).can_write else "read"
    show_all = request.GET.get("all") == "1"

    def render(visitor: dict) -> str:
        game = get_game(request, pk)
        hands, sheet = game.played()
        context = sheet_context(game, hands, sheet, None, show_all, who)
        return render_to_string("table/game.html", context | visitor | {"kept": True})

    page = fragments.cached_page(request, ("sheet", pk, version, show_all), render, who=who)
    return HttpResponse(page)


def live_etag(pk: int, version: int) -> str:
    return f'"{pk}.{version}"'


def current_etag(request: HttpRequest, pk: int) -> str | None:
    """The version of a game the signed-in person's groups hold, in one
    query that is also the access check (the person is not loaded: see
    access.session_user_id); None sends the request on to the view."""
    user_id = access.session_user_id(request)
    if user_id is None:
        return None
    version = (
        Game.objects.filter(pk=pk, group__memberships__user_id=user_id)
        .values_list("version", flat=True)
        .first()
    )
    return None if version is None else live_etag(pk, version)


@login_not_required  # the etag's one query checks access; a render checks it fully
@require_safe
@condition(etag_func=current_etag)
def game_live(request: HttpRequest, pk: int) -> HttpResponse:
    """What a phone showing the sheet asks every few seconds. While the game
    has not moved on this is one indexed read and a 304 with no body; when it
    has, the live part of the sheet, saying what changed since the version
    the phone shows."""
    game = get_game(request, pk)
    if not request.htmx:
        return HttpResponseRedirect(game.get_absolute_url())
    return live_sheet(request, game)


def live_sheet(request: HttpRequest, game: Game, who: str = "", live_url: str = ""):
    """The live part of the sheet, telling what moved on since the version
    the asking phone shows (named by its If-None-Match)."""
    shown = re.fullmatch(r'"\d+\.(\d{1,9})"', request.headers.get("If-None-Match", ""))
    told = changes.story(game, changes.since(game, int(shown[1]))) if shown else ""
    notice = f"{told} on another phone." if told else ""
    return render_sheet(request, game, notice=notice, who=who, live_url=live_url)
