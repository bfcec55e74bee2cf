"""What a page draws many of, each in one call where a loop of template
nodes was most of drawing them: a row's cells (fifteen rows a sheet), a
fact's chips (a few dozen in a hand's fields), a side's total, heading or
swatch, a game's card (twenty a page of History). Every value is escaped
unless marked safe (numbers and keys of our own: vinescore.our_text)."""

from django import template
from django.utils.html import conditional_escape as escape
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from vinescore.templatetags.moments import moment

register = template.Library()

CELL = '<td><span class="award">{}</span> <span class="running">{}</span></td>'


@register.filter
def award_cells(cells: list[tuple[str, str]]) -> SafeString:
    """(award, total) pairs, each a cell of the row's first line."""
    return SafeString("".join(CELL.format(escape(a), escape(t)) for a, t in cells))


@register.filter
def chips(drawn: dict) -> SafeString:
    """One chip a choice of a fact (HandForm.inputs), checked as the form
    holds it; the chip of whoever bids first is marked, its title saying so."""
    kind, name = escape(drawn["type"]), escape(drawn["name"])
    marked = f' first" title="{escape(drawn["first_words"])}'
    return SafeString(
        "\n".join(
            f'<label class="chip{marked if choice["first"] else ""}">'
            f'<input type="{kind}" name="{name}" value="{escape(choice["value"])}"'
            f'{" checked" if choice["checked"] else ""} data-label="{label}">'
            f"<span>{label}</span></label>"
            for choice in drawn["choices"]
            for label in (escape(choice["label"]),)
        )
    )


TOTAL = (
    '<li class="total{}"><span class="who" title="{}">{}</span>'
    '<span class="score" data-total>{}</span>{}</li>'
)
# Drawn empty too: a phone scoring hands not sent yet fills it (keep.js).
CHANGE = '<span class="change" aria-hidden="true">{}</span>'


@register.filter
def totals_strip(strip: list[tuple[str, str, str, bool]]) -> SafeString:
    """Each side's name, total, what the last hand gave it (if anything) and
    whether it won (SheetParts.strip), each an item of the totals strip."""
    items = []
    for name, total, change, won in strip:
        name, change = escape(name), CHANGE.format(escape(change))
        items.append(TOTAL.format(" won" if won else "", name, name, escape(total), change))
    return SafeString("\n".join(items))


@register.filter
def side_heads(sides: list[tuple[str, int]]) -> SafeString:
    """A column heading for each side of the sheet."""
    names = [escape(name) for name, _total in sides]
    return SafeString("".join(f'<th scope="col" title="{n}">{n}</th>' for n in names))


@register.filter
def legend(sides: list[tuple[str, int]]) -> SafeString:
    """The chart's key: each side's name beside its line's colour."""
    return SafeString(
        "".join(
            f'<li><span class="swatch series-{i}"></span>{escape(name)}</li>'
            for i, (name, _total) in enumerate(sides)
        )
    )


@register.filter
def hand_changes(changes: list[tuple[str, str]]) -> SafeString:
    """What the hand just scored gave each side."""
    return SafeString(
        "".join(
            f'<li><span class="who">{escape(name)}</span> <strong>{escape(change)}</strong></li>'
            for name, change in changes
        )
    )


@register.filter
def scoreline(scores: list[tuple[str, int]]) -> SafeString:
    """A card's sides and their totals ("Ana 30 · Ben 16"), twenty cards a
    History page."""
    return format_html_join("", "<span>{} <strong>{}</strong></span>", scores)


def event_line(game) -> str:
    """The club night's table a card's game was played at, if it was."""
    return format_html('<span class="muted">{}</span>', game.table_of_event) if game.part_of else ""


def winner_line(game) -> str:
    return (
        format_html('<span class="winner-line">🏆 {}</span>', game.winner_name)
        if game.is_finished
        else ""
    )


def history_card(game) -> SafeString:
    """A game's card in History (a Card of history/cards.py): its name, its club
    night's table, when it began, its hands and how long they took, whether
    it is over, its scoreline and winner; twenty cards a page."""
    return format_html(
        '<li><a class="card" href="{}"><strong>{}</strong>{}'
        '<span class="muted">{} · {} · {}</span><span class="scoreline">{}</span>{}</a></li>',
        game.get_absolute_url(),
        game.name,
        event_line(game),
        moment(game.created_at, "date"),
        game.hands_words,
        gettext("finished") if game.is_finished else gettext("in progress"),
        scoreline(game.scores),
        winner_line(game),
    )


@register.filter
def game_card(game) -> SafeString:
    """A game's card in the lists of games and on a player's page (a Game, or
    a Card of history/cards.py): its name, its club night's table, who sat
    down, its hands and how long they took, its last change and winner."""
    return format_html(
        '<li><a class="card" href="{}"><strong>{}</strong>{}<span class="muted">{}</span>'
        '<span class="muted">{} · {}</span>{}</a></li>',
        game.get_absolute_url(),
        game.name,
        event_line(game),
        ", ".join(game.player_names),
        game.hands_words,
        moment(game.updated_at, "date"),
        winner_line(game),
    )
