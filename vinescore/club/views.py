"""The organiser's pages of a club night, and its big screen: one POST a
change (an event started, a round drawn, two seats swapped, a latecomer in,
a player out, the event finished), each refused with words and a 4xx when
the night has moved on meanwhile."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseStopPolling

from vinescore.accounts import access
from vinescore.events import points
from vinescore.scoring import REGISTRY
from vinescore.sharing.links import shared
from vinescore.table import changes
from vinescore.table.links import guest_page
from vinescore.table.models import Player
from vinescore.table.views import get_game

from . import rounds, signals
from .forms import EventForm, LatecomerForm, SeasonForm, SwapForm
from .models import Entrant, Event, EventTable, new_screen_key
from .screen import State, screen_part, screen_state, state_tag
from .season import season_of
from .standings import event_standings


def get_event(request: HttpRequest, pk: int, *, write: bool = False) -> Event:
    """The event, if this person is in its group (a viewer reads, a member organises)."""
    event = get_object_or_404(Event.objects.select_related("group"), pk=pk)
    event.place = access.place(request, event.group_id, write=write)
    return event


@require_safe
def event_list(request: HttpRequest) -> TemplateResponse:
    here = access.current(request)
    return TemplateResponse(
        request,
        "club/event_list.html",
        {"events": here.group.events.all(), "can_write": here.can_write},
    )


@require_safe
def event_new(request: HttpRequest) -> TemplateResponse:
    """Which game the night plays."""
    access.current(request, write=True)
    games = sorted(REGISTRY, key=lambda rules: (rules.family or rules.name, rules.name))
    return TemplateResponse(request, "club/event_new.html", {"games": games})


@require_http_methods(["GET", "HEAD", "POST"])
def event_start(request: HttpRequest, kind: str) -> HttpResponse:
    if kind not in REGISTRY:
        raise Http404(gettext("No such game."))
    rules = REGISTRY[kind]
    here = access.current(request, write=True)
    group = here.group
    posted = request.POST if request.method == "POST" else None
    form = EventForm(rules, posted, group=group)
    key = changes.KeyForm(request.POST).one_time_key if posted else ""
    if key and (sent := Event.objects.filter(group=group, start_key=key).first()):
        return HttpResponseRedirect(sent.get_absolute_url())  # the same form sent again
    if posted is not None and form.is_valid():
        try:
            event = start_event(group, rules.key, form.cleaned_data, request.user, key)
        except IntegrityError:  # sent twice at the same instant: the first one's
            event = get_object_or_404(Event, group=group, start_key=key)
        return HttpResponseRedirect(event.get_absolute_url())
    return TemplateResponse(
        request,
        "club/event_start.html",
        {"form": form, "rules": rules, "key": key or changes.new_key()},
        status=422 if form.errors else 200,
    )


@transaction.atomic
def start_event(group, kind: str, data: dict, by, key: str) -> Event:
    event = Event.objects.create(
        group=group,
        name=data["name"],
        kind=kind,
        options=sorted(data.get("options") or []),
        target=data.get("target"),
        stakes=data.get("stakes"),
        rounds=data["rounds"],
        hands_a_round=data.get("hands_a_round"),
        other_side_confirms=data.get("other_side_confirms", False),
        created_by=by,
        start_key=key,
    )
    typed = Player.objects.get_or_create_named(group, data["new_names"])
    players = {p.pk: p for p in [*data["players"], *typed.values()]}
    Entrant.objects.bulk_create(Entrant(event=event, player=p) for p in players.values())
    return event


def event_page(request: HttpRequest, event: Event, status: int = 200) -> TemplateResponse:
    now = event_standings(event)
    drawn = event.draws.order_by("-number").first()
    entrants = list(event.entrants.select_related("player"))
    seated = sorted(
        ((p, name) for t in now.tables for p, name in zip(t.player_pks, t.names, strict=True)),
        key=lambda pair: pair[1].casefold(),
    )
    can_write = event.place.can_write and not event.is_finished
    next_number = (drawn.number if drawn else 0) + 1
    playing = rounds.still_playing(event, drawn.number) if drawn else []
    last = drawn is not None and drawn.number >= event.rounds
    return TemplateResponse(
        request,
        "club/event.html",
        {
            "event": event,
            "standings": now,
            "round": drawn,
            "entrants": entrants,
            "playing": [e for e in entrants if e.plays_in(next_number)],
            "can_write": can_write,
            "may_draw": can_write and not last and not playing,
            "may_finish": can_write and last and not playing,
            "still_playing": playing,
            "next_number": next_number,
            "may_swap": can_write and drawn is not None and not rounds.started(drawn),
            "swap_form": SwapForm(seated=seated),
            "latecomer_form": LatecomerForm(
                group=event.group, entered=[e.player_id for e in entrants]
            ),
            "rule": points.rule(),
        },
        status=status,
    )


@require_safe
def event_detail(request: HttpRequest, pk: int) -> TemplateResponse:
    return event_page(request, get_event(request, pk))


def refused(request: HttpRequest, event: Event, why: str, status: int = 409) -> TemplateResponse:
    messages.warning(request, why)
    event.refresh_from_db()
    return event_page(request, event, status=status)


# What a finished night answers a change to who plays in it.
OVER = gettext_lazy("The event is over: nobody joins or leaves it now.")


def number_sent(request: HttpRequest, name: str) -> int | None:
    sent = request.POST.get(name, "")
    return int(sent) if sent.isdigit() and len(sent) < 6 else None


@require_POST
def event_draw(request: HttpRequest, pk: int) -> HttpResponse:
    """Draws the round the button named; sent again, it opens that round."""
    event = get_event(request, pk, write=True)
    number = number_sent(request, "round")
    if number is None:
        return refused(request, event, gettext("Which round to draw was not sent."), 400)
    try:
        drawn = rounds.next_round(event.pk, number, request.user)
    except rounds.RoundRefused as refusal:
        return refused(request, event, str(refusal))
    return HttpResponseRedirect(reverse("event_round", args=[event.pk, drawn.number]))


@require_POST
def event_swap(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(request, pk, write=True)
    now = event_standings(event)
    seated = [(p, name) for t in now.tables for p, name in zip(t.player_pks, t.names, strict=True)]
    form = SwapForm(request.POST, seated=seated)
    if number_sent(request, "version") != event.version:
        return refused(request, event, gettext("The round changed meanwhile: here it is now."))
    if not form.is_valid():
        messages.warning(request, " ".join(e for errors in form.errors.values() for e in errors))
        return event_page(request, event, status=422)
    try:
        rounds.swap(event.pk, form.cleaned_data["one"], form.cleaned_data["other"])
    except rounds.RoundRefused as refusal:
        return refused(request, event, str(refusal))
    names = dict(seated)
    messages.success(
        request,
        gettext("{one} and {other} swapped seats.").format(
            one=names[form.cleaned_data["one"]], other=names[form.cleaned_data["other"]]
        ),
    )
    return HttpResponseRedirect(event.get_absolute_url())


@require_POST
def event_join(request: HttpRequest, pk: int) -> HttpResponse:
    """A latecomer: in the draw from the next round."""
    event = get_event(request, pk, write=True)
    if event.is_finished:
        return refused(request, event, OVER)
    entered = list(event.entrants.values_list("player_id", flat=True))
    form = LatecomerForm(request.POST, group=event.group, entered=entered)
    if not form.is_valid():
        messages.warning(request, " ".join(e for errors in form.errors.values() for e in errors))
        return event_page(request, event, status=422)
    player = form.cleaned_data["player"]
    if player is None:
        name = form.cleaned_data["name"]
        player = Player.objects.get_or_create_named(event.group, [name])[name]
    with transaction.atomic():
        event = rounds.lock_event(event.pk)
        joins = event.draws.count() + 1
        entrant, made = Entrant.objects.get_or_create(
            event=event, player=player, defaults={"joined_round": joins}
        )
        if not made and entrant.left_after_round is not None:
            entrant.left_after_round = None  # back after leaving
            entrant.joined_round = max(entrant.joined_round, joins)
            entrant.save(update_fields=["left_after_round", "joined_round"])
        rounds.moved(event)
    messages.success(
        request,
        gettext("{name} plays from round {n}.").format(name=player.name, n=entrant.joined_round),
    )
    return HttpResponseRedirect(event.get_absolute_url())


@require_POST
def event_leave(request: HttpRequest, pk: int, entrant_pk: int) -> HttpResponse:
    """Someone leaves: out of every draw after the round drawn now."""
    event = get_event(request, pk, write=True)
    if event.is_finished:
        return refused(request, event, OVER)
    with transaction.atomic():
        event = rounds.lock_event(event.pk)
        entrant = get_object_or_404(
            Entrant.objects.select_related("player"), pk=entrant_pk, event=event
        )
        if entrant.left_after_round is None:
            entrant.left_after_round = event.draws.count()
            entrant.save(update_fields=["left_after_round"])
            rounds.moved(event)
    messages.success(
        request, gettext("{name} is out of the next draw.").format(name=entrant.player.name)
    )
    return HttpResponseRedirect(event.get_absolute_url())


@require_POST
def event_finish(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event(request, pk, write=True)
    with transaction.atomic():
        event = rounds.lock_event(event.pk)
        if event.finished_at is None:
            event.finished_at = timezone.now()
            event.save(update_fields=["finished_at"])
            rounds.moved(event)
    return HttpResponseRedirect(event.get_absolute_url())


@require_safe
def event_round(request: HttpRequest, pk: int, number: int) -> TemplateResponse:
    """Every table of a round, with the link and code its phones scan:
    printable on A4, so each table scans its own. A code scores its table's
    game: a viewer reads who sits where, without them."""
    event = get_event(request, pk)
    can_write = event.place.can_write
    drawn = get_object_or_404(event.draws, number=number)
    tables = (
        EventTable.objects.filter(round=drawn)
        .select_related("game", "link")
        .prefetch_related("game__seats__player")
    )
    shown = []
    for table in tables:
        seats = sorted(table.game.seats.all(), key=lambda s: s.position)
        link = table.link if can_write and table.link and not table.link.refusal() else None
        shown.append(
            {
                "table": table,
                "names": [s.player.name for s in seats],
                "dealer": seats[table.game.first_dealer].player.name if seats else "",
                "shared": shared(request, reverse("table_link", args=[link.code]))
                if link
                else None,
                "code": link.code if link else "",
            }
        )
    return TemplateResponse(
        request,
        "club/event_round.html",
        {"event": event, "round": drawn, "tables": shown, "can_write": can_write},
    )


@require_safe
def event_screen_link(request: HttpRequest, pk: int) -> TemplateResponse:
    """The big screen's read-only link, to open on the club's TV."""
    event = get_event(request, pk, write=True)
    path = reverse("event_screen", args=[event.screen_token])
    return TemplateResponse(
        request, "club/screen_link.html", {"event": event, "shared": shared(request, path)}
    )


@require_POST
def event_screen_renew(request: HttpRequest, pk: int) -> HttpResponse:
    """A new big-screen link; the old one stops working."""
    event = get_event(request, pk, write=True)
    event.screen_key = new_screen_key()
    event.save(update_fields=["screen_key"])
    signals.changed_on_commit(event.pk)  # the old link's screens close at once
    messages.success(request, gettext("A new big-screen link: the old one no longer opens."))
    return HttpResponseRedirect(reverse("event_screen_link", args=[event.pk]))


def screen_found(token: str) -> tuple[int, State] | None:
    """The event's pk and state a big screen's link opens, or None once it
    no longer opens one (renewed, or the event gone): one query."""
    found = Event.screen_of(token)
    state = screen_state(*found) if found is not None else None
    return None if state is None else (found[0], state)


def screened(token: str) -> tuple[Event, State]:
    """The event a big screen's link opens and its state, or 404."""
    found = screen_found(token)
    if found is None:
        raise Http404(gettext("No such page."))
    return get_object_or_404(Event.objects.select_related("group"), pk=found[0]), found[1]


@login_not_required
@require_safe
def event_screen(request: HttpRequest, token: str) -> TemplateResponse:
    """The big screen: read only, by its link, like a spectator's."""
    event, state = screened(token)
    return TemplateResponse(
        request,
        "club/screen.html",
        {
            "event": event,
            "token": token,
            "state": state_tag(state),
            "screen_html": mark_safe(screen_part(event, state)),  # noqa: S308 — our own template's
            "live_streams": settings.LIVE_STREAMS,
            "watching": True,
        },
    )


@login_not_required
@require_safe
def event_screen_live(request: HttpRequest, token: str) -> HttpResponse:
    """The screen's part, polled: 304 while its state has not moved."""
    found = screen_found(token)
    if found is None:
        if request.htmx and Event.screen_of(token) is not None:
            # A TV polling a link signed here but renewed since (or its
            # night gone): it says so and stops asking.
            return HttpResponseStopPolling(render_to_string("club/screen.html#ended"))
        raise Http404(gettext("No such page."))
    pk, state = found
    tag = f'"{state_tag(state)}.{get_language()}"'
    if request.headers.get("If-None-Match") == tag:
        response = HttpResponse(status=304)
    else:
        event = get_object_or_404(Event, pk=pk)
        response = HttpResponse(screen_part(event, state))
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    return response


@guest_page
@require_safe
def game_event(request: HttpRequest, pk: int) -> HttpResponse:
    """From a club table's sheet to its event's standings, read only and
    live: anyone who may see the game (its table's guests too) is sent to
    the event's screen, which shows nothing anyone can change."""
    game = get_game(request, pk)
    table = EventTable.objects.filter(game=game).select_related("round__event").first()
    if table is None:
        raise Http404(gettext("This game is not a table of a club night."))
    return HttpResponseRedirect(reverse("event_screen", args=[table.round.event.screen_token]))


@require_safe
def event_season(request: HttpRequest) -> TemplateResponse:
    """The group's season: its nights finished in a period, each player's
    best results summed; fewer nights than the minimum, listed unranked."""
    here = access.current(request)
    today = timezone.localdate()
    defaults = {"start": today.replace(month=1, day=1), "end": today.replace(month=12, day=31)}
    defaults |= {"best": 5, "minimum": 2}
    asked = {name: request.GET.get(name) or str(value) for name, value in defaults.items()}
    form = SeasonForm(asked)
    events, lines = [], []
    if form.is_valid():
        data = form.cleaned_data
        events, lines = season_of(
            here.group, data["start"], data["end"], data["best"], data["minimum"]
        )
    return TemplateResponse(
        request,
        "club/season.html",
        {
            "form": form,
            "events": events,
            "lines": lines,
            "years": season_years(here.group, asked),
        },
        status=422 if form.errors else 200,
    )


def season_years(group, asked: dict[str, str]) -> list[tuple[int, str, bool]]:
    """Each calendar year the group finished a night in, latest first, as
    a season of that year counted as asked: (year, query, is it the one shown)."""
    finished = Event.objects.filter(group=group, finished_at__isnull=False)
    years = []
    for day in finished.dates("finished_at", "year", order="DESC"):
        period = {"start": f"{day.year}-01-01", "end": f"{day.year}-12-31"}
        query = QueryDict(mutable=True)
        query.update(asked | period)
        shown = (asked["start"], asked["end"]) == (period["start"], period["end"])
        years.append((day.year, query.urlencode(), shown))
    return years
