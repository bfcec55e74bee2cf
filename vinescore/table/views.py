"""Views: translate HTTP into model changes and back. The rules live in
vinescore.scoring; every POST redirects for a plain browser and re-renders
the changed fragment for htmx."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.core.paginator import Paginator
from django.db import IntegrityError, transaction
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
    require_http_methods,
    require_POST,
    require_safe,
)

from vinescore import guide, lan
from vinescore.accounts import access
from vinescore.qr import qr_svg
from vinescore.scoring import REGISTRY, GameRules, Sheet
from vinescore.scoring.ledger import describe, settle_up

from . import changes, charts, fragments
from .change_words import change_words
from .forms import (
    HandForm,
    HistoryFilter,
    NewGameForm,
    NoteForm,
    PlayerForm,
    ReopenForm,
    facts_as_data,
    player_count_words,
)
from .models import (
    MAX_HANDS,
    Game,
    GameChange,
    Hand,
    LiveHand,
    Player,
    Seat,
    duration_words,
)
from .stats import head_to_head, player_stats

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


# --- games list and players ------------------------------------------------


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


@require_http_methods(["GET", "HEAD", "POST"])
def player_list(request: HttpRequest) -> TemplateResponse | HttpResponse:
    here = access.current(request, write=request.method == "POST")
    group = here.group
    form = PlayerForm(request.POST if request.method == "POST" else None, group=group)
    status = 200
    if request.method == "POST":
        if form.is_valid() and save_name(
            form, lambda name: Player.objects.create(name=name, group=group)
        ):
            if not request.htmx:
                return HttpResponseRedirect(reverse("player_list"))
            form = PlayerForm(group=group)
        else:
            status = 422
    template = "table/player_list.html#players" if request.htmx else "table/player_list.html"
    return TemplateResponse(
        request,
        template,
        {"form": form, "players": group.players.all(), "can_write": here.can_write},
        status=status,
    )


def save_name(form: PlayerForm, save) -> bool:
    """Save the form's name; False, with the message beside the field, when
    another phone saved the same name since the form checked it."""
    try:
        with transaction.atomic():
            save(form.cleaned_data["name"])
    except IntegrityError:
        form.refuse_taken()
        return False
    return True


@require_safe
def player_detail(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    player = get_player(request, pk)
    who = "write" if access.place(request, player.group_id).can_write else "read"
    others = tuple(
        Player.objects.filter(group=player.group_id).exclude(pk=player.pk).values_list("pk", "name")
    )
    error = ""
    if "other" in request.GET:  # the "compare with" form
        other = request.GET["other"]
        if other.isdigit() and int(other) in dict(others):
            return HttpResponseRedirect(reverse("head_to_head", args=[player.pk, int(other)]))
        error = "Choose another player to compare with."
    version = (player.pk, player.name, player.record_changed_at, str(player.account or ""))

    def render(visitor: dict) -> str:
        # Adding up thousands of games is done once per version of the record.
        record = fragments.cached(("player record", *version), lambda: player_record(player))
        return render_to_string(
            "table/player_detail.html",
            {
                **record,
                "player": player,
                "recent": fragments.game_cards(record["recent"], "table/_game_card.html"),
                "others": others,
                "error": error,
                "can_write": who == "write",
                **visitor,
            },
        )

    return HttpResponse(
        fragments.cached_page(request, ("player", *version, others, error), render, who=who),
        status=422 if error else 200,
    )


def player_record(player: Player) -> dict:
    """A player's statistics, their chart and their latest games."""
    stats = player_stats(player)
    latest = Game.objects.newest_first().filter(seats__player=player)
    return {
        "stats": stats,
        "chart": mark_safe(  # noqa: S308 — charts escape every label
            charts.results_over_time(
                stats.results[-CHART_GAMES:], f"{player.name}: win rate over time"
            )
        )
        if stats.results
        else "",
        "recent": list(latest.values_list("pk", "updated_at")[:10]),
    }


@require_safe
def head_to_head_view(request: HttpRequest, pk: int, other_pk: int) -> TemplateResponse:
    one = get_player(request, pk)
    other = get_player(request, other_pk)
    if one == other or one.group_id != other.group_id:
        raise Http404("Choose two different players.")
    return TemplateResponse(request, "table/head_to_head.html", {"h2h": head_to_head(one, other)})


@require_http_methods(["GET", "HEAD", "POST"])
def player_rename(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    player = get_player(request, pk, write=True)
    form = PlayerForm(
        request.POST if request.method == "POST" else None,
        player=player,
        group=player.group,
        initial={"name": player.name},
    )
    if request.method == "POST" and form.is_valid() and save_name(form, player.rename):
        return HttpResponseRedirect(reverse("player_detail", args=[player.pk]))
    return TemplateResponse(
        request,
        "table/player_rename.html",
        {"form": form, "player": player},
        status=422 if form.errors else 200,
    )


HISTORY_PAGE = 20
CHART_GAMES = 100  # a player's chart shows their latest finished games


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


# --- starting a game -------------------------------------------------------


@require_safe
def game_new(request: HttpRequest) -> TemplateResponse:
    here = access.current(request, write=True)
    families: dict[str, list[dict]] = {}
    for rules in REGISTRY:
        families.setdefault(rules.family or rules.name, []).append(
            {
                "rules": rules,
                "players": player_count_words(rules.player_counts),
                "scoring": "coins" if rules.coins else "points",
            }
        )
    return TemplateResponse(
        request,
        "table/game_new.html",
        {"families": families.items(), "last_table": last_table(here.group)},
    )


def by_player_count(rules: GameRules, default) -> str:
    """'60 with 3 players, 40 with 4, 25 with 5 or 6' from a per-count default;
    "" when the rulebook sets none."""
    groups: dict[int | None, list[int]] = {}
    for n in rules.player_counts:
        groups.setdefault(default(n), []).append(n)
    if len(groups) == 1:
        (only,) = groups
        return "" if only is None else str(only)
    parts = [f"{value} with {' or '.join(map(str, counts))}" for value, counts in groups.items()]
    return parts[0] + " players, " + ", ".join(parts[1:])


def last_table(group, kind: str | None = None) -> dict | None:
    """The group's latest game (of this kind), offered to start again as it sat."""
    games = Game.objects.filter(group=group, kind__in=[r.key for r in REGISTRY])
    if kind is not None:
        games = games.filter(kind=kind)
    last = games.newest_first().prefetch_related("seats__player").first()
    if last is None or not last.seats.all():
        return None
    _hands, sheet = last.played()
    names = sheet.setup.names
    return {
        "game": last,
        "names": ", ".join(names),
        "dealer": names[sheet.next_table.dealer],
        "options": [o.label for o in last.rules.options if o.name in last.options],
    }


@require_http_methods(["GET", "HEAD", "POST"])
def game_start(request: HttpRequest, kind: str) -> TemplateResponse | HttpResponse:
    if kind not in REGISTRY:
        raise Http404("No such game.")
    rules = REGISTRY[kind]
    group = access.current(request, write=True).group
    if request.method == "POST" and "same_table" in request.POST:
        same = request.POST["same_table"]
        if not same.isdigit() or not Game.objects.filter(kind=kind, pk=same).exists():
            raise Http404("That game is no longer here to start again.")
        again = get_game(request, int(same), write=True).same_table_again()
        return HttpResponseRedirect(again.get_absolute_url())
    initial = {}
    if rules.remember_setup:  # the rulebook fixes no values: offer the last ones used
        last = Game.objects.filter(group=group, kind=kind).order_by("-created_at").first()
        if last is not None:
            initial = {"target": last.target, "stakes": last.stakes}
    form = NewGameForm(
        rules, request.POST if request.method == "POST" else None, initial=initial, group=group
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with transaction.atomic():
            game = Game.objects.create(
                kind=rules.key,
                group=group,
                title=data.get("title", ""),
                rules_version=rules.rules_version,
                options=sorted(data["options"]),
                target=data.get("target"),
                stakes=data.get("stakes"),
                first_dealer=data["first_dealer_index"],
                note=data["note"],
            )
            seated = [
                Player.objects.get_or_create(name=p, group=group)[0] if isinstance(p, str) else p
                for p in data["seated"]
            ]
            Seat.objects.bulk_create(
                Seat(game=game, player=p, position=i) for i, p in enumerate(seated)
            )
            game.refresh_result()
        return HttpResponseRedirect(game.get_absolute_url())
    return TemplateResponse(
        request,
        "table/game_start.html",
        {
            "form": form,
            "rules": rules,
            "players": group.players.all(),
            "last_table": last_table(group, kind),
            "target_hint": by_player_count(rules, rules.default_target),
            "stakes_hint": by_player_count(rules, rules.default_stakes),
        },
        status=422 if form.errors else 200,
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


def join_address(request: HttpRequest, path: str) -> str:
    """The address other phones at the table can open `path` at: the one
    this page was opened with, unless that names this machine only to itself
    (127.0.0.1, localhost); then this machine's address on the local network
    (SERVE_LAN), or "" when it is not served there."""
    host = request.get_host()
    if lan.is_loopback(host):
        if not settings.LAN_ADDRESSES:
            return ""
        port = host.rsplit("]", 1)[-1].rpartition(":")[2] if ":" in host else ""
        host = settings.LAN_ADDRESSES[0] + (f":{port}" if port else "")
    return f"{request.scheme}://{host}{path}"


@require_safe
def game_join(request: HttpRequest, pk: int) -> TemplateResponse:
    """A QR code and a short link that open this game on another phone; for
    those who may change the game, its read-only spectator links too."""
    game = get_game(request, pk)
    address = join_address(request, reverse("join_short", args=[game.pk]))
    can_write = role_of(request, game) == "write"
    watch = []
    if can_write:
        for link in game.watch_links.filter(revoked_at__isnull=True):
            path = reverse("watch", args=[link.token])
            shared = join_address(request, path) or request.build_absolute_uri(path)
            watch.append({"link": link, "address": shared, "qr": qr_svg(shared, scale=4)})
    template = "table/game_join.html#panel" if request.htmx else "table/game_join.html"
    return TemplateResponse(
        request,
        template,
        {
            "game": game,
            "address": address,
            "qr": qr_svg(address) if address else "",
            "can_write": can_write,
            "watch": watch,
        },
    )


@require_safe
def join_short(request: HttpRequest, pk: int) -> HttpResponse:
    """The short link typed on another phone: the game's sheet."""
    return HttpResponseRedirect(get_game(request, pk).get_absolute_url())


@require_POST
def hand_add(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    with transaction.atomic():
        game = get_game(request, pk, write=True, lock=True)
        sent = changes.submitted(request)
        if sent.version != game.version:
            return hand_add_refused(request, game, sent)
        hands, sheet = game.played()
        form = HandForm(game.rules, sheet.next_table, request.POST)
        if game.is_finished:
            form.is_valid()
            form.add_error(None, "This game is finished: reopen it to play more hands.")
            return render_sheet(request, game, hands, sheet, form=form, status=409)
        if not form.is_valid() or not form.has_room(len(hands)):
            return render_sheet(request, game, hands, sheet, form=form, status=422)
        hand, sheet = game.add_hand(form.facts, key=sent.key, played=sheet)
    if not request.htmx:
        return HttpResponseRedirect(game.get_absolute_url())
    hands = [*hands, LiveHand(hand.pk, hand.facts, hand.created_at)]
    return render_sheet(request, game, hands, sheet)


def hand_add_refused(request: HttpRequest, game: Game, sent) -> HttpResponse:
    """A hand drawn from an older version of the game. Sent again: answered
    as the first time. When another phone entered a hand meanwhile, this one
    is most likely the same hand: the sheet is shown with a fresh form. When
    something else changed (an earlier hand edited, say), what was typed is
    kept for the scorekeeper to check and score again."""
    earlier = changes.earlier_submit(game, sent)
    if earlier is not None:
        if not request.htmx:
            return HttpResponseRedirect(game.get_absolute_url())
        return render_sheet(request, game, notice="That hand was already saved.")
    notice = changes.conflict_message(game, sent.version)
    moved = changes.since(game, sent.version)
    if not moved or any(c.action == GameChange.ADDED for c in moved) or game.is_finished:
        return render_sheet(request, game, status=409, notice=notice)
    hands, sheet = game.played()
    form = HandForm(game.rules, sheet.next_table, request.POST)
    form.is_valid()
    notice = notice.replace("here is the sheet as it is now", "check this hand and score it again")
    return render_sheet(request, game, hands, sheet, form=form, status=409, notice=notice)


def hand_number(game: Game, hand: Hand) -> int | None:
    if hand.deleted_at is not None:
        return None
    return game.hands.filter(deleted_at__isnull=True, position__lte=hand.position).count()


@require_http_methods(["GET", "HEAD", "POST"])
def hand_edit(request: HttpRequest, pk: int, hand_pk: int) -> TemplateResponse | HttpResponse:
    if request.method == "POST":
        with transaction.atomic():
            return hand_edit_post(request, get_game(request, pk, write=True, lock=True), hand_pk)
    game = get_game(request, pk, write=True)
    hand = get_hand(game, hand_pk)
    number = hand_number(game, hand)
    if number is None:
        raise Http404("That hand was deleted; restore it before editing.")
    table = game.played()[1].table_for(number - 1)
    form = HandForm(game.rules, table, initial=facts_as_data(game.rules.fields(table), hand.facts))
    return hand_edit_page(request, game, hand, number, form, table)


def hand_edit_post(request: HttpRequest, game: Game, hand_pk: int) -> HttpResponse:
    hand = get_hand(game, hand_pk)
    back = f"{game.get_absolute_url()}#hand-{hand.pk}"
    refused = refuse_stale(request, game, lambda change: HttpResponseRedirect(back))
    if refused is not None:
        return refused
    number = hand_number(game, hand)
    if number is None:  # deleted, and the version did not move since: a hand of no page
        raise Http404("That hand was deleted; restore it before editing.")
    table = game.played()[1].table_for(number - 1)
    form = HandForm(game.rules, table, request.POST)
    if not form.is_valid():
        return hand_edit_page(request, game, hand, number, form, table)
    if form.facts != hand.facts:
        game.edit_hand(hand, form.facts, key=changes.submitted(request).key)
    return HttpResponseRedirect(back)


def hand_edit_page(
    request: HttpRequest, game: Game, hand: Hand, number: int, form: HandForm, table
) -> TemplateResponse:
    return TemplateResponse(
        request,
        "table/hand_edit.html",
        {
            "game": game,
            "hand": hand,
            "number": number,
            "later": game.hand_count - number,
            "form": form,
            "dealer": table.names[table.dealer],
        },
        status=422 if form.errors else 200,
    )


@require_http_methods(["GET", "HEAD", "POST"])
def hand_delete(request: HttpRequest, pk: int, hand_pk: int) -> TemplateResponse | HttpResponse:
    if request.method == "POST":
        with transaction.atomic():
            game = get_game(request, pk, write=True, lock=True)
            hand = get_hand(game, hand_pk)
            deleted = HttpResponseRedirect(f"{game.get_absolute_url()}?deleted={hand.pk}")
            refused = refuse_stale(request, game, lambda change: deleted)
            if refused is not None:
                return refused
            if hand.deleted_at is None:
                game.delete_hand(hand, key=changes.submitted(request).key)
            return deleted
    game = get_game(request, pk, write=True)
    hand = get_hand(game, hand_pk)
    number = hand_number(game, hand)
    if number is None:
        return HttpResponseRedirect(game.get_absolute_url())
    return TemplateResponse(
        request,
        "table/hand_delete.html",
        {"game": game, "hand": hand, "number": number, "later": game.hand_count - number},
    )


@require_POST
def hand_restore(request: HttpRequest, pk: int, hand_pk: int) -> HttpResponse:
    with transaction.atomic():
        game = get_game(request, pk, write=True, lock=True)
        hand = get_hand(game, hand_pk)
        restored = HttpResponseRedirect(f"{game.get_absolute_url()}#hand-{hand.pk}")
        refused = refuse_stale(request, game, lambda change: restored)
        if refused is not None:
            return refused
        if hand.deleted_at is not None:
            if game.hand_count >= MAX_HANDS:
                full = f"A game holds at most {MAX_HANDS:,} hands: this one is full."
                return render_sheet(request, game, status=409, notice=full)
            game.restore_hand(hand, key=changes.submitted(request).key)
        return restored


@require_safe
def change_log(request: HttpRequest, pk: int) -> TemplateResponse:
    game = get_game(request, pk)
    changes = list(game.changes.select_related("hand"))
    _hands, sheet = game.played()
    live = list(game.hands.filter(deleted_at__isnull=True).values_list("pk", "position"))
    numbers = {hand_pk: i + 1 for i, (hand_pk, _position) in enumerate(live)}
    for change in changes:
        number, is_live = None, True
        if change.hand is not None:
            is_live = change.hand_id in numbers
            # A deleted hand is named by where it would stand if restored.
            number = numbers.get(change.hand_id) or 1 + sum(
                1 for _pk, position in live if position < change.hand.position
            )
        table = sheet.table_for(number - 1) if number else sheet.setup.table(0)
        change.number = number
        change.words = change_words(change, game.rules, table, number, is_live)
    return TemplateResponse(request, "table/change_log.html", {"game": game, "changes": changes})


# --- the end of a game -----------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
def game_reopen(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    if request.method == "POST":
        with transaction.atomic():
            return game_reopen_page(request, get_game(request, pk, write=True, lock=True))
    return game_reopen_page(request, get_game(request, pk, write=True))


def game_reopen_page(request: HttpRequest, game: Game) -> TemplateResponse | HttpResponse:
    sheet = HttpResponseRedirect(game.get_absolute_url())
    if request.method == "POST":
        refused = refuse_stale(request, game, lambda change: sheet)
        if refused is not None:
            return refused
    if not game.is_finished:
        return sheet
    key = changes.submitted(request).key
    if game.ended:
        if request.method == "POST":
            game.reopen(key=key)
            return sheet
        form = None
    else:
        top = max(game.final_totals or [0])
        form = ReopenForm(request.POST if request.method == "POST" else None, top=top)
        if request.method == "POST" and form.is_valid():
            game.reopen(target=form.cleaned_data["target"], key=key)
            return sheet
    return TemplateResponse(
        request,
        "table/game_reopen.html",
        {"game": game, "form": form},
        status=422 if form is not None and form.errors else 200,
    )


@require_POST
@transaction.atomic
def game_end_session(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(request, pk, write=True, lock=True)
    sheet = HttpResponseRedirect(game.get_absolute_url())
    refused = refuse_stale(request, game, lambda change: sheet)
    if refused is not None:
        return refused
    if game.ends_by_table and not game.ended:
        game.end_session(key=changes.submitted(request).key)
    return sheet


@require_POST
@transaction.atomic
def game_rematch(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(request, pk, write=True, lock=True)

    def opened(change: GameChange) -> HttpResponse:
        return HttpResponseRedirect(reverse("game", args=[change.after["game"]]))

    refused = refuse_stale(request, game, opened)
    if refused is not None:
        return refused
    rematch = game.start_rematch(key=changes.submitted(request).key)
    return HttpResponseRedirect(rematch.get_absolute_url())


@require_POST
@transaction.atomic
def game_note(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(request, pk, write=True, lock=True)
    sheet = HttpResponseRedirect(game.get_absolute_url())
    refused = refuse_stale(request, game, lambda change: sheet)
    if refused is not None:
        return refused
    form = NoteForm(request.POST)
    if not form.is_valid():
        return render_sheet(request, game, status=422, note_form=form)
    if form.cleaned_data["note"] != game.note:
        game.set_note(form.cleaned_data["note"], key=changes.submitted(request).key)
    return sheet
