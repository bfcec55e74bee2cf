"""The scoring package's own words (a game's summary, who opens, an option's
name) in the page's language.

The package marks them for the catalog where it defines them
(`words.gettext_noop`), since a class is built once, in no one's language;
they are translated where a page shows them."""

from django import template
from django.utils.translation import gettext

register = template.Library()


@register.filter
def translated(message: str) -> str:
    return gettext(message) if message else message
