"""Other phones on a game: the QR code and short link that open it at the
table, and spectator links: a game's live sheet, read only, for anyone
holding a signed link that the game's owner or members can revoke. A
spectator sees the sheet and nothing else: no other game, player page or
history."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.views.decorators.http import (
    condition,
    require_POST,
    require_safe,
)

from vinescore import lan
from vinescore.accounts.models import SpectatorLink
from vinescore.qr import qr_svg
from vinescore.scoring import REGISTRY

from .models import (
    Game,
)
from .views import (
    get_game,
    live_etag,
    live_sheet,
    render_sheet,
    role_of,
)


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
