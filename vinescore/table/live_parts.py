"""A game's live part, rendered once a version in each process for every
phone of one kind (a member who writes, a viewer, a guest, a spectator) and
language, and sent to each with its own CSRF token and one-time keys.

Rendered by whoever needs it first: the phone whose hand made the version
(its htmx answer, `answer`), a phone opening the sheet (`game_detail`: the
page draws only what is around it), or the first stream of the game that
looks (vinescore/live/stream.py). Every phone of that kind in the process is
then sent the same part (`kept_live`).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from vinescore.accounts import access
from vinescore.accounts.context_processors import Nav
from vinescore.offline import kept
from vinescore.shared_parts import (
    CSRF_STAND_IN,
    KEY_STAND_IN,
    LIVE_STAND_IN,
    STAND_INS,
    TOP_BAR_STAND_IN,
    has_messages,
    live_parts,
    stream_token,
)

from . import signals
from .changes import new_key
from .links import guest_page
from .models import Game
from .sheet_views import SheetParts, deleted_page, sheet_response
from .views import get_game


def part_kind(request: HttpRequest, pk: int, who: str, live_url: str) -> tuple:
    """What, besides the game and its version, the live part a visitor is
    sent depends on. A guest's phone is asked "Who are you?" until it
    answers."""
    asked = who == access.GUEST and not access.has_answered(request, pk)
    return (who, get_language(), live_url, request.GET.get("all") == "1", asked)


def kind_of(request: HttpRequest, pk: int, who: str, live_url: str = "") -> tuple | None:
    """The kind of live part this visitor would be sent (None: one of its
    own, as it has notices of its own, which no other phone's can stand
    for)."""
    return None if has_messages(request) else part_kind(request, pk, who, live_url)


def for_visitor(request: HttpRequest, html: str) -> str:
    """A shared live part with this visitor's CSRF token, and a one-time key
    of its own for each form."""
    html = html.replace(CSRF_STAND_IN, stream_token(request))
    parts = html.split(KEY_STAND_IN)
    return "".join(part + new_key() for part in parts[:-1]) + parts[-1]


def shared_part(pk: int, version: int, kind: tuple) -> str | None:
    """The live part of this version for this kind of visitor, its stand-ins
    in place, if this process has it or the version's news carried it."""
    key = (pk, version, *kind)
    html = live_parts.get(key)
    if html is None:
        html = signals.carried(signals.part_carried, Game, pk=pk, version=version, kind=kind)
        if html is not None:
            live_parts.put(key, html)
    return html


def kept_part(request: HttpRequest, pk: int, version: int, kind: tuple) -> str | None:
    """The live part of this version for this kind of visitor, with this
    visitor's token and keys, if this process has it or the version's news
    carried it; None otherwise."""
    html = shared_part(pk, version, kind)
    return None if html is None else for_visitor(request, html)


def kept_live(
    request: HttpRequest, pk: int, version: int, who: str, live_url: str = ""
) -> tuple[tuple, str] | None:
    """The live part of this version as this visitor sees it, and its kind,
    if this process rendered it already or its news carried it; None
    otherwise."""
    if has_messages(request):
        return None
    kind = part_kind(request, pk, who, live_url)
    html = kept_part(request, pk, version, kind)
    return None if html is None else (kind, html)


def rendered_for(
    request: HttpRequest,
    game: Game,
    who: str,
    live_url: str = "",
    played=None,
    parts: SheetParts | None = None,
) -> tuple[tuple | None, str]:
    """The live part as the poll would answer this visitor, and its kind:
    rendered once a version for every phone of its kind in this process,
    stand-ins in place; (None, a part of its own) for a visitor with notices
    of its own."""
    if has_messages(request):
        return None, render_live(request, game, who, live_url, played=played, parts=parts)
    kind = part_kind(request, game.pk, who, live_url)
    html = shared_part(game.pk, game.version, kind)
    if html is None:
        html = render_live(
            request, game, who, live_url, stand_ins=STAND_INS, played=played, parts=parts
        )
        live_parts.put((game.pk, game.version, *kind), html)
    return kind, html


def sent_live(
    request: HttpRequest,
    game: Game,
    who: str,
    live_url: str = "",
    parts: SheetParts | None = None,
) -> tuple[tuple | None, str]:
    """The live part as the poll would answer this visitor, rendered once a
    version for every phone of its kind in this process, and its kind."""
    kind, html = rendered_for(request, game, who, live_url, parts=parts)
    return kind, html if kind is None else for_visitor(request, html)


@guest_page
@never_cache  # Back must never show a stale score sheet
@require_safe
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The score sheet: its live part the one every phone of its kind is
    sent (drawn once a version), the page around it drawn for this phone."""
    game = get_game(request, pk, deleted=True)
    if game.is_deleted:
        return deleted_page(request, game, game.place)
    who = game.place.who
    parts = SheetParts(game, who, request.GET.get("all") == "1")
    if request.htmx:
        return HttpResponse(sent_live(request, game, who, parts=parts)[1])
    # The whole sheet, to whoever may see it: the service worker may keep it.
    return kept.may_keep(sheet_page(request, game, who, parts), request, game.name)


def sheet_page(request: HttpRequest, game: Game, who: str, parts: SheetParts) -> HttpResponse:
    """The sheet's page. What is around the live part is drawn once a version
    for every phone of its kind too, as the live part is; each phone's page
    is the two put together, with its own top bar, token and keys. A phone
    with notices of its own has the whole page drawn for it."""
    kind, live = rendered_for(request, game, who, parts=parts)
    if kind is None:
        return sheet_response(request, game, who, parts=parts, live_html=live)
    key = (game.pk, game.version, "page", *kind)
    frame = live_parts.get(key)
    if frame is None:
        stand_ins = {**STAND_INS, "top_bar": TOP_BAR_STAND_IN}
        drawn = sheet_response(
            request, game, who, parts=parts, live_html=LIVE_STAND_IN, stand_ins=stand_ins
        )
        frame = drawn.render().content.decode()
        live_parts.put(key, frame)
    page = for_visitor(request, frame.replace(LIVE_STAND_IN, live, 1))
    return HttpResponse(page.replace(TOP_BAR_STAND_IN, top_bar(request, who), 1))


def top_bar(request: HttpRequest, who: str) -> str:
    """The phone's own top bar, with the page's token. A member's is kept
    by all it shows (their name, their groups, the one they are in, the
    address it sends them back to, the language), a stand-in for the token;
    a guest's or a spectator's, or any on an address with another query,
    is drawn each time."""
    token = stream_token(request)
    user = request.user
    # Kept for the sheet's own addresses only: any other query string would
    # be one more entry, and the store is the live parts' too.
    plain = request.META.get("QUERY_STRING", "") in ("", "all=1")
    if who == access.WATCH or not user.is_authenticated or not plain:
        own = {"watching": who == access.WATCH, "csrf_token": token}
        return render_to_string("_topbar.html", own, request)
    nav = Nav(request)
    groups = tuple((p.group.pk, p.group.name, p.role) for p in nav.places)
    here = nav.here and (nav.here.group.pk, nav.here.group.name, nav.here.role)
    path = request.get_full_path()
    key = ("top bar", get_language(), user.pk, user.get_username(), path, groups, here)
    bar = live_parts.get(key)
    if bar is None:
        drawn = {"watching": False, "csrf_token": CSRF_STAND_IN, "nav": nav}
        bar = render_to_string("_topbar.html", drawn, request)
        live_parts.put(key, bar)
    return bar.replace(CSRF_STAND_IN, token)


def render_live(
    request: HttpRequest,
    game: Game,
    who: str,
    live_url: str = "",
    stand_ins: dict | None = None,
    played=None,
    parts: SheetParts | None = None,
) -> str:
    """The live part as the poll would answer this visitor."""
    response = sheet_response(
        request,
        game,
        who,
        live_url=live_url,
        live_part=True,
        stand_ins=stand_ins,
        played=played,
        parts=parts,
    )
    return response.rendered_content  # as drawn, not encoded to be sent


def answer(request: HttpRequest, game: Game, played) -> HttpResponse:
    """A change's htmx answer, the live part of the version it made: kept for
    the streams of this process of the same kind as the phone that made it,
    and carried by the news to the other processes' (signals.part_drawn), which are
    then sent it without rendering it again."""
    kind, html = rendered_for(request, game, game.place.who, played=played)
    if kind is None:
        return HttpResponse(html)
    signals.part_drawn.send(sender=Game, pk=game.pk, version=game.version, kind=kind, html=html)
    return HttpResponse(for_visitor(request, html))
