"""Deleting a whole game, undoing that, and an owner's list of the group's
deleted games. A deleted game leaves every list, page and statistic; a
member may undo the deletion just after it, an owner restore it for
RESTORE_DAYS, after which it is gone for good (purged lazily, whenever a
game is deleted or the list is opened)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from vinescore.accounts import access

from .changes import ChangeForm
from .models import RESTORE_DAYS, UNDO_MINUTES, Game, Seat
from .sheet_views import change_to, deleted_page, refuse_stale, sent_again
from .views import GAME_DELETED, get_game

ALREADY_DELETED = gettext_lazy("This game was already deleted on another phone.")
OWNERS_ONLY = gettext_lazy(
    "Only an owner of {group} can restore a game deleted more than {minutes} minutes ago."
)


@require_http_methods(["GET", "HEAD", "POST"])
def game_delete(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    """A page that names the game and its hands; its button deletes it and
    opens the games list, with Undo."""
    if request.method == "POST":
        with change_to(request, pk, deleted=True) as game:
            deleted = HttpResponseRedirect(reverse("game_list"))
            form = ChangeForm(request.POST, game=game)
            if form.sent_before is not None:
                return sent_again(request, form, deleted)
            if game.is_deleted:
                messages.error(request, ALREADY_DELETED)
                return deleted_page(request, game, game.place, status=409)
            if form.is_stale:
                return refuse_stale(request, form)
            game.delete_game(key=form.one_time_key)
            said = ngettext(
                "{game} deleted, with its {n} hand.",
                "{game} deleted, with its {n} hands.",
                game.hand_count,
            ).format(game=game, n=game.hand_count)
            messages.add_message(request, GAME_DELETED, said, extra_tags=str(game.pk))
            Game.objects.purge_deleted()
        return deleted
    game = get_game(request, pk, write=True)
    return TemplateResponse(
        request,
        "table/game_delete.html",
        {
            "game": game,
            "names": [player.name for player in game.seated_players()],
            "restore_days": RESTORE_DAYS,
            "undo_minutes": UNDO_MINUTES,
        },
    )


@require_POST
def game_restore(request: HttpRequest, pk: int) -> HttpResponse:
    with change_to(request, pk, deleted=True) as game:
        restored = HttpResponseRedirect(game.get_absolute_url())
        if not game.is_deleted:  # restored already: this submit, or another phone
            return restored
        place = game.place
        form = ChangeForm(request.POST, game=game)
        if form.is_stale or form.sent_before is not None:
            # Restored and deleted again since this form was drawn (or sent).
            messages.error(request, ALREADY_DELETED)
            return deleted_page(request, game, place, status=409)
        if not game.can_be_restored_by(place.is_owner):
            raise PermissionDenied(OWNERS_ONLY.format(group=place.group.name, minutes=UNDO_MINUTES))
        game.restore_game(key=form.one_time_key)
    return restored


@never_cache
@require_safe
def deleted_games(request: HttpRequest) -> TemplateResponse:
    """The group's deleted games, for its owners to restore."""
    here = access.current(request)
    if not here.is_owner:
        raise PermissionDenied(
            gettext("Only an owner of {group} sees its deleted games.").format(
                group=here.group.name
            )
        )
    Game.objects.purge_deleted()
    seats = Prefetch("seats", queryset=Seat.objects.select_related("player"))
    games = Game.objects.filter(group=here.group).deleted().prefetch_related(seats)
    return TemplateResponse(
        request,
        "table/games_deleted.html",
        {"games": games, "restore_days": RESTORE_DAYS},
    )
