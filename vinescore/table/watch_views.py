"""Spectator links: a game's live sheet, read only, for anyone holding a
signed link that the game's owner or members can revoke. It shows the
sheet and nothing else: no other game, player page or history."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.views.decorators.http import condition, require_POST, require_safe

from vinescore.accounts.models import SpectatorLink
from vinescore.scoring import REGISTRY

from .models import Game
from .views import get_game, live_etag, live_sheet, render_sheet


class Withdrawn(Exception):
    pass


def watched_game(token: str) -> Game:
    """The game a spectator link shows; 404 for a link never signed here,
    Withdrawn once it is revoked."""
    number = SpectatorLink.number_in(token)
    link = SpectatorLink.objects.filter(pk=number).first() if number is not None else None
    if link is None:
        raise Http404("No such link.")
    if link.revoked_at is not None:
        raise Withdrawn
    game = get_object_or_404(Game.objects.prefetch_related("seats__player"), pk=link.game_id)
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
    live_url = reverse("watch_live", args=[token])
    return render_sheet(request, game, who="watch", live_url=live_url)


def watch_etag(request: HttpRequest, token: str) -> str | None:
    """One query, which is also the check that the link still works."""
    number = SpectatorLink.number_in(token)
    if number is None:
        return None
    found = (
        Game.objects.filter(watch_links__pk=number, watch_links__revoked_at__isnull=True)
        .values_list("pk", "version")
        .first()
    )
    return None if found is None else live_etag(*found)


@login_not_required
@require_safe
@condition(etag_func=watch_etag)
def watch_live(request: HttpRequest, token: str) -> HttpResponse:
    """The spectator's live sheet, asked every few seconds (see game_live)."""
    try:
        game = watched_game(token)
    except Withdrawn:
        return withdrawn(request)
    if not request.htmx:
        return HttpResponseRedirect(reverse("watch", args=[token]))
    return live_sheet(request, game, who="watch", live_url=reverse("watch_live", args=[token]))


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
