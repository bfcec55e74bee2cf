"""A player's own record: merging a duplicate of the same person into them,
and linking them to the account of the person they are."""

from __future__ import annotations

from django import forms
from django.core.cache import caches
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)

from vinescore.accounts import access
from vinescore.table import fragments
from vinescore.table.forms import PlayerForm
from vinescore.table.models import Game, MergeRefused, Player
from vinescore.table.views import get_player

from . import cards, charts
from .stats import head_to_head, player_stats
from .together import ENOUGH

CHART_GAMES = 100  # a player's chart shows their latest finished games


class MergeForm(forms.Form):
    duplicate = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        label=gettext_lazy("The same person under another name"),
        empty_label=gettext_lazy("Choose…"),
        error_messages={
            "invalid_choice": gettext_lazy("Choose one of this group's other players.")
        },
    )

    def __init__(self, *args, player: Player, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["duplicate"].queryset = Player.objects.filter(group=player.group_id).exclude(
            pk=player.pk
        )


@require_http_methods(["GET", "POST"])
def player_merge(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    """Fold a duplicate into this player: their seats, and so their stats
    and records, become this player's; each game says so in its change log."""
    player = get_player(request, pk, write=True)
    form = MergeForm(request.POST if request.method == "POST" else None, player=player)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                player.merge(form.cleaned_data["duplicate"])
            except MergeRefused as refused:
                form.add_error("duplicate", str(refused))
                status = 409
            else:
                return HttpResponseRedirect(reverse("player_detail", args=[player.pk]))
        else:
            status = 422
    return TemplateResponse(
        request, "history/player_merge.html", {"player": player, "form": form}, status=status
    )


@require_POST
def player_me(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    """ "This is me" links the player's record joins the signed-in person's own,
    across their groups. "Not me": undone, by that person or an owner."""
    player = get_player(request, pk, write=True)
    error = ""
    if request.POST.get("link") == "yes":
        mine = Player.objects.filter(group=player.group_id, account=request.user)
        if player.account_id is not None and player.account_id != request.user.pk:
            error = gettext("{name} is already linked to {account}.").format(
                name=player.name, account=player.account.username
            )
        elif mine.exclude(pk=player.pk).exists():
            error = gettext("You are already {name} in this group: merge the two instead.").format(
                name=mine.first().name
            )
        else:
            player.account = request.user
    elif player.account_id is not None:
        owner = access.place(request, player.group_id).is_owner
        if player.account_id != request.user.pk and not owner:
            raise PermissionDenied(
                gettext("Only {account} or an owner can unlink {name}.").format(
                    account=player.account.username, name=player.name
                )
            )
        player.account = None
    if error:
        return TemplateResponse(
            request, "history/player_me.html", {"player": player, "error": error}, status=409
        )
    player.save(update_fields=["account"])
    return HttpResponseRedirect(reverse("player_detail", args=[player.pk]))


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
    template = "history/player_list.html#players" if request.htmx else "history/player_list.html"
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
    """Below the visitor's own part (the top bar, the actions with their
    token) the page is the same for every member of the group while its
    games, this player and the others stay as they are: drawn once for that
    and kept in Django's cache, by when the group's games last changed
    (Group.games_changed_at, read with the session), which every change to a
    game moves (so the record, and the ratings and places among the group,
    which come from the group's games)."""
    player, others = player_among_others(request, pk)
    place = access.place(request, player.group_id)
    error = ""
    if "other" in request.GET:  # the "compare with" form
        other = request.GET["other"]
        if other.isdigit() and int(other) in dict(others):
            return HttpResponseRedirect(reverse("head_to_head", args=[player.pk, int(other)]))
        error = gettext("Choose another player to compare with.")
    shown = (
        "player page",
        player.pk,
        player.name,
        place.group.games_changed_at,  # moved too when they leave a game or one is gone
        others,
        error,
    )
    content = fragments.cached(shown, lambda: player_content(player, others, error))
    return TemplateResponse(
        request,
        "history/player_detail.html",
        {
            "player": player,
            "others": others,
            "can_write": place.can_write,
            "content": content,
        },
        status=422 if error else 200,
    )


def player_among_others(request: HttpRequest, pk: int) -> tuple[Player, tuple]:
    """The player, if this person's groups hold them (404 otherwise), with the
    name of the account they are linked to (`account_name`), and the other
    players of their group as (pk, name): one query reads them all."""
    group = Player.objects.filter(group__players=pk).annotate(account_name=F("account__username"))
    found = {player.pk: player for player in group}
    if pk not in found:
        raise Http404(gettext("No such page."))
    player = found.pop(pk)
    access.place(request, player.group_id)
    return player, tuple((other.pk, other.name) for other in found.values())


def player_content(player: Player, others: tuple, error: str) -> str:
    """The page below its visitor's own part, drawn."""
    # Adding up thousands of games is done once per version of the record,
    # for every worker (settings.CACHES["records"]).
    version = player.record_version()
    record = fragments.cached(
        ("player record", *version), lambda: player_record(player), caches["records"]
    )
    return render_to_string(
        "history/player_detail.html#content",
        {
            **record,
            "player": player,
            "recent": cards.game_cards(record["recent"]),
            "kept_for": fragments.KEPT_FOR,
            "others": others,
            "error": error,
            "together": record["stats"].together,
            "together_enough": ENOUGH,
            # What the record shows is the same for every visitor of this version.
            "record_version": version,
        },
    )


def player_record(player: Player) -> dict:
    """A player's statistics, their chart and their latest games."""
    stats = player_stats(player)
    latest = Game.objects.live().newest_first().filter(seats__player=player)
    return {
        "stats": stats,
        "chart": mark_safe(  # noqa: S308 — charts escape every label
            charts.results_over_time(
                stats.results[-CHART_GAMES:],
                gettext("{name}: win rate over time").format(name=player.name),
            )
        )
        if stats.results
        else "",
        "recent": list(latest.values_list("pk", "version")[:10]),
    }


@require_safe
def head_to_head_view(request: HttpRequest, pk: int, other_pk: int) -> TemplateResponse:
    one = get_player(request, pk)
    other = get_player(request, other_pk)
    if one == other or one.group_id != other.group_id:
        raise Http404("Choose two different players.")
    return TemplateResponse(request, "history/head_to_head.html", {"h2h": head_to_head(one, other)})


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
        "history/player_rename.html",
        {"form": form, "player": player},
        status=422 if form.errors else 200,
    )
