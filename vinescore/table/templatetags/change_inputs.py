"""The hidden inputs every form that changes a game carries: the version of
the game it was drawn from, and a one-time key (see changes.py)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from vinescore.table.changes import new_key

register = template.Library()


@register.simple_tag
def change_inputs(game) -> SafeString:
    """Rendered for each visitor, never kept: each form gets a key of its own."""
    return format_html(
        '<input type="hidden" name="version" value="{}">'
        '<input type="hidden" name="key" value="{}">',
        game.version,
        new_key(),
    )
