"""Whose pages these are, for the service worker: it keeps each person's
sheets apart, and drops them all when a page names someone else, or nobody."""

from django import template
from django.utils.html import json_script

from vinescore.offline import kept, words

register = template.Library()


@register.simple_tag(takes_context=True)
def offline_id(context) -> str:
    """Whose page this is, for the scripts' storage and the worker (kept.person)."""
    return kept.person(context.get("request"))


@register.simple_tag
def js_words() -> str:
    """The scripts' words in the page's language, as a JSON data block
    (vinescore/offline/words.py); nothing on an English page."""
    said = words.catalog()
    return json_script(said, "vinescore-words") if said else ""
