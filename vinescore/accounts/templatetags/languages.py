"""The languages the switch offers, each named in itself ("English",
"Deutsch"), as settings.LANGUAGES names them: someone who cannot read the
page's language still finds their own."""

from django import template
from django.conf import settings

register = template.Library()


@register.simple_tag
def languages() -> list[tuple[str, str]]:
    return list(settings.LANGUAGES)
