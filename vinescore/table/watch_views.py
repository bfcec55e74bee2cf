"""Other phones on a game: the table link (a QR code, and an address short
enough to read out and type, /t/<code>/, that let anyone at the table score
this game and the rematches after it without an account), the short link
members type, and spectator links: a game's live sheet, read only, for
anyone holding a signed link that the game's owner or members can revoke. A
spectator sees the sheet and nothing else: no other game, player page or
history. What a guest at the table may do is decided in accounts.access."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.views.decorators.http import (
    require_POST,
    require_safe,
)

from vinescore.accounts import access, pauses
from vinescore.scoring import REGISTRY
from vinescore.sharing import links

from .links import SpectatorLink, TableLink, guest_page, watching
from .middleware import table_link_ended
from .models import (
    Game,
)
from .sheet_views import render_sheet
from .views import get_game


class Withdrawn(Exception):
    pass


def watched_game(token: str) -> Game:
    """The game a spectator link shows; 404 for a link never signed here,
    Withdrawn once revoked or the game was deleted."""
    seen = watching(token)
    game = Game.objects.visible_to(seen).for_sheet().first()  # seats read when needed
    if game is None:
        if SpectatorLink.objects.filter(pk=seen.spectator).exists():
            raise Withdrawn
        raise Http404("No such link.")
    if game.kind not in REGISTRY:
        raise Http404("This game is not one vinescore knows.")
    return game


def withdrawn(request: HttpRequest) -> TemplateResponse:
    response = TemplateResponse(request, "table/watch_withdrawn.html", status=410)
    response["HX-Refresh"] = "true"  # a watching phone reloads to say so
    return response


@login_not_required
@require_safe
def watch(request: HttpRequest, token: str) -> HttpResponse:
    try:
        game = watched_game(token)
    except Withdrawn:
        return withdrawn(request)
    return render_sheet(request, game, who="watch", live_url=reverse("watch_live", args=[token]))


@require_POST
def watch_link_new(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(request, pk, write=True)
    SpectatorLink.objects.create(game=game, created_by=request.user)
    return HttpResponseRedirect(reverse("game_join", args=[game.pk]) + "#watch")


@require_POST
def watch_link_revoke(request: HttpRequest, pk: int, link_pk: int) -> HttpResponse:
    game = get_game(request, pk, write=True)
    get_object_or_404(SpectatorLink, game=game, pk=link_pk).revoke()
    return HttpResponseRedirect(reverse("game_join", args=[game.pk]) + "#watch")


@login_not_required
@require_safe
def table_link(request: HttpRequest, code: str) -> HttpResponse:
    """A table link scanned or typed: this phone scores as a guest from now on
    (a member of the group just opens the sheet). A code that opens nothing
    counts towards the pause sign-in has, from this address."""
    paused = pauses.paused_for(request, pauses.TABLE_CODE)
    if paused is not None:
        return paused
    code = TableLink.code_in(code)
    link = (
        TableLink.objects.select_related("game").filter(code=code).first()
        if code is not None
        else None
    )
    if link is None:
        pauses.missed(request, pauses.TABLE_CODE)
        raise Http404("No such link.")
    reason = link.refusal()
    if reason:
        return table_link_ended(request, reason, link.game_id)
    # The game the table plays now: the newest one the link went on to.
    game = link.games.live().order_by("-pk").first() or link.game
    member = access.places(request).get(game.group_id)
    if member is None or not member.can_write:
        access.seat_guest(request, link.pk, game.pk)
    return HttpResponseRedirect(game.get_absolute_url())


@require_POST
def table_link_new(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(request, pk, write=True)
    TableLink.objects.create(game=game, created_by=request.user)
    return HttpResponseRedirect(reverse("game_join", args=[game.pk]) + "#table")


@require_POST
def table_link_revoke(request: HttpRequest, pk: int, link_pk: int) -> HttpResponse:
    game = get_game(request, pk, write=True)
    get_object_or_404(TableLink, games=game, pk=link_pk).revoke()
    return HttpResponseRedirect(reverse("game_join", args=[game.pk]) + "#table")


@require_safe
def game_join(request: HttpRequest, pk: int) -> TemplateResponse:
    """For those who may change the game: its table link (scoring without an
    account) and its read-only spectator links; for everyone in the group,
    the short link that opens it on another phone signed in."""
    game = get_game(request, pk)
    can_write = game.place.who == "write"
    table, watch = [], []
    if can_write:
        # The links of this game's table, made for it or for a game before it.
        for link in game.table_links_in.good():
            shared = links.shared(request, reverse("table_link", args=[link.code]))
            table.append({"link": link, "shared": shared})
        for link in game.watch_links.filter(revoked_at__isnull=True):
            shared = links.shared(request, reverse("watch", args=[link.token]))
            watch.append({"link": link, "shared": shared})
    template = "table/game_join.html#panel" if request.htmx else "table/game_join.html"
    return TemplateResponse(
        request,
        template,
        {
            "game": game,
            "short": links.shared(request, reverse("join_short", args=[game.pk])),
            "can_write": can_write,
            "table": table,
            "watch": watch,
            "hours": settings.TABLE_LINK_HOURS,
        },
    )


@guest_page
@require_safe
def join_short(request: HttpRequest, pk: int) -> HttpResponse:
    """The short link typed on another phone: the game's sheet."""
    return HttpResponseRedirect(get_game(request, pk).get_absolute_url())
