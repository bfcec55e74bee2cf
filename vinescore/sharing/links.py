"""The address of a link handed to other phones, and its QR code.

SITE_URL when set; else the address this page was opened with, unless it
names this machine only to itself (127.0.0.1, localhost), then its address on
the local network. Unknown, it is "" and the page says so: never a link to
127.0.0.1 on another phone's screen. With LOCAL_ONLY no other phone can reach
this machine at all: the page says that is why, and hands out the link as this
machine opens it, with no code for another phone to scan.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django.utils.safestring import SafeString
from django.utils.translation import gettext, gettext_noop

from vinescore.sharing import lan
from vinescore.sharing.qr import qr_svg

NOWHERE = gettext_noop(
    "No address other phones can open is known: this page was opened as {host}, a name "
    "only this machine answers to, and it has no address on a local network."
)
HERE_ONLY = gettext_noop(
    "This vinescore serves this machine only (LOCAL_ONLY is set): no other phone can open its "
    "links. The link below opens here, on this machine."
)

# What templates/_share.html calls the links it hands out (`what`): it
# translates them as it shows them.
KINDS = (
    gettext_noop("table link"),
    gettext_noop("short link"),
    gettext_noop("spectator link"),
    gettext_noop("invitation link"),
    gettext_noop("big-screen link"),
)


def shared_address(request: HttpRequest, path: str) -> str:
    """Where another phone opens `path` ("" when no such address is known)."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    host = request.get_host()
    if lan.is_loopback(host):
        if not settings.LAN_ADDRESSES:
            return ""
        port = host.rsplit("]", 1)[-1].rpartition(":")[2] if ":" in host else ""
        host = settings.LAN_ADDRESSES[0] + (f":{port}" if port else "")
    return f"{request.scheme}://{host}{path}"


@dataclass(frozen=True)
class Shared:
    """A link as a page hands it out: its address, its QR code, and what to
    say instead of the code when no other phone can open it (then the
    address is this machine's own, or "" when not even that is known)."""

    address: str
    qr: SafeString | str
    nowhere: str


def shared(request: HttpRequest, path: str) -> Shared:
    address = shared_address(request, path)
    if address:
        return Shared(address, qr_svg(address), "")
    if settings.LOCAL_ONLY:
        here = f"{request.scheme}://{request.get_host()}{path}"
        return Shared(here, "", gettext(HERE_ONLY))
    return Shared("", "", gettext(NOWHERE).format(host=request.get_host()))
