"""The score sheet's "Send to BG Stats": the sheet's template asks for the
link here, so table's code knows nothing of the play format."""

from django import template

from vinescore.records.bgstats import push_link

register = template.Library()


@register.simple_tag
def bgstats_link(parts) -> str:
    """The push address of the sheet's game once it is finished ("" before):
    `parts` is the sheet's (table/sheet_views.SheetParts), whose replay it uses."""
    return push_link(parts.game, parts.played) if parts.game.is_finished else ""
