"""The score sheet: one way to render it for every caller (the page, the htmx
answer to a change, the live poll, a stream's event, a spectator's page),
and the game every change is made to (change_to: loaded and locked; its
ChangeForm checks the version).

What changes as hands go in is the sheet's live part (`table/game.html#live`).
It is drawn by name with no request, so it holds nothing of one visitor: no
CSRF token (the phone sends its page's, from `hx-headers` on <body>), no
one-time key (the phone makes one as it sends), no notice. So it is the
same bytes for every visitor of one kind (SheetKind), drawn once a version
and kept in Django's cache for the htmx answer, the poll and the streams.
The whole page is drawn for its one visitor, its forms with their token and
keys in place (a phone without scripts posts them as they are); so is the
live part of a visitor with something of their own: a notice, or a form
sent back with its errors.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django_htmx.http import HttpResponseClientRedirect

from vinescore.accounts import access
from vinescore.offline import kept
from vinescore.offline.bundle import phone_rules
from vinescore.scoring import Sheet

from . import changes, fragments
from .forms import NoteForm
from .hand_forms import HandForm
from .links import guest_page
from .models import RESTORE_DAYS, UNDO_MINUTES, Game, LiveHand
from .sheet_parts import SheetParts
from .views import get_game

PAGE = "table/game.html"
LIVE = "table/game.html#live"

# The message level of "Hand deleted ... Undo": its extra_tags is the hand's pk.
HAND_DELETED = 21


@contextmanager
def change_to(request: HttpRequest, pk: int, *, deleted: bool = False) -> Iterator[Game]:
    """The game a change is made to, its row locked until answered: changes from
    several phones queue up, each ChangeForm seeing the version the last left."""
    with transaction.atomic():
        yield get_game(request, pk, write=True, lock=True, deleted=deleted)


def refuse_stale(request: HttpRequest, form: changes.ChangeForm) -> HttpResponse:
    """A change drawn from an older version of the game: 409, the sheet as
    it is now, and what happened meanwhile (the form's error) in words."""
    messages.warning(request, form.refusal())
    return render_sheet(request, form.game, status=409)


def sent_again(
    request: HttpRequest, form: changes.ChangeForm, response: HttpResponse
) -> HttpResponse:
    """A submit whose key is already logged, whatever version it names: the
    answer the first time had (`response`), saying it was stored then."""
    messages.info(request, form.already_stored())
    return response


@guest_page
@never_cache  # Back must never show a stale score sheet
@require_safe
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(request, pk, deleted=True)
    if game.is_deleted:
        return deleted_page(request, game, game.place)
    response = render_sheet(request, game)
    # The whole sheet, to whoever may see it: the service worker may keep it.
    return response if request.htmx else kept.may_keep(response, request, game.name)


@dataclass(frozen=True)
class SheetKind:
    """All a visitor's live part depends on besides the game's version: what
    they may do ("write", "guest", "read", "watch"), their language, whether
    they asked for every hand (?all=1), whether their phone is a guest's
    that has not answered "Who are you?" yet, and the poll's address (a
    spectator's names their link). Worked out once a request."""

    who: str
    language: str
    show_all: bool
    ask_who: bool
    live_url: str

    @classmethod
    def of(cls, request: HttpRequest, pk: int, who: str, live_url: str = "") -> SheetKind:
        return cls(
            who=who,
            language=get_language(),
            show_all=request.GET.get("all") == "1",
            ask_who=who == access.GUEST and not access.has_answered(request, pk),
            live_url=live_url or reverse("game_live", args=[pk]),
        )

    def cache_key(self, pk: int, version: int) -> str:
        return fragments.cache_key("live part", pk, version, self)


def render_sheet(
    request: HttpRequest,
    game: Game,
    *,
    who: str = "",
    live_url: str = "",
    form: HandForm | None = None,
    note_form: NoteForm | None = None,
    played: tuple[list[LiveHand], Sheet] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The score sheet as this visitor sees it: for htmx its live part, the
    kind's kept bytes; else the whole page, drawn for them. `who`: what the
    sheet shows them (their place at the game unless given: a spectator's
    "watch"); `form`, `note_form`: sent back with their errors; `played`:
    the hands and their sheet, when the caller has them."""
    kind = SheetKind.of(request, game.pk, who or game.place.who, live_url)
    own = form is not None or note_form is not None or len(messages.get_messages(request)) > 0
    if request.htmx and not own:
        return HttpResponse(live_part(game, kind, played), status=status)
    context = sheet_context(game, kind, played)
    context.update(
        form=form,
        note_form=note_form,
        # A hand sent back with its errors is shown in its form, the game over or not.
        hand_form_shown=context["hand_form_shown"]
        or bool(context["can_write"] and form and form.errors),
        # Just after Undo, only its notice offers the hand back.
        undoing=any(m.level == HAND_DELETED for m in messages.get_messages(request)),
    )
    if request.htmx:
        return TemplateResponse(request, LIVE, context, status=status)
    context.update(
        # The same live part pushed: each poll address (…/live/) has its
        # stream (…/stream/), told the version this page shows.
        stream_url=settings.LIVE_STREAMS
        and f"{kind.live_url.removesuffix('live/')}stream/?version={game.version}",
        # "Keep this game on this phone" (static/js/keep.js).
        phone_rules=phone_rules() if context["can_write"] else None,
    )
    return TemplateResponse(request, PAGE, context, status=status)


def live_part(game: Game, kind: SheetKind, played=None) -> str:
    """The live part every visitor of `kind` is sent at this version: kept
    in the cache, or drawn once (with no request: nothing of one visitor in
    it) and kept."""
    key = kind.cache_key(game.pk, game.version)
    html = cache.get(key)
    if html is None:
        html = render_to_string(LIVE, sheet_context(game, kind, played))
        cache.set(key, html)
    return html


def kept_live_part(pk: int, version: int, kind: SheetKind) -> str | None:
    """The live part of `version` for `kind`, if some process drew it
    already (None otherwise): a stream is sent it with no read of the game."""
    return cache.get(kind.cache_key(pk, version))


def sheet_context(game: Game, kind: SheetKind, played=None) -> dict:
    """What table/game.html draws for every visitor of this kind."""
    writing = kind.who in ("write", access.GUEST)
    guest = kind.who == access.GUEST
    return {
        "game": game,
        "rules": game.rules,
        "who": kind.who,
        "parts": SheetParts(game, kind.who, kind.show_all, played),
        "show_all": kind.show_all,
        "can_write": writing,
        "guest": guest,
        # A guest's phone goes on with the table to the game started from this one.
        "next_game": guest and game.rematch_pk(),
        "ask_who": kind.ask_who,
        "hand_form_shown": writing and not game.is_finished,
        "watching": kind.who == access.WATCH,
        "live_url": kind.live_url,
        # The live sheet's poll names the version it shows (see game_live).
        "live_headers": json.dumps({"If-None-Match": live_etag(game.pk, game.version)}),
        "hand_deleted": HAND_DELETED,
        "message_warning": messages.WARNING,
        # How long the parts every visitor of a kind sees alike are kept ({% cache %}).
        "kept_for": fragments.KEPT_FOR,
    }


def live_etag(pk: int, version: int) -> str:
    """Names one rendering of the live part: its version, in the asking phone's
    language."""
    return f'"{pk}.{version}.{get_language()}"'


def deleted_page(
    request: HttpRequest, game: Game, place: access.Place, status: int = 404
) -> TemplateResponse:
    """A deleted game's own address: it says so, with Restore for whoever
    may still restore it (an owner for RESTORE_DAYS, a member just after)."""
    return TemplateResponse(
        request,
        "table/game_deleted.html",
        {
            "game": game,
            "can_restore": place.can_write and game.can_be_restored_by(place.is_owner),
            "is_owner": place.is_owner,
            "restore_days": RESTORE_DAYS,
            "undo_minutes": UNDO_MINUTES,
        },
        status=status,
    )


def gone(request: HttpRequest, game: Game, notice: str = "") -> HttpResponse:
    """The answer to a phone still on a deleted game: htmx is sent to its page
    (with Restore); a plain form gets that page with `notice`."""
    if request.htmx:
        return HttpResponseClientRedirect(game.get_absolute_url())
    if notice:
        messages.error(request, notice)
    place = access.place(request, game.group_id)
    return deleted_page(request, game, place, status=409 if notice else 404)
