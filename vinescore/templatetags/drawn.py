"""What a sheet draws many of, each in one call where a loop of template
nodes was most of drawing them: a row's cells (fifteen rows a sheet), and
a fact's chips (a few dozen in a hand's fields). Every value is escaped
unless marked safe (numbers and keys of our own: shared_parts.our_text)."""

from django import template
from django.utils.html import conditional_escape as escape
from django.utils.safestring import SafeString

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
