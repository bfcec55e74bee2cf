"""Moments shown in the viewer's own time zone.

A moment is written as a <time> whose `datetime` is the exact instant (UTC),
with text in the server's zone, named ("23 Nov, 19:10 UTC"); vinescore.js
rewrites the text in the phone's own zone with Intl.DateTimeFormat. Done in
the browser so the pages and cards kept in the cache stay one per version of
what they show, the same for every visitor wherever they are, and a phone
needs no cookie or setting to see its own time."""

from datetime import UTC, datetime

from django import template
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.formats import get_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import pgettext

register = template.Library()


def moment_format(how: str) -> str:
    """The language's own date ("23 Nov 2026"; "23. November 2026"), or a
    day and time ("23 Nov, 19:10 UTC"; "23. Nov, 19:10 UTC")."""
    if how == "date":
        return get_format("DATE_FORMAT")
    return pgettext("date and time", "j M, H:i T")


@register.filter
def moment(value: datetime | None, how: str = "time") -> SafeString | str:
    """`how`: "date" (23 Nov 2026) or "time" (23 Nov, 19:10)."""
    if value is None:
        return ""
    instant = value.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    text = date_format(timezone.localtime(value), moment_format(how))
    return format_html('<time datetime="{}" data-moment="{}">{}</time>', instant, how, text)
