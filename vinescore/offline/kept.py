"""What the service worker (templates/offline/sw.js) needs to keep a sheet
for this phone, sent in the sheet page's headers: it reads no HTML. The
page's language is Django's Content-Language (LocaleMiddleware)."""

from __future__ import annotations

from urllib.parse import quote

from django.http import HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac

from vinescore.accounts import access

PERSON = "X-Vinescore-Person"
TITLE = "X-Vinescore-Title"


def person(request: HttpRequest | None) -> str:
    """A name for the visitor that says nothing about them (not their id,
    username or session) and that only this server can make: the signed-in
    person's, or a guest phone's while it holds a table link (its session's);
    "" for anyone else, whose pages are not kept."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return salted_hmac("vinescore.offline.who", str(user.pk)).hexdigest()[:24]
    session = getattr(request, "session", None)
    if session is not None and session.session_key and access.tables(request):
        return salted_hmac("vinescore.offline.guest", session.session_key).hexdigest()[:24]
    return ""


def may_keep(response: HttpResponse, request: HttpRequest, title: str) -> HttpResponse:
    """A sheet the worker may keep, sent only to whoever may see it: whose it
    is, and the title it is listed by offline (percent-encoded: a header is
    Latin-1). Nobody's page carries neither, and is not kept."""
    who = person(request)
    if who:
        response[PERSON] = who
        response[TITLE] = quote(title, safe="")
    return response
