"""Views: translate HTTP into model changes and back. The rules live in
vinescore.scoring; every POST redirects for a plain browser and re-renders
the changed fragment for htmx."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db import IntegrityError, transaction
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from vinescore import guide
from vinescore.scoring import REGISTRY, GameRules, Sheet
from vinescore.scoring.ledger import describe, settle_up

from . import charts, fragments
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
from .models import Game, Hand, LiveHand, Player, Seat
from .stats import head_to_head, player_stats

# The score sheet shows the latest hands; the rest are one tap away.
SHEET_WINDOW = 15


def get_game(pk: int) -> Game:
    games = Game.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player"))
    )
    game = get_object_or_404(games, pk=pk)
    if game.kind not in REGISTRY:
        raise Http404("This game is not one vinescore knows.")
    return game


def get_hand(game: Game, hand_pk: int) -> Hand:
    return get_object_or_404(Hand, game=game, pk=hand_pk)


@require_safe
def up(request: HttpRequest) -> HttpResponse:
    """The smallest page: for health checks and the benchmark's baseline."""
    return HttpResponse("ok", content_type="text/plain")


# --- games list and players ------------------------------------------------


@never_cache
@require_safe
def game_list(request: HttpRequest) -> TemplateResponse:
    games = list(Game.objects.for_list()[:100])
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
    form = PlayerForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        if form.is_valid() and save_name(form, lambda name: Player.objects.create(name=name)):
            if not request.htmx:
                return HttpResponseRedirect(request.POST.get("next") or reverse("player_list"))
            form = PlayerForm()
        else:
            status = 422
    template = "table/player_list.html#players" if request.htmx else "table/player_list.html"
    return TemplateResponse(
        request,
        template,
        {"form": form, "players": Player.objects.all()},
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
    player = get_object_or_404(Player, pk=pk)
    others = tuple(Player.objects.exclude(pk=player.pk).values_list("pk", "name"))
    error = ""
    if "other" in request.GET:  # the "compare with" form
        other = request.GET["other"]
        if other.isdigit() and int(other) in dict(others):
            return HttpResponseRedirect(reverse("head_to_head", args=[player.pk, int(other)]))
        error = "Choose another player to compare with."
    version = (player.pk, player.name, player.record_changed_at)

    def render(csrf_token: str) -> str:
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
                "csrf_token": csrf_token,
            },
        )

    return HttpResponse(
        fragments.cached_page(request, ("player", *version, others, error), render),
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
    one = get_object_or_404(Player, pk=pk)
    other = get_object_or_404(Player, pk=other_pk)
    if one == other:
        raise Http404("Choose two different players.")
    return TemplateResponse(request, "table/head_to_head.html", {"h2h": head_to_head(one, other)})


@require_http_methods(["GET", "HEAD", "POST"])
def player_rename(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    form = PlayerForm(
        request.POST if request.method == "POST" else None,
        player=player,
        initial={"name": player.name},
    )
    if request.method == "POST" and form.is_valid() and save_name(form, player.rename):
        return HttpResponseRedirect(reverse("player_list"))
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
    query = request.GET.copy()
    query.pop("page", None)
    found = Game.objects.newest_first()
    form = None
    if query:
        form = history_filter(query)
        found = form.filter(found) if form.is_valid() else Game.objects.none()
    page = Paginator(found.values_list("pk", "updated_at"), HISTORY_PAGE).get_page(
        request.GET.get("page")
    )
    # The filters render the same for the same players and the same input,
    # and the page the same for those and the same games, at the same versions.
    players = tuple(Player.objects.values_list("pk", "name"))
    asked = (players, tuple(sorted(query.lists())))
    games = tuple(page.object_list)

    def render(csrf_token: str) -> str:
        filters = fragments.cached_html(
            ("history filters", *asked),
            lambda: render_to_string(
                "table/history.html#filters", {"form": form or history_filter(None)}
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
                "csrf_token": csrf_token,
            },
        )

    return HttpResponse(
        fragments.cached_page(
            request, ("history", *asked, page.number, page.paginator.count, games), render
        ),
        status=422 if form is not None and form.errors else 200,
    )


def history_filter(data) -> HistoryFilter:
    return HistoryFilter(data, games=[(rules.key, rules.name) for rules in REGISTRY])


# --- starting a game -------------------------------------------------------


@require_safe
def game_new(request: HttpRequest) -> TemplateResponse:
    families: dict[str, list[dict]] = {}
    for rules in REGISTRY:
        families.setdefault(rules.family or rules.name, []).append(
            {
                "rules": rules,
                "players": player_count_words(rules.player_counts),
                "scoring": "coins" if rules.coins else "points",
            }
        )
    return TemplateResponse(request, "table/game_new.html", {"families": families.items()})


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


@require_http_methods(["GET", "HEAD", "POST"])
def game_start(request: HttpRequest, kind: str) -> TemplateResponse | HttpResponse:
    if kind not in REGISTRY:
        raise Http404("No such game.")
    rules = REGISTRY[kind]
    initial = {}
    if rules.remember_setup:  # the rulebook fixes no values: offer the last ones used
        last = Game.objects.filter(kind=kind).order_by("-created_at").first()
        if last is not None:
            initial = {"target": last.target, "stakes": last.stakes}
    form = NewGameForm(rules, request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with transaction.atomic():
            game = Game.objects.create(
                kind=rules.key,
                title=data.get("title", ""),
                rules_version=rules.rules_version,
                options=sorted(data["options"]),
                target=data.get("target"),
                stakes=data.get("stakes"),
                first_dealer=data["first_dealer_index"],
                note=data["note"],
            )
            Seat.objects.bulk_create(
                Seat(game=game, player=p, position=i) for i, p in enumerate(data["seated"])
            )
            game.refresh_result()
        return HttpResponseRedirect(game.get_absolute_url())
    return TemplateResponse(
        request,
        "table/game_start.html",
        {
            "form": form,
            "rules": rules,
            "players_exist": Player.objects.exists(),
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
) -> dict:
    fresh = form is None
    if form is None and not game.is_finished:
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
        "status": game.rules.status(table) if not game.is_finished else "",
        "last_hand": hands[-1].pk if hands else None,
        "shortcuts": [
            {"label": s.label, "inputs": hidden_inputs(facts_as_data(form.fact_fields, s.facts))}
            for s in game.rules.shortcuts(table)
        ]
        if not game.is_finished
        else [],
    }
    # The sheet, its chart and a fresh form show one version of the game,
    # so each is rendered once per version (see fragments.py).
    version = (game.pk, game.updated_at)
    context["sheet_html"] = fragments.cached_html(
        ("score sheet", *version, hidden),
        lambda: render_to_string(
            "table/game.html#sheet", sheet_rows(game, hands, sheet, hidden, rules_url) | context
        ),
    )
    if form is not None and (not game.is_finished or form.errors):
        context["fields_html"] = (
            fragments.cached_html(("hand fields", *version), lambda: render_fields(form))
            if fresh
            else render_fields(form)
        )
    return context


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
                (f"+{award}" if award > 0 else str(award), total)
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
) -> TemplateResponse:
    if hands is None or sheet is None:
        hands, sheet = game.played()
    context = sheet_context(game, hands, sheet, form, show_all=request.GET.get("all") == "1")
    deleted = request.GET.get("deleted", "")
    if deleted.isdigit():
        context["undo_hand"] = game.hands.filter(pk=deleted, deleted_at__isnull=False).first()
    template = "table/game.html#live" if request.htmx else "table/game.html"
    return TemplateResponse(request, template, context, status=status)


@never_cache  # Back must never show a stale score sheet
@require_safe
def game_detail(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    if request.htmx or "deleted" in request.GET:  # the undo notice is for this view only
        return render_sheet(request, get_game(pk))
    # Every change moves updated_at on (Game.refresh_result): the game is
    # loaded only when this version of its page has not been rendered yet.
    version = Game.objects.filter(pk=pk).values_list("updated_at", flat=True).first()
    if version is None:
        raise Http404("No such game.")
    show_all = request.GET.get("all") == "1"

    def render(csrf_token: str) -> str:
        game = get_game(pk)
        hands, sheet = game.played()
        context = sheet_context(game, hands, sheet, None, show_all=show_all)
        return render_to_string("table/game.html", context | {"csrf_token": csrf_token})

    return HttpResponse(fragments.cached_page(request, ("sheet", pk, version, show_all), render))


@require_POST
def hand_add(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    game = get_game(pk)
    hands, sheet = game.played()
    form = HandForm(game.rules, sheet.next_table, request.POST)
    if game.is_finished:
        form.is_valid()
        form.add_error(None, "This game is finished: reopen it to play more hands.")
        return render_sheet(request, game, hands, sheet, form=form, status=409)
    if not form.is_valid() or not form.has_room(len(hands)):
        return render_sheet(request, game, hands, sheet, form=form, status=422)
    hand = game.add_hand(form.facts)
    hands.append(LiveHand(hand.pk, hand.facts))
    sheet = game.refresh_result(sheet.extended(hand.facts))
    game.remember(hands, sheet)
    if not request.htmx:
        return HttpResponseRedirect(game.get_absolute_url())
    return render_sheet(request, game, hands, sheet)


def hand_number(game: Game, hand: Hand) -> int | None:
    if hand.deleted_at is not None:
        return None
    return game.hands.filter(deleted_at__isnull=True, position__lte=hand.position).count()


@require_http_methods(["GET", "HEAD", "POST"])
def hand_edit(request: HttpRequest, pk: int, hand_pk: int) -> TemplateResponse | HttpResponse:
    game = get_game(pk)
    hand = get_hand(game, hand_pk)
    number = hand_number(game, hand)
    if number is None:
        raise Http404("That hand was deleted; restore it before editing.")
    table = game.played()[1].table_for(number - 1)
    if request.method == "POST":
        form = HandForm(game.rules, table, request.POST)
        if form.is_valid():
            if form.facts != hand.facts:
                hand.change_facts(form.facts)
                game.refresh_result()
            return HttpResponseRedirect(f"{game.get_absolute_url()}#hand-{hand.pk}")
    else:
        form = HandForm(
            game.rules, table, initial=facts_as_data(game.rules.fields(table), hand.facts)
        )
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
    game = get_game(pk)
    hand = get_hand(game, hand_pk)
    number = hand_number(game, hand)
    if number is None:
        return HttpResponseRedirect(game.get_absolute_url())
    if request.method == "POST":
        hand.delete_softly()
        game.refresh_result()
        return HttpResponseRedirect(f"{game.get_absolute_url()}?deleted={hand.pk}")
    return TemplateResponse(
        request,
        "table/hand_delete.html",
        {"game": game, "hand": hand, "number": number, "later": game.hand_count - number},
    )


@require_POST
def hand_restore(request: HttpRequest, pk: int, hand_pk: int) -> HttpResponse:
    game = get_game(pk)
    hand = get_hand(game, hand_pk)
    if hand.deleted_at is not None:
        hand.restore()
        game.refresh_result()
    return HttpResponseRedirect(f"{game.get_absolute_url()}#hand-{hand.pk}")


@require_safe
def change_log(request: HttpRequest, pk: int) -> TemplateResponse:
    game = get_game(pk)
    changes = list(game.changes.select_related("hand"))
    numbers = {h.pk: i + 1 for i, h in enumerate(game.live_hands())}
    for change in changes:
        change.number = numbers.get(change.hand_id)
    return TemplateResponse(request, "table/change_log.html", {"game": game, "changes": changes})


# --- the end of a game -----------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
def game_reopen(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    game = get_game(pk)
    if not game.is_finished:
        return HttpResponseRedirect(game.get_absolute_url())
    if game.ended:
        if request.method == "POST":
            game.ended = False
            game.save(update_fields=["ended", "updated_at"])
            game.refresh_result()
            return HttpResponseRedirect(game.get_absolute_url())
        form = None
    else:
        top = max(game.final_totals or [0])
        form = ReopenForm(request.POST if request.method == "POST" else None, top=top)
        if request.method == "POST" and form.is_valid():
            game.target = form.cleaned_data["target"]
            game.save(update_fields=["target", "updated_at"])
            game.refresh_result()
            return HttpResponseRedirect(game.get_absolute_url())
    return TemplateResponse(
        request,
        "table/game_reopen.html",
        {"game": game, "form": form},
        status=422 if form is not None and form.errors else 200,
    )


@require_POST
def game_end_session(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    if game.ends_by_table and not game.ended:
        game.ended = True
        game.save(update_fields=["ended", "updated_at"])
        game.refresh_result()
    return HttpResponseRedirect(game.get_absolute_url())


@require_POST
def game_rematch(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    sheet = game.sheet()
    with transaction.atomic():
        rematch = Game.objects.create(
            kind=game.kind,
            title=game.title,
            rules_version=game.rules.rules_version,
            options=game.options,
            target=(
                game.rules.default_target(len(sheet.setup.names)) or game.target
                if game.target is not None
                else None
            ),
            stakes=game.stakes,
            first_dealer=sheet.next_table.dealer,
            note=game.note,
        )
        Seat.objects.bulk_create(
            Seat(game=rematch, player=s.player, position=s.position) for s in game.seats.all()
        )
        rematch.refresh_result()
    return HttpResponseRedirect(rematch.get_absolute_url())


@require_POST
def game_note(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    form = NoteForm(request.POST)
    if not form.is_valid():
        response = render_sheet(request, game, status=422)
        response.context_data["note_form"] = form
        return response
    with transaction.atomic():
        game.note = form.cleaned_data["note"]
        game.save(update_fields=["note"])
        game.refresh_result()  # a new version of the game, its cards and its players' pages
    return HttpResponseRedirect(game.get_absolute_url())
