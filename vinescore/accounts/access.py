"""Who may see and change what: the one place the view layer asks.

A signed-in person's memberships are read once per request (one query,
with their groups' names for the group switcher). A group they are not in
does not exist for them (404, never 403, which would say it does); a viewer
who tries to change something is refused with a sentence (403).

A guest at the table (a table link, no account) may score one game: its
sheet and live sheet, its hands (enter, edit, delete, restore) and its
change log, and nothing else of the group: no other game, no players,
history, records, invitations or other phones' links, and not the game's
note, end, reopening or rematch, which are for the group's members. Their
session holds the games they may score (visiting the link puts it there);
each request checks the link is still good, and one that has ended is
refused with a page that says why (410).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.utils.translation import gettext, gettext_noop

from .models import Group, Membership, TableLink

CURRENT = "group"  # the session's key for the group the lists show
TABLE = "table"  # the session's key for {game pk: table link pk} a guest may score
GUEST = "guest"  # the role of a guest at the table, in their game only
MOST_TABLES = 10  # a guest's session remembers this many table links

# The pages (by URL name) a guest at the table may open, for their game only.
GUEST_PAGES = frozenset(
    {
        "game",
        "game_live",
        "game_stream",
        "join_short",
        "hand_add",
        "hand_edit",
        "hand_delete",
        "hand_restore",
        "change_log",
    }
)

VIEWER_REFUSED = gettext_noop(
    "You are a viewer in {group}: you can see its games but not change them. "
    "Ask its owner to make you a member."
)


class TableLinkEnded(Exception):
    """A guest's table link no longer works; the message says why."""

    def __init__(self, reason: str, game_id: int):
        super().__init__(reason)
        self.game_id = game_id


class NoGroup(Exception):
    """A signed-in person in no group at all (accounts.middleware sends them
    to their account page, where they can start one)."""


@dataclass(frozen=True)
class Place:
    """A group as one person sees it. A guest at the table sees only the
    group's number (its name, members and the rest are not theirs)."""

    group: Group
    role: str

    @property
    def can_write(self) -> bool:
        return self.role in Membership.WRITERS

    @property
    def is_owner(self) -> bool:
        return self.role == Membership.OWNER

    @property
    def role_name(self) -> str:
        return str(Membership.NAMES.get(self.role, self.role))

    @property
    def is_guest(self) -> bool:
        return self.role == GUEST

    @property
    def who(self) -> str:
        """What the score sheet shows this visitor: "write", "guest" or "read"."""
        return GUEST if self.is_guest else "write" if self.can_write else "read"


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
        raise Http404(gettext("No such page."))
    if write and not found.can_write:
        raise PermissionDenied(gettext(VIEWER_REFUSED).format(group=found.group.name))
    return found


def current(request: HttpRequest, *, write: bool = False) -> Place:
    """The group the lists show: the one last switched to, else the first."""
    mine = places(request)
    if not mine:
        raise NoGroup
    chosen = request.session.get(CURRENT)
    found = mine.get(chosen) or next(iter(mine.values()))
    if write and not found.can_write:
        raise PermissionDenied(gettext(VIEWER_REFUSED).format(group=found.group.name))
    return found


def switch(request: HttpRequest, group_id: int) -> Place:
    found = place(request, group_id)
    request.session[CURRENT] = group_id
    return found


# --- guests at the table -------------------------------------------------------


def tables(request: HttpRequest) -> dict[str, int]:
    return request.session.get(TABLE, {})


def seat_guest(request: HttpRequest, link: TableLink) -> None:
    """This phone may score the link's game from now on (while the link is good)."""
    held = {k: v for k, v in tables(request).items() if k != str(link.game_id)}
    held[str(link.game_id)] = link.pk
    request.session[TABLE] = dict(list(held.items())[-MOST_TABLES:])


def guest_may_open(request: HttpRequest, kwargs: dict) -> bool:
    """Whether this page is one of a game this phone holds a table link to
    (the link itself is checked when the game is loaded)."""
    match = request.resolver_match
    return (
        match is not None
        and match.url_name in GUEST_PAGES
        and str(kwargs.get("pk")) in tables(request)
    )


def game_place(request: HttpRequest, game_id: int, group_id: int, *, write: bool = False) -> Place:
    """This visitor's place in a game's group: a member's, a viewer's, or a
    guest's through a good table link on a page a guest may open (a viewer
    who scanned the table link scores as a guest); 404 for anyone else, 403
    for a viewer with `write`, TableLinkEnded for a guest whose link has
    ended. A guest let in once is not asked again within the request (the
    hand that ends the game is still shown to its scorer)."""
    found = places(request).get(group_id)
    if found is None or not found.can_write:
        guests = getattr(request, "_guest_games", set())
        if game_id in guests or guest_link(request, game_id) is not None:
            found = Place(found.group if found else Group(pk=group_id), GUEST)
            request._guest_games = {*guests, game_id}
    if found is None:
        raise Http404(gettext("No such page."))
    if write and not (found.can_write or found.is_guest):
        raise PermissionDenied(gettext(VIEWER_REFUSED).format(group=found.group.name))
    return found


def by_guest(request: HttpRequest, game_id: int) -> bool:
    """Whether this request changes the game as a guest at the table (the
    change log says so)."""
    return game_id in getattr(request, "_guest_games", ())


def guest_link(request: HttpRequest, game_id: int) -> TableLink | None:
    match = request.resolver_match
    number = tables(request).get(str(game_id))
    if number is None or match is None or match.url_name not in GUEST_PAGES:
        return None
    link = (
        TableLink.objects.filter(pk=number, game_id=game_id)
        .values_list("pk", "revoked_at", "created_at", "game__finished_at")
        .first()
    )
    if link is None:
        return None
    pk, revoked_at, created_at, finished_at = link
    found = TableLink(pk=pk, game_id=game_id, revoked_at=revoked_at, created_at=created_at)
    reason = found.refusal(game_finished=finished_at is not None)
    if reason:
        raise TableLinkEnded(reason, game_id)
    return found


def guest_version(request: HttpRequest, game_id: int) -> int | None:
    """The version of a game this phone scores as a guest, in one query that
    is also the check that its table link is still good (for the live
    sheet's idle check); None when it is not."""
    number = tables(request).get(str(game_id))
    if number is None:
        return None
    return (
        TableLink.objects.filter(
            pk=number,
            game_id=game_id,
            revoked_at__isnull=True,
            created_at__gt=TableLink.cutoff(),
            game__finished_at__isnull=True,
        )
        .values_list("game__version", flat=True)
        .first()
    )
