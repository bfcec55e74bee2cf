"""Who may see and change what: the one place the view layer asks.

A signed-in person's memberships are read once per request (one query,
with their groups' names for the group switcher). A group they are not in
does not exist for them (404, never 403, which would say it does); a viewer
who tries to change something is refused with a sentence (403).

A guest at the table (a table link, no account) may score the games of
that table: the one the link was made for and each rematch started from it
(TableLink.games). Their sheets and live sheets, their hands (enter, edit,
delete, restore; a finished game's through Reopen) and change logs, and
nothing else of the group: no other game, no players, history, records,
invitations or other phones' links, and not a game's note, end, playing on
or rematch, which are for the group's members. Their session holds the
table links they opened; each request checks the link is still good
(table_look, the one read of that rule), and one that has ended is refused
with a page that says why (410).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db.models import CharField, OuterRef, Subquery, Value
from django.http import Http404, HttpRequest
from django.utils.translation import gettext, gettext_noop

from .models import Group, Membership, TableLink

CURRENT = "group"  # the session's key for the group the lists show
TABLE = "table"  # the session's key for {game pk: table link pk} a guest may score
GUEST_NAMES = "guest_as"  # the session's key for {table link pk: the seat's name chosen}
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
        "game_next",
        "game_reopen",
        "guest_who",
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
    """{game pk: table link pk} of the games this phone opened as a guest."""
    return request.session.get(TABLE, {})


def seat_guest(request: HttpRequest, link_pk: int, game_id: int) -> None:
    """This phone may score the game through the link from now on (while
    the link is good), and every game the table goes on to with it."""
    held = {k: v for k, v in tables(request).items() if k != str(game_id)}
    held[str(game_id)] = link_pk
    request.session[TABLE] = dict(list(held.items())[-MOST_TABLES:])


def guest_may_open(request: HttpRequest, kwargs: dict) -> bool:
    """Whether this page is one of a game this phone holds a table link to
    (the link itself is checked when the game is loaded): a game it opened,
    or one its table went on to since (a rematch)."""
    match = request.resolver_match
    if match is None or match.url_name not in GUEST_PAGES or not tables(request):
        return False
    pk = str(kwargs.get("pk"))
    return pk in tables(request) or (pk.isdigit() and table_look(request, int(pk)) is not None)


def role_in_game_group(request: HttpRequest) -> Subquery | Value:
    """The visitor's role in a game's group, as a column of the game's own
    query (a change reads it with the lock instead of their groups)."""
    if not request.user.is_authenticated:
        return Value(None, output_field=CharField())
    mine = Membership.objects.filter(group=OuterRef("group_id"), user_id=request.user.pk)
    return Subquery(mine.values("role")[:1])


UNREAD = object()  # game_place: the visitor's role was not read with the game


def game_place(
    request: HttpRequest,
    game_id: int,
    group_id: int,
    *,
    write: bool = False,
    role: str | None | object = UNREAD,
    group: Group | None = None,
) -> Place:
    """This visitor's place in a game's group: a member's, a viewer's, or a
    guest's through a good table link on a page a guest may open (a viewer
    who scanned the table link scores as a guest while it is good, and is a
    viewer again once it ends); 404 for anyone else, 403 for a viewer with
    `write`, TableLinkEnded for a guest (no role) whose link has ended. A
    guest let in once is not asked again within the request (the hand that
    ends the game is still shown to its scorer). `role` and `group`: the
    visitor's role in the game's group (None for none) and the group, when
    they were read with the game (role_in_game_group)."""
    if role is UNREAD or group is None:
        found = places(request).get(group_id)
    else:
        found = Place(group, role) if role else None
    if found is None or not found.can_write:
        guests = getattr(request, "_guest_games", {})
        link = guests.get(game_id) or guest_link(request, game_id, role=found is not None)
        if link is not None:
            found = Place(found.group if found else Group(pk=group_id), GUEST)
            request._guest_games = {**guests, game_id: link}
    if found is None:
        raise Http404(gettext("No such page."))
    if write and not (found.can_write or found.is_guest):
        raise PermissionDenied(gettext(VIEWER_REFUSED).format(group=found.group.name))
    return found


def by_guest(request: HttpRequest, game_id: int) -> bool:
    """Whether this request changes the game as a guest at the table (the
    change log says so)."""
    return game_id in getattr(request, "_guest_games", ())


def guest_name(request: HttpRequest, game_id: int) -> str:
    """The seat's name this guest's phone answered "Who are you?" with
    ("" for none, or just watching)."""
    link = getattr(request, "_guest_games", {}).get(game_id)
    return request.session.get(GUEST_NAMES, {}).get(str(link), "") if link else ""


def has_answered(request: HttpRequest, game_id: int) -> bool:
    """Whether this guest's phone said who it is (or that it just watches)."""
    link = getattr(request, "_guest_games", {}).get(game_id)
    return link is not None and str(link) in request.session.get(GUEST_NAMES, {})


def answer_who(request: HttpRequest, game_id: int, name: str) -> None:
    """Who this guest's phone is, for every game of its table link."""
    link = request._guest_games[game_id]
    request.session[GUEST_NAMES] = {**request.session.get(GUEST_NAMES, {}), str(link): name}


def table_look(request: HttpRequest, game_id: int) -> tuple[TableLink, int, bool] | None:
    """The table link this phone holds to the game (a good one if it holds
    several), the game's version and whether the game was deleted, in one
    query; None when it holds none. The one read of the table-link rule, for
    pages, POSTs, the poll and the stream (TableLink.refusal says whether
    the link is still good)."""
    held = set(tables(request).values())
    if not held:
        return None
    rows = (
        TableLink.games.through.objects.filter(tablelink_id__in=held, game_id=game_id)
        .order_by("-tablelink__created_at")
        .values_list(
            "tablelink_id",
            "tablelink__game_id",
            "tablelink__revoked_at",
            "tablelink__created_at",
            "game__version",
            "game__deleted_at",
        )
    )
    rows = list(rows)
    if not rows:
        return None
    links = [
        TableLink(pk=pk, game_id=first_game, revoked_at=revoked_at, created_at=created_at)
        for pk, first_game, revoked_at, created_at, _version, _deleted in rows
    ]
    version, deleted = rows[0][4], rows[0][5] is not None
    good = [link for link in links if not link.refusal()]
    return (good or links)[0], version, deleted


def guest_link(request: HttpRequest, game_id: int, *, role: bool = False) -> int | None:
    """The table link (its pk) that lets this phone in as a guest on this
    page, if any; TableLinkEnded when it has ended, unless the visitor has a
    role in the group (`role`: a viewer), whose role then answers."""
    match = request.resolver_match
    if match is None or match.url_name not in GUEST_PAGES:
        return None
    look = table_look(request, game_id)
    if look is None:
        return None
    link = look[0]
    reason = link.refusal()
    if reason:
        if role:
            return None
        raise TableLinkEnded(reason, game_id)
    if str(game_id) not in tables(request):  # a game the table went on to
        seat_guest(request, link.pk, game_id)
    return link.pk


def guest_version(request: HttpRequest, game_id: int) -> int | None:
    """The version of a game this phone scores as a guest, in one query that
    is also the check that its table link is still good (for the live
    sheet's idle check); None when it is not, or the game was deleted."""
    look = table_look(request, game_id)
    if look is None:
        return None
    link, version, deleted = look
    return None if deleted or link.refusal() else version
