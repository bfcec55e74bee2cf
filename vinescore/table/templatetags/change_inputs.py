"""The hidden inputs every form that changes a game carries: the version of
the game it was drawn from, and a one-time key (see changes.py)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from vinescore.table.changes import KEY_PLACEHOLDER, new_key

register = template.Library()


@register.simple_tag(takes_context=True)
def change_inputs(context, game) -> SafeString:
    # A page kept in the cache for every visitor gets its keys as it is
    # served (fragments.cached_page), one per form.
    key = KEY_PLACEHOLDER if context.get("kept") else new_key()
    return format_html(
        '<input type="hidden" name="version" value="{}">'
        '<input type="hidden" name="key" value="{}">',
        game.version,
        key,
    )
