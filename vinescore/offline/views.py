"""The manifest and the service worker, at the site's root so the worker's
scope is the whole app. Both are open to everyone: the browser fetches the
manifest without the visitor's cookies."""

from __future__ import annotations

import json
from collections.abc import Callable
from hashlib import blake2b

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.response import TemplateResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from .bundle import phone_rules

# Light and dark, as static/css/vinescore.css paints the page (--accent, --bg).
THEME_LIGHT = "#2f6b3a"
THEME_DARK = "#141513"
BACKGROUND = "#fbfaf7"

# What the worker keeps for every visitor: the files every page needs.
SHELL = [
    "css/vinescore.css",
    "django_htmx/htmx-2.min.js",
    "js/vinescore.js",
    "js/hand.js",
    "js/live.js",
    "js/outbox.js",
    "icons/favicon-32.png",
    "icons/icon-192.png",
]


@login_not_required
@require_safe
@cache_control(no_cache=True)
def manifest(request: HttpRequest) -> JsonResponse:
    icon = {"type": "image/png"}
    return JsonResponse(
        {
            "id": "/",
            "name": "vinescore",
            "short_name": "vinescore",
            "description": gettext("Keeps score at a real card table."),
            "lang": translation.get_language(),
            "start_url": reverse("game_list"),
            "scope": "/",
            "display": "standalone",
            "orientation": "portrait",
            "theme_color": THEME_LIGHT,
            "background_color": BACKGROUND,
            "icons": [
                {"src": static("icons/icon-192.png"), "sizes": "192x192", **icon},
                {"src": static("icons/icon-512.png"), "sizes": "512x512", **icon},
                {
                    "src": static("icons/icon-512.png"),
                    "sizes": "512x512",
                    "purpose": "maskable",
                    **icon,
                },
            ],
        },
        content_type="application/manifest+json",
        json_dumps_params={"indent": 1},
    )


@login_not_required
@require_safe
@cache_control(no_cache=True)  # a new deploy's worker is found at once
def service_worker(request: HttpRequest) -> TemplateResponse:
    """The worker, with the words of the page it draws itself (the server is
    out of reach) in every language: the phone may switch."""
    shell = [static(name) for name in SHELL]
    # Pyodide's files, for a phone that keeps a game, have no hash in their
    # names: they are kept apart from the first fetch until a new Pyodide
    # (whose loader's hashed name is new) comes with a new worker.
    phone = phone_rules() or {}
    pyodide = phone.get("loader", "")
    # The static names carry their content's hash: a new version of any
    # file is a new worker, which keeps the new files and drops the old.
    version = blake2b(" ".join([*shell, pyodide]).encode(), digest_size=8).hexdigest()
    return TemplateResponse(
        request,
        "offline/sw.js",
        {
            "shell": shell,
            "version": version,
            "static_prefix": settings.STATIC_URL,
            "pyodide_prefix": phone.get("index", ""),
            "pyodide_version": blake2b(pyodide.encode(), digest_size=8).hexdigest(),
            "stylesheet": static("css/vinescore.css"),
            "logout": reverse("logout"),
            "words": worker_words(),
            "language_code": settings.LANGUAGE_CODE,
        },
        content_type="text/javascript; charset=utf-8",
        headers={"Service-Worker-Allowed": "/"},
    )


def worker_words() -> str:
    """{language: {key: words}} for the service worker's own page, as JSON
    safe inside a script (no "<", so no "</script>")."""
    said = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            said[code] = {
                "title": gettext("Out of reach"),
                "heading": gettext("The server is out of reach"),
                "notSent": gettext(
                    "Not sent: this phone could not reach vinescore, so nothing was changed. "
                    "Go back and try again when the connection returns."
                ),
                "notKept": gettext(
                    "This page is not kept on this phone, and vinescore cannot be reached."
                ),
                "again": gettext("Try again"),
                "kept": gettext("Sheets kept on this phone"),
            }
    return json.dumps(said, ensure_ascii=True).replace("<", "\\u003c")


def clears_offline_copies(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Sign-out: the browser drops its copies of this site's pages, and the service
    worker (told by the next page) the sheets kept for that person."""

    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if request.method == "POST":
            response["Clear-Site-Data"] = '"cache"'
        return response

    wrapped.__name__ = getattr(view, "__name__", "signed_out")
    wrapped.__doc__ = view.__doc__
    return wrapped
