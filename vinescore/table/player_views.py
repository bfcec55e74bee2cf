"""A player's own record: merging a duplicate of the same person into them,
and linking them to the account of the person they are."""

from __future__ import annotations

from django import forms
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from vinescore.accounts import access

from .models import MergeRefused, Player
from .views import get_player


class MergeForm(forms.Form):
    duplicate = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        label="The same person under another name",
        empty_label="Choose…",
        error_messages={"invalid_choice": "Choose one of this group's other players."},
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
        request, "table/player_merge.html", {"player": player, "form": form}, status=status
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
            error = f"{player.name} is already linked to {player.account.username}."
        elif mine.exclude(pk=player.pk).exists():
            error = f"You are already {mine.first().name} in this group: merge the two instead."
        else:
            player.account = request.user
    elif player.account_id is not None:
        owner = access.place(request, player.group_id).is_owner
        if player.account_id != request.user.pk and not owner:
            raise PermissionDenied(
                f"Only {player.account.username} or an owner can unlink {player.name}."
            )
        player.account = None
    if error:
        return TemplateResponse(
            request, "table/player_me.html", {"player": player, "error": error}, status=409
        )
    player.save(update_fields=["account"])
    return HttpResponseRedirect(reverse("player_detail", args=[player.pk]))
