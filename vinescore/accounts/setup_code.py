"""The one-time setup code: the first visit creates the owner, so from any
machine but the server itself it asks for the code `make run` printed
(`manage.py announce_table` writes it to SETUP_CODE_FILE). The machine
itself needs none. A code is dead once the owner exists (the file is
removed) and each start writes a new one."""

from __future__ import annotations

import ipaddress
import secrets
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare

# The name django-axes counts wrong codes under, as it counts wrong
# passwords under an account's name.
AXES_NAME = "(setup code)"
PROXY_HEADERS = ("X-Forwarded-For", "X-Forwarded-Host", "X-Real-Ip", "Forwarded")


def path() -> Path:
    return Path(settings.SETUP_CODE_FILE)


def new() -> str:
    """A fresh code, kept where the server reads it: eight digits, easy to
    type on a phone."""
    digits = f"{secrets.randbelow(10**8):08d}"
    code = f"{digits[:4]}-{digits[4:]}"
    path().write_text(code + "\n")
    path().chmod(0o600)
    return code


def forget() -> None:
    path().unlink(missing_ok=True)


def current() -> str:
    try:
        return path().read_text().strip()
    except FileNotFoundError:
        return ""


def plain(code: str) -> str:
    return "".join(c for c in code if c.isdigit())


def matches(typed: str) -> bool:
    kept = current()
    return bool(kept) and constant_time_compare(plain(typed), plain(kept))


def from_the_server_itself(request: HttpRequest) -> bool:
    """Whether the visitor is this machine: a loopback peer, not passing
    on a request from elsewhere (a proxy on this machine says who it is for)."""
    if any(header in request.headers for header in PROXY_HEADERS):
        return False
    try:
        return ipaddress.ip_address(request.META.get("REMOTE_ADDR", "")).is_loopback
    except ValueError:
        return False
