"""Whose pages these are, for the service worker: it keeps each person's
sheets apart, and drops them all when a page names someone else, or nobody."""

from django import template
from django.utils.crypto import salted_hmac
from django.utils.html import json_script

from vinescore import jswords
from vinescore.accounts import access

register = template.Library()


@register.simple_tag(takes_context=True)
def offline_id(context) -> str:
    """An opaque name only this server can make: the signed-in person's, or a guest
    phone's while it holds a table link; "" for anyone else (nothing kept)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return salted_hmac("vinescore.offline.who", str(user.pk)).hexdigest()[:24]
    session = getattr(request, "session", None)
    if session is not None and session.session_key and access.tables(request):
        return salted_hmac("vinescore.offline.guest", session.session_key).hexdigest()[:24]
    return ""


@register.simple_tag
def js_words() -> str:
    """The scripts' words in the page's language, as a JSON data block
    (vinescore/jswords.py); nothing on an English page."""
    said = jswords.catalog()
    return json_script(said, "vinescore-words") if said else ""
