"""django-axes's pause on wrong tries: passwords (sign-in, the admin), the
setup code, and table-link codes. A wrong password counts against its
account and the address it came from; a wrong table-link code, which every
guest types under one name, only against its address, so one address's
misses pause nobody else (40-bit codes, guessed at full speed, would
otherwise find a live link)."""

from __future__ import annotations

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_client_username, get_cool_off, get_failure_limit
from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

# The name django-axes counts wrong table-link codes under.
TABLE_CODE = "(table link code)"


def lockout_parameters(request: HttpRequest, credentials: dict | None) -> list[str]:
    """What a wrong try counts against (AXES_LOCKOUT_PARAMETERS)."""
    if (credentials or {}).get("username") == TABLE_CODE:
        return ["ip_address"]
    return ["username", "ip_address"]


def paused_for(request: HttpRequest, name: str) -> HttpResponse | None:
    """The pause page (429) while wrong tries under `name` from this address
    have run out; None while it may try."""
    tried = {"username": name}
    if AxesProxyHandler.is_allowed(request, tried):
        return None
    return paused(request, None, tried)


def missed(request: HttpRequest, name: str) -> None:
    """A wrong try under `name`, counted towards the pause (the try that
    reaches the limit is answered with the pause page by AxesMiddleware)."""
    user_login_failed.send(__name__, credentials={"username": name}, request=request)


def paused(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict | None = None,
) -> HttpResponse:
    """The page a paused try gets (AXES_LOCKOUT_CALLABLE), in words for what
    was tried: a password, or a table link's code."""
    table_code = (credentials or {}).get("username") == TABLE_CODE
    context = {
        "failure_limit": get_failure_limit(request, credentials),
        "username": "" if table_code else get_client_username(request, credentials) or "",
        "table_code": table_code,
        "cooloff_timedelta": get_cool_off(request),
    }
    return render(
        request,
        settings.AXES_LOCKOUT_TEMPLATE,
        context,
        status=settings.AXES_HTTP_RESPONSE_CODE,
    )
