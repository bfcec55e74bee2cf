"""The hidden inputs of the forms that post: the CSRF token, and for a change
to a game the version it was drawn from and a one-time key (see changes.py).

Drawn for one visitor (a page, or a part of their own: the template is
rendered with their request), they hold the visitor's token and a fresh
key. Drawn for every visitor of a kind (a kept live part, rendered with no
request), they are empty: the phone puts in its page's token and a key of
its own as it sends (static/js/vinescore.js)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from vinescore.table.changes import new_key

register = template.Library()


@register.simple_tag(takes_context=True)
def form_token(context) -> SafeString:
    return format_html(
        '<input type="hidden" name="csrfmiddlewaretoken" value="{}">',
        context.get("csrf_token") or "",
    )


@register.simple_tag(takes_context=True)
def change_inputs(context, game) -> SafeString:
    return format_html(
        '<input type="hidden" name="version" value="{}">'
        '<input type="hidden" name="key" value="{}">',
        game.version,
        new_key() if context.get("csrf_token") else "",
    )
