"""Changes to a game: hands entered, edited, deleted and restored, the
change log, and the end of a game (reopen, end the session, rematch, the
note). Each is the same shape: the game locked (sheet_views.change_to),
its form (a changes.ChangeForm) valid -> one model method -> messages ->
a redirect, or the sheet's live part for htmx; a form drawn from an older
version is refused with 409 and what changed, the same submit sent again
is answered as the first time was, an invalid one comes back with its
errors (422)."""

from __future__ import annotations

from dataclasses import replace
from hashlib import blake2b

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
    require_safe,
)
from django_htmx.http import HttpResponseClientRedirect

from vinescore.accounts import access
from vinescore.scoring import replay
from vinescore.scoring.ledger import describe, settle_up

from .change_words import change_words
from .changes import ChangeForm
from .forms import GuestWhoForm, NoteForm, ReopenForm
from .hand_forms import HandForm, facts_as_data
from .links import guest_page
from .models import (
    MAX_HANDS,
    Game,
    GameChange,
    Hand,
    LiveHand,
    hand_number,
)
from .sheet_parts import SheetParts
from .sheet_views import (
    HAND_DELETED,
    change_to,
    gone,
    refuse_stale,
    render_sheet,
    sent_again,
)
from .views import get_game, get_hand

HAND_NOT_SCORED = gettext_lazy(
    "This game was deleted on another phone, so that hand was not scored. "
    "Restore the game to go on with it."
)


@guest_page
@require_POST
def hand_add(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    with change_to(request, pk, deleted=True) as game:
        if game.is_deleted:
            return gone(request, game, HAND_NOT_SCORED)
        # A long game's next hand goes on from the hands it shows and the
        # totals kept before them: it is not replayed from its first hand.
        parts = SheetParts(game, game.place.who, show_all=False)
        hands, sheet = parts.played
        form = HandForm(game.rules, sheet.next_table, request.POST, game=game, next_hand=True)
        valid = form.is_valid()
        if form.sent_before is not None:
            return hand_sent_again(request, form)
        if form.is_stale:
            return hand_stale(request, form, (hands, sheet))
        if game.is_finished:
            form.add_error(None, game.no_more_hands())
            return render_sheet(request, game, form=form, status=409)
        if not valid or not form.has_room(parts.count):
            played = (hands, sheet)
            return render_sheet(request, game, form=form, played=played, status=422)
        hand, sheet = game.add_hand(
            form.facts,
            key=form.one_time_key,
            played=sheet,
            played_at=form.cleaned_data.get("played_at"),
            entered_by=phone_of(request) if game.confirms_hands else "",
            **guest_of(request, game),
        )
    if not request.htmx:
        return HttpResponseRedirect(game.get_absolute_url())
    hands = [*hands, LiveHand(hand.pk, hand.facts, hand.created_at)]
    return render_sheet(request, game, played=(hands, sheet))


def hand_sent_again(request: HttpRequest, form: HandForm) -> HttpResponse:
    """The same hand sent again (a retry after a dropped answer, whatever
    version it names): answered as the first time, saying it is safe."""
    game, earlier = form.game, form.sent_before
    if earlier.action == GameChange.ADDED and earlier.hand.deleted_at is None:
        said = gettext("Hand {number} is in: it was sent twice and stored once.").format(
            number=game.number_of(earlier.hand)
        )
    else:
        said = form.already_stored()
    messages.info(request, said)
    if not request.htmx:
        return HttpResponseRedirect(game.get_absolute_url())
    return render_sheet(request, game)


def hand_stale(request: HttpRequest, form: HandForm, played) -> HttpResponse:
    """A hand drawn from an older version comes back in the form, with what
    changed meanwhile, so nothing typed is lost."""
    game = form.game
    if game.is_finished or not form.changed:
        return refuse_stale(request, form)
    messages.warning(
        request,
        gettext(
            "{changes} on another phone. The hand you sent is back in the form: "
            "score it as the next hand, or drop it."
        ).format(changes=form.changed),
    )
    return render_sheet(request, game, form=form, played=played, status=409)


def live_number(game: Game, hand: Hand) -> int | None:
    """The hand's number on the sheet; None when it is deleted."""
    return None if hand.deleted_at is not None else game.number_of(hand)


@guest_page
@require_http_methods(["GET", "HEAD", "POST"])
def hand_edit(request: HttpRequest, pk: int, hand_pk: int) -> TemplateResponse | HttpResponse:
    if request.method == "POST":
        with change_to(request, pk) as game:
            return hand_edit_post(request, game, get_hand(game, hand_pk))
    game = get_game(request, pk, write=True)
    hand = get_hand(game, hand_pk)
    number = live_number(game, hand)
    if number is None:
        raise Http404("That hand was deleted; restore it before editing.")
    if game.is_finished and request.GET.get(REOPEN) != "1":
        return HttpResponseRedirect(reopen_url(game, hand, "edit"))
    table = game.played()[1].table_for(number - 1)
    form = HandForm(game.rules, table, initial=facts_as_data(game.rules.fields(table), hand.facts))
    return hand_edit_page(request, game, hand, number, form, table)


def hand_edit_post(request: HttpRequest, game: Game, hand: Hand) -> HttpResponse:
    # Back at the sheet's top, where the new totals and the next hand's form are.
    back = HttpResponseRedirect(game.get_absolute_url())
    number = live_number(game, hand)
    sheet = game.played()[1]
    # A deleted hand has no table of its own: its form is only checked for staleness.
    table = sheet.table_for(number - 1) if number is not None else sheet.next_table
    form = HandForm(game.rules, table, request.POST, game=game)
    valid = form.is_valid()
    if form.sent_before is not None:
        return sent_again(request, form, back)
    if form.is_stale:
        return refuse_stale(request, form)
    if number is None:  # deleted, and the version did not move since: a hand of no page
        raise Http404("That hand was deleted; restore it before editing.")
    refused = settled_refusal(request, game)
    if refused is not None:
        return refused
    if not valid:
        return hand_edit_page(request, game, hand, number, form, table)
    if form.facts != hand.facts:
        reopen_if_settled(request, game, number)
        entered_by = phone_of(request) if game.confirms_hands else ""
        game.edit_hand(
            hand,
            form.facts,
            key=form.one_time_key,
            entered_by=entered_by,
            **guest_of(request, game),
        )
    return back


# Sent with a change to a finished game's hand once its Reopen page was answered.
REOPEN = "reopen"


def reopen_url(game: Game, hand: Hand, then: str) -> str:
    """The Reopen page that asks before `then` (edit, delete, restore) changes
    a hand of a finished game."""
    return f"{reverse('game_reopen', args=[game.pk])}?hand={hand.pk}&then={then}"


def settled_sentence(game: Game) -> str:
    """What changing a hand of a finished game will replace, in a sentence."""
    settled = game.settled_words()
    if settled["settle_up"]:
        return gettext(
            "{game} is settled: changing a hand reopens it, and the settle-up "
            "{settle_up} will be replaced."
        ).format(game=game.name, settle_up="; ".join(settled["settle_up"]))
    return gettext(
        "{game} is over ({winner} won): changing a hand reopens it, and who won "
        "is worked out again."
    ).format(game=game.name, winner=settled["winner"])


def settled_refusal(request: HttpRequest, game: Game) -> HttpResponse | None:
    """A 409 for changing a finished game's hand without Reopen (an old tab, an
    outbox resending); None when the hand may change."""
    if not game.is_finished or request.POST.get(REOPEN) == "1":
        return None
    messages.error(
        request,
        gettext("{settled} Nothing was changed: tap Reopen first.").format(
            settled=settled_sentence(game)
        ),
    )
    return render_sheet(request, game, status=409)


def reopen_if_settled(request: HttpRequest, game: Game, number: int) -> None:
    """The log keeps what a finished game had settled before its hand changes."""
    if game.is_finished:
        game.reopened_to_change(number, **guest_of(request, game))


def phone_of(request: HttpRequest) -> str:
    """Which phone sent this: a digest of its session (a guest's phone has
    one from its table link, a member's from signing in)."""
    if request.session.session_key is None:
        request.session.save()
    return blake2b(request.session.session_key.encode(), digest_size=16).hexdigest()


@guest_page
@require_POST
def hand_confirm(request: HttpRequest, pk: int, hand_pk: int) -> HttpResponse:
    """Another phone at the table says a hand is right, and it counts; the
    phone that entered it cannot, a member (the organiser) always can."""
    with change_to(request, pk) as game:
        hand = get_hand(game, hand_pk)
        form = ChangeForm(request.POST, game=game)
        if form.sent_before is not None:
            return sent_again(request, form, render_sheet(request, game))
        if not game.confirms_hands:
            raise Http404("This game's hands count without confirmation.")
        number = live_number(game, hand)
        if number is not None and hand.confirmed_at is not None:
            messages.info(
                request, gettext("Hand {number} is confirmed already.").format(number=number)
            )
            return render_sheet(request, game)
        # Changed or deleted since this phone saw it: it confirms nothing it did not see.
        if form.is_stale:
            return refuse_stale(request, form)
        if number is None:
            raise Http404("That hand was deleted; restore it before confirming it.")
        if game.place.is_guest and hand.entered_by == phone_of(request):
            messages.warning(
                request,
                gettext(
                    "You entered hand {number}: another player at the table confirms it."
                ).format(number=number),
            )
            return render_sheet(request, game, status=409)
        game.confirm_hand(hand, key=form.one_time_key, **guest_of(request, game))
        messages.success(request, gettext("Hand {number} confirmed.").format(number=number))
    if not request.htmx:
        return HttpResponseRedirect(game.get_absolute_url())
    return render_sheet(request, game)


def guest_of(request: HttpRequest, game: Game) -> dict:
    """Whether a change comes from a guest's phone, and whose (the change log)."""
    return {
        "by_guest": access.by_guest(request, game.pk),
        "guest_name": access.guest_name(request, game.pk),
    }


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
            "began": game.rules.began(table),
            "reopen": game.is_finished and request.GET.get(REOPEN, request.POST.get(REOPEN)) == "1",
            "settled": settled_sentence(game) if game.is_finished else "",
        },
        status=422 if form.errors else 200,
    )


@guest_page
@require_http_methods(["GET", "HEAD", "POST"])
def hand_delete(request: HttpRequest, pk: int, hand_pk: int) -> TemplateResponse | HttpResponse:
    if request.method == "POST":
        with change_to(request, pk) as game:
            return delete_hand(request, ChangeForm(request.POST, game=game), hand_pk)
    game = get_game(request, pk, write=True)
    hand = get_hand(game, hand_pk)
    number = live_number(game, hand)
    if number is None:
        return HttpResponseRedirect(game.get_absolute_url())
    if game.is_finished:
        return HttpResponseRedirect(reopen_url(game, hand, "delete"))
    return TemplateResponse(
        request,
        "table/hand_delete.html",
        {"game": game, "hand": hand, "number": number, "later": game.hand_count - number},
    )


def delete_hand(request: HttpRequest, form: ChangeForm, hand_pk: int) -> HttpResponse:
    """Deletes the hand; the sheet then says so, with Undo, to this phone.
    Sent again, it is answered as the first time, with Undo."""
    game = form.game
    if form.is_stale and form.sent_before is None:
        return refuse_stale(request, form)
    hand = get_hand(game, hand_pk)
    sheet = HttpResponseRedirect(game.get_absolute_url())
    if form.sent_before is not None and hand.deleted_at is None:  # restored since
        return sent_again(request, form, sheet)
    if hand.deleted_at is None:
        refused = settled_refusal(request, game)
        if refused is not None:
            return refused
        reopen_if_settled(request, game, game.number_of(hand))
        game.delete_hand(hand, key=form.one_time_key, **guest_of(request, game))
    messages.add_message(
        request,
        HAND_DELETED,
        gettext("Hand {number} deleted; totals after it were recomputed.").format(
            number=game.number_of(hand)
        ),
        extra_tags=str(hand.pk),
    )
    return sheet


@guest_page
@require_POST
def hand_restore(request: HttpRequest, pk: int, hand_pk: int) -> HttpResponse:
    with change_to(request, pk) as game:
        form = ChangeForm(request.POST, game=game)
        if form.is_stale and form.sent_before is None:
            return refuse_stale(request, form)
        hand = get_hand(game, hand_pk)
        # The sheet's top, as after Undo: the totals and the next hand's form, not the row.
        restored = HttpResponseRedirect(game.get_absolute_url())
        if form.sent_before is not None:
            return sent_again(request, form, restored)
        if hand.deleted_at is None:
            return restored
        if game.hand_count >= MAX_HANDS:
            full = gettext("A game holds at most {most} hands: this one is full.").format(
                most=number_format(MAX_HANDS, force_grouping=True)
            )
            messages.error(request, full)
            return render_sheet(request, game, status=409)
        refused = settled_refusal(request, game)
        if refused is not None:
            return refused
        reopen_if_settled(request, game, game.number_of(hand))
        game.restore_hand(hand, key=form.one_time_key, **guest_of(request, game))
        return restored


@guest_page
@require_safe
def change_log(request: HttpRequest, pk: int) -> TemplateResponse:
    game = get_game(request, pk)
    changes = list(game.changes.select_related("hand"))
    _hands, sheet = game.played()
    live = game.live_positions()
    for change in changes:
        number, is_live = None, True
        if change.hand is not None:
            # A deleted hand is named by where it would stand if restored.
            number = hand_number(change.hand.position, live)
            is_live = change.hand.deleted_at is None
        table = sheet.table_for(number - 1) if number else sheet.setup.table(0)
        change.number = number
        change.words = change_words(change, game.rules, table, number, is_live)
    return TemplateResponse(request, "table/change_log.html", {"game": game, "changes": changes})


@guest_page
@require_http_methods(["GET", "HEAD", "POST"])
def game_reopen(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    if request.method == "POST":
        with change_to(request, pk) as game:
            return reopen(request, game)
    game = get_game(request, pk, write=True)
    if "hand" in request.GET:
        return reopen_to_change_page(request, game)
    refuse_guest(game)
    if not game.is_finished or game.played_out:
        return HttpResponseRedirect(game.get_absolute_url())
    return reopen_page(request, game, None if game.ended else ReopenForm(game=game))


def reopen(request: HttpRequest, game: Game) -> HttpResponse:
    """Play on: a game the table ended reopens as it was; a game that was
    won, to the higher target its form asks for."""
    refuse_guest(game)
    sheet = HttpResponseRedirect(game.get_absolute_url())
    form = ReopenForm(request.POST, game=game)
    valid = form.is_valid()
    if form.sent_before is not None:
        return sent_again(request, form, sheet)
    if form.is_stale:
        return refuse_stale(request, form)
    if not game.is_finished or game.played_out:
        return sheet
    if game.ended:
        game.reopen(key=form.one_time_key)
        return sheet
    if valid:
        game.reopen(target=form.cleaned_data["target"], key=form.one_time_key)
        return sheet
    return reopen_page(request, game, form)


def refuse_guest(game: Game) -> None:
    if game.place.is_guest:  # playing on is for the group's members
        raise PermissionDenied(
            gettext("A guest at the table can change a hand of a finished game, not play on.")
        )


def reopen_page(request: HttpRequest, game: Game, form: ReopenForm | None) -> TemplateResponse:
    return TemplateResponse(
        request,
        "table/game_reopen.html",
        {"game": game, "form": form},
        status=422 if form is not None and form.errors else 200,
    )


def reopen_to_change_page(request: HttpRequest, game: Game) -> HttpResponse:
    """Before a hand of a finished game changes: what will be replaced, asked
    once; its button sends the change itself (or opens the hand to edit)."""
    pk = request.GET.get("hand", "")
    hand = get_hand(game, int(pk)) if pk.isdigit() and len(pk) < 12 else None
    if hand is None:
        raise Http404("No such hand.")
    then = request.GET.get("then")
    then = then if then in ("edit", "delete", "restore") else "edit"
    if not game.is_finished:  # reopened meanwhile, or never settled: nothing to ask
        if then == "edit":
            return HttpResponseRedirect(reverse("hand_edit", args=[game.pk, hand.pk]))
        return HttpResponseRedirect(game.get_absolute_url())
    return TemplateResponse(
        request,
        "table/game_reopen.html",
        {
            "game": game,
            "hand": hand,
            "number": game.number_of(hand),
            "then": then,
            "settled": settled_sentence(game),
            "reopen": REOPEN,
        },
    )


@require_http_methods(["GET", "HEAD", "POST"])
def game_end_session(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    """Ending a session settles it up, so the sheet's button opens a page
    that says what the settle-up will be; its own button ends it."""
    if request.method == "POST":
        with change_to(request, pk) as game:
            form = ChangeForm(request.POST, game=game)
            sheet = HttpResponseRedirect(game.get_absolute_url())
            if form.sent_before is not None:
                return sent_again(request, form, sheet)
            if form.is_stale:
                return refuse_stale(request, form)
            if game.ends_by_table and not game.ended and not game.is_finished:
                game.end_session(key=form.one_time_key)
            return sheet
    game = get_game(request, pk, write=True)
    if not game.ends_by_table or game.is_finished:
        return HttpResponseRedirect(game.get_absolute_url())
    hands = game.live_hands()
    ended = replay(game.rules, replace(game.setup(), ended=True), [h.facts for h in hands])
    names = ended.setup.names
    return TemplateResponse(
        request,
        "table/game_end.html",
        {
            "game": game,
            "hands": len(hands),
            "sides": list(zip(ended.side_names, ended.totals, strict=True)),
            "winner_name": ended.winner_words,
            "winners_are_several": ended.winners_are_several,
            "settle_up": (
                describe(settle_up(ended.totals, game.stakes), names)
                if game.rules.coins and game.stakes is not None
                else []
            ),
        },
    )


@require_POST
def game_rematch(request: HttpRequest, pk: int) -> HttpResponse:
    with change_to(request, pk) as game:
        form = ChangeForm(request.POST, game=game)
        earlier = form.sent_before
        if earlier is not None:  # to the rematch the first submit started
            started = earlier.after["game"] if earlier.action == GameChange.REMATCH else game.pk
            return sent_again(request, form, HttpResponseRedirect(reverse("game", args=[started])))
        if form.is_stale:
            return refuse_stale(request, form)
        if game.part_of:  # its table's next game is drawn by the event
            messages.warning(
                request,
                gettext("This game is a table of {event}: the next round is drawn there.").format(
                    event=game.part_of
                ),
            )
            return render_sheet(request, game, status=409)
        return HttpResponseRedirect(game.start_rematch(key=form.one_time_key).get_absolute_url())


@guest_page
@require_safe
def game_next(request: HttpRequest, pk: int) -> HttpResponse:
    """Where the table went on from this game (its rematch): a guest's sheet
    of the game before is sent on to it, live, without a new scan."""
    game = get_game(request, pk)
    after = game.rematch_pk()
    if after is None:
        raise Http404("No game was started from this one.")
    url = reverse("game", args=[after])
    return HttpResponseClientRedirect(url) if request.htmx else HttpResponseRedirect(url)


@guest_page
@require_POST
def guest_who(request: HttpRequest, pk: int) -> HttpResponse:
    """A guest's phone says whose it is (a seat's name, or just watching),
    once: the change log names it on each change it makes."""
    game = get_game(request, pk, write=True)
    if not game.place.is_guest:
        return HttpResponseRedirect(game.get_absolute_url())
    form = GuestWhoForm(request.POST, names=[p.name for p in game.seated_players()])
    if not form.is_valid():
        messages.error(request, form.errors["name"][0])
        return render_sheet(request, game, status=422)
    access.answer_who(request, game.pk, form.cleaned_data["name"])
    return HttpResponseRedirect(game.get_absolute_url())


@require_POST
def game_note(request: HttpRequest, pk: int) -> HttpResponse:
    with change_to(request, pk) as game:
        form = NoteForm(request.POST, game=game)
        valid = form.is_valid()
        if form.sent_before is not None:
            return sent_again(request, form, HttpResponseRedirect(game.get_absolute_url()))
        if form.is_stale:
            return refuse_stale(request, form)
        if not valid:
            return render_sheet(request, game, note_form=form, status=422)
        if form.cleaned_data["note"] != game.note:
            game.set_note(form.cleaned_data["note"], key=form.one_time_key)
        return HttpResponseRedirect(game.get_absolute_url())
