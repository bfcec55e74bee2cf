"""History: a group's games, filtered, a page at a time, with the games
per month; the links to every game's record and to "what if"."""

from __future__ import annotations

from datetime import date, datetime

from django.core.paginator import Paginator
from django.db.models import Count, Max, Min, Q
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.utils.dateformat import format as date_format
from django.utils.functional import SimpleLazyObject
from django.utils.safestring import mark_safe
from django.utils.timezone import get_current_timezone, localtime
from django.views.decorators.http import require_safe

from vinescore.accounts import access
from vinescore.scoring import REGISTRY
from vinescore.table import fragments
from vinescore.table.forms import HistoryFilter
from vinescore.table.models import Game

from . import cards, charts

HISTORY_PAGE = 20


@require_safe
def history(request: HttpRequest) -> TemplateResponse:
    """The page is the same for every member of a kind (may they write, are
    they the owner) of a group in one state, asked the same: drawn once for
    that and kept in Django's cache, by when the group's games last changed
    (read with the session) and by its players. A visitor's own part (the
    top bar) is drawn around it."""
    here = access.current(request)
    group = here.group
    query = request.GET.copy()
    page = query.pop("page", [""])[-1]
    games = Game.objects.live().filter(group=group)
    players = tuple(group.players.values_list("pk", "name"))
    asked = tuple(sorted(query.lists()))
    shown = (
        "history page",
        group.pk,
        group.games_changed_at,
        players,
        asked,
        page if page.isdigit() and len(page) < 7 else "",
        here.can_write,
        here.is_owner,
    )
    html, status = fragments.cached(
        shown, lambda: history_content(here, query, games, players, asked, page)
    )
    return TemplateResponse(request, "history/history.html", {"content": html}, status=status)


def history_content(here, query, games, players, asked, page) -> tuple[str, int]:
    """History's content and its status, drawn."""
    group = here.group
    found = games.newest_first()
    form = None
    if query:
        form = history_filter(query, group)
        found = form.filter(found) if form.is_valid() else Game.objects.none()
    # What the same history shows alike (how many games are found, the
    # months chart, the games "What if" offers), for every page of it.
    summary = fragments.cached(
        ("history", group.pk, group.games_changed_at, asked), lambda: summed(found, group)
    )
    paginator = CountedPaginator(found.values(*cards.COLUMNS), HISTORY_PAGE, summary["count"])
    shown = paginator.get_page(page)
    # The empty form is built only if its kept filters are not.
    asked_form = SimpleLazyObject(lambda: form or history_filter(None, group))
    html = render_to_string(
        "history/history.html#content",
        {
            "filtered": form is not None,
            "form": asked_form,
            "fields": SimpleLazyObject(lambda: filter_fields(asked_form, players)),
            "filters_asked": repr((group.pk, players, asked)),
            "kept_for": fragments.KEPT_FOR,
            "page": shown,
            "cards": cards.history_cards(shown.object_list),
            "query": query.urlencode(),
            "can_write": here.can_write,
            "is_owner": here.is_owner,
            "what_if_kinds": summary["what_if_kinds"],
            "months": summary["months"],
            "periods": period_links(query),
        },
    )
    return html, 422 if form is not None and form.errors else 200


class CountedPaginator(Paginator):
    """A paginator told how many there are (History keeps the count)."""

    def __init__(self, object_list, per_page: int, count: int):
        super().__init__(object_list, per_page)
        self.count = count


MONTHS_SHOWN = 24  # History's chart: the latest two years of the games found


def summed(found, group) -> dict:
    """How many games are found, their months chart, and the games "What if"
    offers; the count and the months' span asked in one query."""
    span = found.aggregate(count=Count("pk"), first=Min("created_at"), last=Max("created_at"))
    return {
        "count": span["count"],
        "months": months_chart(found, span),
        "what_if_kinds": what_if_kinds(group),
    }


def months_chart(found, span: dict) -> dict:
    """Games per month among those found, as a small chart: every month
    from the first to the last of `span` (at most the latest MONTHS_SHOWN), none
    while they all fall in one month. Counted
    by ranges of `created_at` in the database: no date function a row."""
    if span["first"] is None:
        return {}
    first, last = localtime(span["first"]), localtime(span["last"])
    months = []
    year, month = first.year, first.month
    while (year, month) <= (last.year, last.month):
        months.append((year, month))
        year, month = next_month(year, month)
    if len(months) < 2:
        return {}  # one month has nothing to be compared with
    shown = months[-MONTHS_SHOWN:]
    zone = get_current_timezone()
    starts = [datetime(y, m, 1, tzinfo=zone) for y, m in shown]
    ends = [*starts[1:], datetime(*next_month(*shown[-1]), 1, tzinfo=zone)]
    counts = found.order_by().aggregate(
        **{
            f"m{i}": Count("pk", filter=Q(created_at__gte=start, created_at__lt=end))
            for i, (start, end) in enumerate(zip(starts, ends, strict=True))
        }
    )
    labels = [
        (date_format(date(y, m, 1), "M Y"), counts[f"m{i}"]) for i, (y, m) in enumerate(shown)
    ]
    return {
        "svg": mark_safe(charts.per_month(labels)),  # noqa: S308 — charts escape every label
        "cut": len(months) > len(shown),
        "shown": len(shown),
    }


def next_month(year: int, month: int) -> tuple[int, int]:
    return (year + 1, 1) if month == 12 else (year, month + 1)


def period_links(query) -> list[tuple[str, str, bool]]:
    """This month, this year, any time: History's other filters kept."""
    rest = query.copy()
    for name in ("when", "start", "end"):
        rest.pop(name, None)
    asked = query.get("when", "")
    out = []
    for value, label in HistoryFilter.PERIODS:
        link = rest.copy()
        if value:
            link["when"] = value
        out.append((label, "?" + link.urlencode() if link else "?", asked == value))
    return out


def what_if_kinds(group) -> list[tuple[str, str]]:
    """The games the group has finished, for "What if…" (key, name)."""
    kinds = Game.objects.live().finished().filter(group=group).values_list("kind", flat=True)
    found = set(kinds.order_by().distinct())
    return [(rules.key, rules.name) for rules in REGISTRY if rules.key in found]


def filter_fields(form: HistoryFilter, players) -> list[dict]:
    """The filters as History draws them: each one's name, label, value, choices
    (none for a date) and errors. Drawn by the page's own template, not by
    Django's widgets, which draw each option through a template of its own;
    the players to choose from are the (pk, name) pairs the page has read."""
    found = []
    for name, field in form.fields.items():
        if name == "player":
            choices = [("", field.empty_label), *((str(pk), who) for pk, who in players)]
        else:
            choices = getattr(field, "choices", None)
        found.append(
            {
                "name": name,
                "label": field.label,
                "value": str(form[name].value() or ""),
                "choices": choices,
                "errors": form.errors.get(name, []) if form.is_bound else [],
            }
        )
    return found


def history_filter(data, group) -> HistoryFilter:
    return HistoryFilter(
        data, games=[(rules.key, rules.name) for rules in REGISTRY], players=group.players.all()
    )
