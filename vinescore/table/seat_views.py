"""Seats after the start: before the first hand, who sits and in what
order (and who deals first) can change without starting again; after it, a
player picked by mistake is replaced by another in the same seat. Each is a
change like any other: version and key, the game locked, a line in its log."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from .forms import ReplaceForm, SeatsForm
from .models import Game
from .sheet_views import change_to, refuse_stale, sent_again
from .start_views import seat_players
from .views import get_game


def seats_form(game: Game, data=None) -> SeatsForm | ReplaceForm:
    """The seats themselves before the first hand; one seat's player after."""
    if game.hand_count:
        return ReplaceForm(game, data)
    initial = {f"seat_{i + 1}": p.pk for i, p in enumerate(game.seated_players())}
    return SeatsForm(game, data, initial={**initial, "first_dealer": game.first_dealer})


@require_http_methods(["GET", "HEAD", "POST"])
def game_seats(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    if request.method == "POST":
        with change_to(request, pk) as game:
            sheet = HttpResponseRedirect(game.get_absolute_url())
            form = seats_form(game, request.POST)
            if form.sent_before is not None:
                return sent_again(request, form, sheet)
            if form.is_valid():
                change_seats(game, form, form.one_time_key)
                return sheet
            if form.is_stale:
                return refuse_stale(request, form)
    else:
        game = get_game(request, pk, write=True)
        form = seats_form(game)
    return TemplateResponse(
        request,
        "table/game_seats.html",
        {
            "game": game,
            "form": form,
            "before_first_hand": isinstance(form, SeatsForm),
            "players": game.group.players.all(),
            # On for the whole game: the seats must suit them.
            "house_rules": [gettext(o.label) for o in game.rules.options if o.name in game.options],
        },
        status=422 if form.errors else 200,
    )


def change_seats(game: Game, form: SeatsForm | ReplaceForm, key: str) -> None:
    data = form.cleaned_data
    if isinstance(form, ReplaceForm):
        game.replace_player(data["seat"], seat_players(game.group, [data["player"]])[0], key=key)
        return
    players = seat_players(game.group, data["seated"])
    now = [p.pk for p in players]
    if (
        now != [p.pk for p in game.seated_players()]
        or game.first_dealer != data["first_dealer_index"]
    ):
        game.change_seats(players, data["first_dealer_index"], key=key)
