"""How the standings print their figures: points to two places at most,
the margin to one and signed."""

from django import template
from django.utils.formats import number_format

register = template.Library()


def short(value: float, places: int) -> str:
    value = round(value, places)
    return number_format(int(value) if value == int(value) else value)


@register.filter
def points(value: float) -> str:
    return short(value, 2)


@register.filter
def margin(value: float) -> str:
    shown = short(abs(value), 1)
    return f"+{shown}" if value > 0 else f"−{shown}" if value < 0 else shown
