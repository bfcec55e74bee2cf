"""The hidden inputs every form that changes a game carries: the version of
the game it was drawn from, and a one-time key (see changes.py)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from vinescore.table.changes import new_key

register = template.Library()


@register.simple_tag(takes_context=True)
def change_inputs(context, game) -> SafeString:
    """Never kept: each form gets a key of its own. A live part rendered once for
    many streams carries a stand-in each stream replaces (live/stream.py)."""
    return format_html(
        '<input type="hidden" name="version" value="{}">'
        '<input type="hidden" name="key" value="{}">',
        game.version,
        context.get("key_stand_in") or new_key(),
    )
