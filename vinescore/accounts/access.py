"""Who may see and change what: the one place the view layer asks.

A member's memberships are read once a request (one query). A group they are
not in is 404, never 403 (which would say it exists); a viewer's change is
refused with a sentence (403). A guest with a table link may score that
table's games (TableLink.games): sheets, hands, change logs, and nothing else
of the group. Each request checks the link with the game (GameQuerySet.
visible_to, the one statement of who sees what); an ended one gets 410.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.utils.translation import gettext, gettext_noop

from . import sessions
from .models import Group, Membership

CURRENT = "group"  # the session's key for the group the lists show
TABLE = "table"  # the session's key for {game pk: table link pk} a guest may score
GUEST_NAMES = "guest_as"  # the session's key for {table link pk: the seat's name chosen}
GUEST = "guest"  # the role of a guest at the table, in their game only
WATCH = "watch"  # the role of a spectator, through a spectator link
MOST_TABLES = 10  # a guest's session remembers this many table links

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
            groups = sessions.groups_read_with(request)
            if groups is None:
                memberships = Membership.objects.filter(user=request.user).select_related("group")
                groups = [(membership.group, membership.role) for membership in memberships]
            for group, role in groups:
                found[group.pk] = Place(group, role)
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


# Whether the table links a phone holds (their pks) open a game (its pk).
LinksOpen = Callable[[frozenset[int], int], bool]


def guests_may_open(opens: LinksOpen) -> Callable:
    """A decorator marking a view as a page a guest at the table may open,
    for their game only; `opens` is asked of a game not yet opened through
    the links (one the table went on to). The room that serves the page and
    holds the links marks its own views, as login_not_required does."""

    def mark(view):
        view.guests_opened_by = opens
        return view

    return mark


def opened_by(view) -> LinksOpen | None:
    """What says whether a guest's links open a game, on a page a guest may
    open (None on any other)."""
    return getattr(view, "guests_opened_by", None)


def tables(request: HttpRequest) -> dict[str, int]:
    """{game pk: table link pk} of the games this phone opened as a guest."""
    return request.session.get(TABLE, {})


def seat_guest(request: HttpRequest, link_pk: int, game_id: int) -> None:
    """This phone may score the game through the link from now on (while
    the link is good), and every game the table goes on to with it."""
    held = {k: v for k, v in tables(request).items() if k != str(game_id)}
    held[str(game_id)] = link_pk
    request.session[TABLE] = dict(list(held.items())[-MOST_TABLES:])


def guest_may_open(request: HttpRequest, view, kwargs: dict) -> bool:
    """Whether this page is of a game this phone holds a table link to, or one its
    table went on to (the link's validity is checked with the game)."""
    opens = opened_by(view)
    if opens is None or not tables(request):
        return False
    pk = str(kwargs.get("pk"))
    if pk in tables(request):
        return True
    return pk.isdigit() and opens(frozenset(tables(request).values()), int(pk))


@dataclass(frozen=True)
class Visitor:
    """Who is asking, as Game.objects.visible_to reads it: the signed-in
    person (`user_id`, or just their session's key when the person is not
    read: the poll's look), the table links their phone holds (on a page a
    guest may open), or a spectator link's number."""

    user_id: int | None = None
    session_key: str = ""
    tables: frozenset[int] = frozenset()
    spectator: int | None = None
    # The visitor read in full, when the cookie's session alone finds nothing.
    fuller: Callable[[], Visitor] | None = field(default=None, compare=False, repr=False)

    @property
    def nobody(self) -> bool:
        """Nothing to let them in by: they see no game."""
        named = self.user_id is not None or self.session_key or self.spectator is not None
        return not named and not self.tables


def visitor(request: HttpRequest) -> Visitor:
    """The visitor a request carries: the signed-in person, and on a page a
    guest may open, the table links this phone holds."""
    user = request.user
    match = request.resolver_match
    guest_page = match is not None and opened_by(match.func) is not None
    return Visitor(
        user_id=user.pk if user.is_authenticated else None,
        tables=frozenset(tables(request).values()) if guest_page else frozenset(),
    )


def looking(request: HttpRequest) -> Visitor:
    """The visitor named by the session cookie alone (a member's look is one query),
    read in full only when that finds nothing: a guest's table links, or no one."""
    key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")

    def fuller() -> Visitor:
        # The person still named through the session's row, never a person
        # read earlier in a long request: a stream outlives a sign-out.
        return replace(visitor(request), user_id=None, session_key=key)

    return Visitor(session_key=key, fuller=fuller)


def admit(request: HttpRequest, game, *, write: bool = False) -> Place:
    """This visitor's place at a game read through visible_to; 403 for a viewer
    with `write`. A guest holds the link for this game from now on."""
    role = game.visitor_role
    if role == GUEST:
        # A guest sees only the group's number: its name and the rest are not theirs.
        found = Place(Group(pk=game.group_id), GUEST)
        guests = getattr(request, "_guest_games", {})
        request._guest_games = {**guests, game.pk: game.table_link}
        if str(game.pk) not in tables(request):
            seat_guest(request, game.table_link, game.pk)
    else:
        found = Place(game.group, role)
    if write and not (found.can_write or found.is_guest):
        raise PermissionDenied(gettext(VIEWER_REFUSED).format(group=found.group.name))
    return found


def look_again(request: HttpRequest) -> None:
    """Forgets what this request learned of its visitor (their groups, the
    games it let them into as a guest), so that the next question reads it
    afresh: for a request that lives all evening, as a stream does."""
    for name in ("_places", "_guest_games"):
        vars(request).pop(name, None)
    sessions.forget_groups(request)


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
