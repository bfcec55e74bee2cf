"""Who may see and change what: the one place the view layer asks.

A signed-in person's memberships are read once per request (one query,
with their groups' names for the group switcher). A group they are not in
does not exist for them (404, never 403, which would say it does); a viewer
who tries to change something is refused with a sentence (403).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import SESSION_KEY
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest

from .models import Group, Membership

CURRENT = "group"  # the session's key for the group the lists show

VIEWER_REFUSED = (
    "You are a viewer in {group}: you can see its games but not change them. "
    "Ask its owner to make you a member."
)


class NoGroup(Exception):
    """A signed-in person in no group at all (accounts.middleware sends them
    to their account page, where they can start one)."""


@dataclass(frozen=True)
class Place:
    """A group as one person sees it."""

    group: Group
    role: str

    @property
    def can_write(self) -> bool:
        return self.role in Membership.WRITERS

    @property
    def is_owner(self) -> bool:
        return self.role == Membership.OWNER


def places(request: HttpRequest) -> dict[int, Place]:
    """The signed-in person's groups by id, read once per request."""
    if not hasattr(request, "_places"):
        found: dict[int, Place] = {}
        if request.user.is_authenticated:
            for membership in Membership.objects.filter(user=request.user).select_related("group"):
                found[membership.group_id] = Place(membership.group, membership.role)
        request._places = found
    return request._places


def place(request: HttpRequest, group_id: int | None, *, write: bool = False) -> Place:
    """This person's place in the group, or 404 when they have none; with
    `write`, 403 for a viewer."""
    found = places(request).get(group_id) if group_id is not None else None
    if found is None:
        raise Http404("No such page.")
    if write and not found.can_write:
        raise PermissionDenied(VIEWER_REFUSED.format(group=found.group.name))
    return found


def current(request: HttpRequest, *, write: bool = False) -> Place:
    """The group the lists show: the one last switched to, else the first."""
    mine = places(request)
    if not mine:
        raise NoGroup
    chosen = request.session.get(CURRENT)
    found = mine.get(chosen) or next(iter(mine.values()))
    if write and not found.can_write:
        raise PermissionDenied(VIEWER_REFUSED.format(group=found.group.name))
    return found


def switch(request: HttpRequest, group_id: int) -> Place:
    found = place(request, group_id)
    request.session[CURRENT] = group_id
    return found


def session_user_id(request: HttpRequest) -> str | None:
    """The signed-in person's id straight from the (signed cookie) session,
    without loading them: for the live sheet's idle check, whose single
    query asks for their membership itself. Anything it shows beyond "not
    changed" loads and checks the person fully."""
    return request.session.get(SESSION_KEY)
