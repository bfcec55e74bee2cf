"""Starting a game: the game picker, the start form with its seats, and
"same table as last time"."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import (
    require_http_methods,
    require_safe,
)

from vinescore.accounts import access
from vinescore.scoring import REGISTRY, GameRules

from . import changes
from .forms import (
    NewGameForm,
    player_count_words,
)
from .models import (
    Game,
    Player,
    Seat,
    StartKey,
)


@require_safe
def game_new(request: HttpRequest) -> TemplateResponse:
    here = access.current(request, write=True)
    families: dict[str, list[dict]] = {}
    for rules in REGISTRY:
        families.setdefault(rules.family or rules.name, []).append(card_of(rules))
    return TemplateResponse(
        request,
        "table/game_new.html",
        {
            "families": families.items(),
            "usual": usual_games(here.group),
            "last_table": last_table(here.group),
        },
    )


USUAL_GAMES = 3


def usual_games(group) -> list[dict]:
    """The games this group plays most, most played first (ties: the list's order)."""
    played = dict(
        Game.objects.live()
        .filter(group=group)
        .order_by()
        .values_list("kind")
        .annotate(n=Count("pk"))
    )
    ranked = sorted((r for r in REGISTRY if played.get(r.key)), key=lambda r: -played[r.key])
    return [card_of(rules) for rules in ranked[:USUAL_GAMES]]


def card_of(rules: GameRules) -> dict:
    return {
        "rules": rules,
        "players": player_count_words(rules.player_counts),
        "scoring": gettext("coins") if rules.coins else gettext("points"),
    }


def by_player_count(rules: GameRules, default) -> str:
    """'60 with 3 players, 40 with 4, 25 with 5 or 6' from a per-count default;
    "" when the rulebook sets none."""
    groups: dict[int | None, list[int]] = {}
    for n in rules.player_counts:
        groups.setdefault(default(n), []).append(n)
    if len(groups) == 1:
        (only,) = groups
        return "" if only is None else str(only)
    parts = [(value, gettext(" or ").join(map(str, counts))) for value, counts in groups.items()]
    first = gettext("{value} with {counts} players").format(value=parts[0][0], counts=parts[0][1])
    rest = [gettext("{value} with {counts}").format(value=v, counts=c) for v, c in parts[1:]]
    return ", ".join([first, *rest])


def last_table(group, kind: str | None = None) -> dict | None:
    """The group's latest game (of this kind), offered to start again as it sat."""
    games = Game.objects.live().filter(group=group, kind__in=[r.key for r in REGISTRY])
    games = games.filter(part_of="")  # a club night's tables are drawn, not sat again
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
    initial = {}
    if rules.remember_setup:  # the rulebook fixes no values: offer the last ones used
        last = Game.objects.live().filter(group=group, kind=kind).order_by("-created_at").first()
        if last is not None:
            initial = {"target": last.target, "stakes": last.stakes}
    form = NewGameForm(
        rules, request.POST if request.method == "POST" else None, initial=initial, group=group
    )
    key = changes.KeyForm(request.POST).one_time_key if request.method == "POST" else ""
    started = StartKey.objects.filter(key=key).select_related("game").first() if key else None
    if started is not None:
        if started.game.group_id == group.pk:  # the same form sent again: its game
            return HttpResponseRedirect(reverse("game", args=[started.game_id]))
        key = ""  # not a form of this group's: it starts a game, unkeyed
    if request.method == "POST" and form.is_valid():
        try:
            game = start_game(rules, group, form.cleaned_data, key)
        except IntegrityError:
            # The same form, sent again at the same instant, started the game
            # first; this one's game was rolled back.
            started = StartKey.objects.filter(key=key, game__group=group).first()
            if started is None:
                raise
            return HttpResponseRedirect(reverse("game", args=[started.game_id]))
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
            # Sent again (a double tap, a retry) the form opens the game it started.
            "key": key or changes.new_key(),
        },
        status=422 if form.errors else 200,
    )


@transaction.atomic
def start_game(rules: GameRules, group, data: dict, key: str) -> Game:
    """The game the start form describes, with its seats; `key` is kept with it
    (unique, so the same form cannot start two games)."""
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
    Seat.objects.bulk_create(
        Seat(game=game, player=p, position=i)
        for i, p in enumerate(seat_players(group, data["seated"]))
    )
    game.refresh_result()
    if key:
        StartKey.objects.filter(created_at__lt=timezone.now() - StartKey.KEPT).delete()
        StartKey.objects.create(key=key, game=game)
    return game


def seat_players(group, seated: list[Player | str]) -> list[Player]:
    """The players a form seats: those it found, and those its new names
    name in the group, found or made as names are (Player.objects.named)."""
    new = Player.objects.get_or_create_named(group, [p for p in seated if isinstance(p, str)])
    return [new[p] if isinstance(p, str) else p for p in seated]
