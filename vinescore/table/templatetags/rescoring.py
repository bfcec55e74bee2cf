"""A rescoring in the change log, in players' words."""

from django import template

from vinescore.table.rescoring import rescored_words

register = template.Library()


@register.filter
def rescored(change) -> str:
    return rescored_words(change.before or {}, change.after or {})
