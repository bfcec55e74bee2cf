"""Every URL pattern, as an owner, a member and a viewer of a group, someone
in another group, someone not signed in, and a guest at the table (someone
not signed in who opened the game's table link). A new view must say here
what each of them gets, or this test fails: no page can forget its check.

Each pattern is tried in a world of its own; within it, those refused go
first, and each visitor who may change something changes what only they
would (see World.post_data), so that one visitor's change does not decide
what the next one gets."""

from __future__ import annotations

import itertools
from datetime import timedelta
from http.cookies import SimpleCookie

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from tests.factories import make_game, make_member, make_player, make_user
from tests.phone import Phone
from vinescore.accounts.models import Group, Invitation, Membership
from vinescore.club import rounds
from vinescore.club.models import Entrant, Event
from vinescore.records.models import ImportJob
from vinescore.table.links import SpectatorLink, TableLink
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db

ROLES = ("owner", "member", "viewer", "outsider", "anonymous", "guest")
IN_TURN = ("anonymous", "guest", "viewer", "member", "owner", "outsider")
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
worlds = itertools.count()


class World:
    """A group with its owner, member and viewer, a game with a hand, a
    player, an open invitation, a spectator link and a table link; and
    another group, whose owner is the outsider."""

    def __init__(self):
        n = next(worlds)
        self.users = {}

        self.users["owner"] = make_user(f"owner{n}")
        self.group = Group.objects.start(f"Game night {n}", self.users["owner"])
        for role in (Membership.MEMBER, Membership.VIEWER):
            self.users[role] = make_member(f"{role}{n}", role, self.group)
        self.users["outsider"] = make_user(f"outsider{n}")
        Group.objects.start(f"Elsewhere {n}", self.users["outsider"])
        self.game = make_game(hands=[EXACT_BEN], group=self.group)
        self.hand = self.game.hands.get()
        self.ana, self.ben = (self.game.seats.get(position=i).player for i in (0, 1))
        self.spare = make_player(f"Spare {n}", self.group)
        self.invitation = Invitation.objects.create(group=self.group, role=Membership.MEMBER)
        self.link = SpectatorLink.objects.create(game=self.game)
        self.table = TableLink.objects.create(game=self.game)
        self.job = ImportJob.objects.create(group=self.group, file_name="games.json", size=1)
        # A club night of the group's four players, its first round drawn.
        self.event = Event.objects.create(
            group=self.group, name=f"Club night {n}", kind="coralon", rounds=2, hands_a_round=4
        )
        for seat in self.game.seats.all():
            Entrant.objects.create(event=self.event, player=seat.player)
        rounds.next_round(self.event.pk, 1, self.users["owner"])
        self.event.refresh_from_db()
        self.entrant = self.event.entrants.first()
        self.table_game = Game.objects.get(event_table__round__event=self.event)

    def phones(self) -> tuple[Phone, dict[str, SimpleCookie]]:
        """One phone, and each visitor's cookies to put in it (a phone
        apiece would load the middleware apiece)."""
        phone = Phone(user=None)
        jars = {}
        for role in ROLES:
            phone.cookies = SimpleCookie()
            if role == "guest":
                assert phone.get(reverse("table_link", args=[self.table.code])).status_code == 302
            elif role != "anonymous":
                phone.force_login(self.users[role])
            jars[role] = phone.cookies
        return phone, jars

    def kwargs(self, name: str) -> dict:
        game, group = self.game.pk, self.group.pk
        owner = self.group.memberships.get(role=Membership.OWNER).pk
        return {
            "import_job": {"pk": self.job.pk},
            "player_detail": {"pk": self.ana.pk},
            "head_to_head": {"pk": self.ana.pk, "other_pk": self.ben.pk},
            "player_rename": {"pk": self.ana.pk},
            "player_merge": {"pk": self.ana.pk},
            "player_me": {"pk": self.ana.pk},
            "game_start": {"kind": "coralon"},
            "history_what_if": {"kind": "coralon"},
            "rules_page": {"key": "coralon"},
            "hand_edit": {"pk": game, "hand_pk": self.hand.pk},
            "hand_delete": {"pk": game, "hand_pk": self.hand.pk},
            "hand_restore": {"pk": game, "hand_pk": self.hand.pk},
            "hand_confirm": {"pk": game, "hand_pk": self.hand.pk},
            "watch_link_revoke": {"pk": game, "link_pk": self.link.pk},
            "table_link_revoke": {"pk": game, "link_pk": self.table.pk},
            "table_link": {"code": self.table.code},
            "watch": {"token": self.link.token},
            "watch_live": {"token": self.link.token},
            "watch_stream": {"token": self.link.token},
            "invitation": {"token": self.invitation.token},
            "invitation_revoke": {"pk": group, "invitation_pk": self.invitation.pk},
            "member_role": {"pk": group, "membership_pk": owner},
            "member_remove": {"pk": group, "membership_pk": owner},
            "password_reset_confirm": {"uidb64": "MQ", "token": "set-password"},
            "event_start": {"kind": "coralon"},
            "event_leave": {"pk": self.event.pk, "entrant_pk": self.entrant.pk},
            "event_round": {"pk": self.event.pk, "number": 1},
            "event_screen": {"token": self.event.screen_token},
            "event_screen_live": {"token": self.event.screen_token},
            "event_screen_stream": {"token": self.event.screen_token},
            "game_event": {"pk": self.table_game.pk},
        }.get(name) or self.default_kwargs(name)

    def default_kwargs(self, name: str) -> dict:
        if name.startswith("event"):
            return {"pk": self.event.pk}
        if name.startswith(("group_", "invitation_")):
            return {"pk": self.group.pk}
        return {"pk": self.game.pk}

    def post_data(self, name: str, role: str) -> dict:
        return {
            "group_switch": {"group": self.group.pk},
            "player_list": {"name": f"Zed the {role}"},
            # the member says Ana is them; the owner, after, unlinks her
            "player_me": {"link": "no" if role == "owner" else "yes"},
        }.get(name, {})


# What each visitor gets: (owner, member, viewer, outsider, anonymous), for
# a GET and for a POST (None: the view takes no POST, so not tried).
LOGIN = "login"  # a redirect to the sign-in page
ALL_200 = (200, 200, 200, 200, 200)
READ = (200, 200, 200, 404, LOGIN)
WRITE_PAGE = (200, 200, 403, 404, LOGIN)
POST_ONLY = (405, 405, 405, 405, LOGIN)
WRITE_POST = (302, 302, 403, 404, LOGIN)
INVALID_POST = (422, 422, 403, 404, LOGIN)
OWNER_POST = (302, 403, 403, 404, LOGIN)
SIGNED_IN = (200, 200, 200, 200, LOGIN)

EXPECTED: dict[str, tuple[tuple, tuple | None]] = {
    # accounts and groups
    # there is an owner already: the page is gone, its form is told so
    "first_visit": ((404,) * 5, (409,) * 5),
    "login": ((302, 302, 302, 302, 200), (302, 302, 302, 302, 422)),
    "logout": ((405, 405, 405, 405, LOGIN), (LOGIN,) * 5),
    "sign_up": ((404,) * 5, (404,) * 5),  # closed: new accounts come by invitation
    "account": (SIGNED_IN, None),
    "password_change": (SIGNED_IN, (422, 422, 422, 422, LOGIN)),
    "password_change_done": (SIGNED_IN, None),
    "password_reset": (ALL_200, (422,) * 5),
    "password_reset_done": (ALL_200, None),
    "password_reset_confirm": ((410,) * 5, None),  # a made-up link
    "password_reset_complete": (ALL_200, None),
    "group_new": (POST_ONLY, (422, 422, 422, 422, LOGIN)),
    "group_switch": (POST_ONLY, (302, 302, 302, 404, LOGIN)),
    "group_detail": (READ, None),
    "group_delete": ((200, 403, 403, 404, LOGIN), (422, 403, 403, 404, LOGIN)),
    "invitation_new": (POST_ONLY, (422, 403, 403, 404, LOGIN)),
    "invitation_revoke": (POST_ONLY, OWNER_POST),
    "member_role": (POST_ONLY, (422, 403, 403, 404, LOGIN)),
    # the only owner cannot leave
    "member_remove": (POST_ONLY, (409, 403, 403, 404, LOGIN)),
    # those in the group already are told so; the outsider joins
    "invitation": (ALL_200, (409, 409, 409, 302, 422)),
    # lists: each person's own group
    "game_list": (SIGNED_IN, None),
    "games": ((301, 301, 301, 301, LOGIN), None),  # /games/ is the games list, at /
    "history": (SIGNED_IN, None),
    "ratings": (SIGNED_IN, None),
    "history_what_if": (SIGNED_IN, None),  # each person's own group's games of the kind
    "player_list": (SIGNED_IN, (302, 302, 403, 302, LOGIN)),
    "game_new": ((200, 200, 403, 200, LOGIN), None),
    "game_start": ((200, 200, 403, 200, LOGIN), (422, 422, 403, 422, LOGIN)),
    "all_games_json": (SIGNED_IN, None),
    "all_plays_bgstats": (SIGNED_IN, None),
    "all_plays_bgsplay": (SIGNED_IN, None),
    "upload_games": ((200, 200, 403, 200, LOGIN), (422, 422, 403, 422, LOGIN)),
    # an import's progress: for those who may change the group it imports into
    "import_job": (WRITE_PAGE, None),
    # players
    "player_detail": (READ, None),
    "head_to_head": (READ, None),
    "player_rename": (WRITE_PAGE, INVALID_POST),
    "player_merge": (WRITE_PAGE, INVALID_POST),
    "player_me": (POST_ONLY, WRITE_POST),
    # a game
    "game": (READ, None),
    "game_live": ((302, 302, 302, 404, 404), None),  # the poll; opened directly, the sheet
    # the live sheet pushed; 204 (go on polling) from a server that cannot hold a stream
    "game_stream": ((204, 204, 204, 404, 404), None),
    "game_join": (READ, None),
    "join_short": ((302, 302, 302, 404, LOGIN), None),
    "watch_link_new": (POST_ONLY, WRITE_POST),
    "watch_link_revoke": (POST_ONLY, WRITE_POST),
    "table_link_new": (POST_ONLY, WRITE_POST),
    "table_link_revoke": (POST_ONLY, WRITE_POST),
    "hand_add": (POST_ONLY, INVALID_POST),
    "hand_edit": (WRITE_PAGE, INVALID_POST),
    "hand_delete": (WRITE_PAGE, WRITE_POST),
    "hand_restore": (POST_ONLY, WRITE_POST),
    # this game does not confirm its hands: none waits
    "hand_confirm": (POST_ONLY, (404, 404, 403, 404, LOGIN)),
    "change_log": (READ, None),
    "game_what_if": ((404, 404, 404, 404, LOGIN), None),  # not finished: no what-if yet
    "game_json": (READ, None),
    "game_csv": (READ, None),
    "game_reopen": ((302, 302, 403, 404, LOGIN), WRITE_POST),  # not finished: the sheet
    # a game that ends at its target has no confirmation to end it: the sheet
    "game_end_session": ((302, 302, 403, 404, LOGIN), WRITE_POST),
    "game_rematch": (POST_ONLY, WRITE_POST),
    # where the table went on from the game: none was started from it yet
    "game_next": ((404, 404, 404, 404, LOGIN), None),
    # "Who are you?": a guest's phone answers it; anyone else's is sent to the sheet
    "guest_who": (POST_ONLY, WRITE_POST),
    "game_note": (POST_ONLY, WRITE_POST),
    "game_seats": (WRITE_PAGE, INVALID_POST),
    # the member deletes the game; the owner, after, is told it is deleted already
    "game_delete": (WRITE_PAGE, (409, 302, 403, 404, LOGIN)),
    "game_restore": (POST_ONLY, WRITE_POST),  # not deleted: the sheet
    # an owner's own group's deleted games (the outsider owns theirs)
    "deleted_games": ((200, 403, 403, 200, LOGIN), None),
    # open to anyone: a spectator link, the rules, the record format, health
    "watch": (ALL_200, None),
    "watch_live": ((302,) * 5, None),
    "watch_stream": ((204,) * 5, None),
    # a table link: members open the sheet; anyone else becomes a guest at the table
    "table_link": ((302,) * 5, None),
    "up": (ALL_200, None),
    "manifest": (ALL_200, None),
    "service_worker": (ALL_200, None),
    "record_format": (ALL_200, None),
    "record_schema": (ALL_200, None),
    "rules_index": (ALL_200, None),
    "rules_glossary": (ALL_200, None),
    "rules_deck": (ALL_200, None),
    "rules_search": (ALL_200, None),
    "rules_page": (ALL_200, None),
    # the language switch: one tap for anyone, back to the page it was on
    "set_language": ((405,) * 5, (302,) * 5),
    # club nights: each person's own group's; the group's members read an
    # event, those who may write organise it
    "event_list": (SIGNED_IN, None),
    "event_season": (SIGNED_IN, None),
    "event_new": ((200, 200, 403, 200, LOGIN), None),
    "event_start": ((200, 200, 403, 200, LOGIN), (422, 422, 403, 422, LOGIN)),
    "event": (READ, None),
    "event_round": (READ, None),
    # no round named: told so; a swap from no version: the round as it is
    "event_draw": (POST_ONLY, (400, 400, 403, 404, LOGIN)),
    "event_swap": (POST_ONLY, (409, 409, 403, 404, LOGIN)),
    "event_join": (POST_ONLY, (422, 422, 403, 404, LOGIN)),
    "event_leave": (POST_ONLY, WRITE_POST),
    "event_finish": (POST_ONLY, WRITE_POST),
    "event_screen_link": (WRITE_PAGE, None),
    "event_screen_renew": (POST_ONLY, WRITE_POST),
    # a club table's sheet to its event's screen, for whoever sees the game
    "game_event": ((302, 302, 302, 404, LOGIN), None),
    # the big screen: open to anyone with its link, read only
    "event_screen": (ALL_200, None),
    "event_screen_live": (ALL_200, None),
    "event_screen_stream": ((204,) * 5, None),
}


# What a guest at the table gets, (GET, POST), where it is not a sign-in
# redirect: their game's sheet, live sheet, hands and change log, and what
# is open to anyone. Not the game's note, end, reopening, rematch, records
# or other phones' links, and nothing else of the group.
GUEST = {
    "first_visit": (404, 409),
    "login": (200, 422),
    "sign_up": (404, 404),
    "password_reset": (200, 422),
    "password_reset_done": (200, None),
    "password_reset_confirm": (410, None),
    "password_reset_complete": (200, None),
    "invitation": (200, 422),
    "game": (200, None),
    "game_live": (302, None),
    "game_stream": (204, None),
    "join_short": (302, None),
    "hand_add": (405, 422),
    "hand_edit": (200, 422),
    "hand_delete": (200, 302),
    "hand_restore": (405, 302),
    "hand_confirm": (405, 404),
    "change_log": (200, None),
    # not finished: nothing to reopen a hand of, and playing on is for members
    "game_reopen": (403, 403),
    "game_next": (404, None),
    "guest_who": (405, 302),
    "table_link": (302, None),
    "watch": (200, None),
    "watch_live": (302, None),
    "watch_stream": (204, None),
    "up": (200, None),
    "manifest": (200, None),
    "service_worker": (200, None),
    "record_format": (200, None),
    "record_schema": (200, None),
    "rules_index": (200, None),
    "rules_glossary": (200, None),
    "rules_deck": (200, None),
    "rules_search": (200, None),
    "rules_page": (200, None),
    "set_language": (405, 302),
    "event_screen": (200, None),
    "event_screen_live": (200, None),
    "event_screen_stream": (204, None),
}


def expected(name: str, method: int) -> tuple | None:
    """EXPECTED's statuses for the GET (0) or POST (1), the guest's added."""
    statuses = EXPECTED[name][method]
    if statuses is None:
        return None
    return (*statuses, GUEST.get(name, (LOGIN, LOGIN))[method])


def url_patterns(patterns=None) -> dict[str, URLPattern]:
    """Every named URL pattern, the admin's aside (it has its own test)."""
    found = {}
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace != "admin":
                found |= url_patterns(entry.url_patterns)
        elif isinstance(entry, URLPattern):
            assert entry.name, f"{entry.pattern} has no name"
            found[entry.name] = entry
    return found


def test_every_url_pattern_says_who_may_open_it():
    assert sorted(url_patterns()) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_visitor_gets_what_their_place_allows(name, settings):
    settings.AXES_ENABLED = False  # many sign-in tries from one address
    world = World()
    params = url_patterns()[name].pattern.converters
    url = reverse(name, kwargs={k: v for k, v in world.kwargs(name).items() if k in params})
    phone, jars = world.phones()
    got, wanted = {}, {}
    for index, method in enumerate(("get", "post")):
        statuses = expected(name, index)
        if statuses is None:
            continue
        for role in IN_TURN:
            phone.cookies = jars[role]
            if method == "get":
                response = phone.get(url)
            else:
                response = phone.post(url, world.post_data(name, role))
            signed_out = response.status_code == 302 and response["Location"].startswith(
                reverse("login")
            )
            got[(method, role)] = LOGIN if signed_out else response.status_code
            wanted[(method, role)] = statuses[ROLES.index(role)]
    assert got == wanted


def test_the_admin_asks_for_a_sign_in():
    response = Phone(user=None).get("/admin/")
    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")


# The sheet, its change log, its short link, the poll and the stream, for
# each visitor as the table's evening goes on: (the sheet, the log, the short
# link /g/<pk>/, the poll naming the version the game is at, the poll naming
# an older one, the stream opened at the version it is at). 304: nothing to
# send; 200 from the poll: the live part (or, for a deleted game, htmx sent
# to the page that says so); 204: a stream this test server cannot hold open
# (the phone polls); 404 from the stream: none, the phone's poll says why;
# 410: the table link has ended.
LIVE = ("owner", "member", "viewer", "viewer_guest", "guest", "outsider", "anonymous")
SEES = (200, 200, 302, 304, 200, 204)
NOT_HERE = (404,) * 6
SIGN_IN = (LOGIN, LOGIN, LOGIN, 404, 404, 404)
ENDED = (410, 410, 410, 410, 410, 404)
GONE = (404, 404, 404, 200, 200, 404)
# After a rematch, a seventh: where the game before sends its phones on to
# (game_next, which a guest's sheet of it follows when its poll hears of it).
SENT_ON, NOT_SENT, SIGN_IN_FIRST, ENDED_THERE = (302,), (404,), (LOGIN,), (410,)
LIVE_EXPECTED = {
    "as it is": (SEES, SEES, SEES, SEES, SEES, NOT_HERE, SIGN_IN),
    # deleted: no visitor is told "nothing new", and every stream closes
    "deleted": (GONE, GONE, GONE, GONE, GONE, NOT_HERE, SIGN_IN),
    # a viewer whose phone once opened the link is a viewer again
    "link withdrawn": (SEES, SEES, SEES, SEES, ENDED, NOT_HERE, SIGN_IN),
    "link ran out": (SEES, SEES, SEES, SEES, ENDED, NOT_HERE, SIGN_IN),
    "game finished": (SEES, SEES, SEES, SEES, SEES, NOT_HERE, SIGN_IN),
    # the rematch a member started from the finished game: the guest follows it
    "rematch": (
        *[SEES + SENT_ON] * 5,
        NOT_HERE + NOT_SENT,
        SIGN_IN + SIGN_IN_FIRST,
    ),
    "rematch, link withdrawn": (
        *[SEES + SENT_ON] * 4,
        ENDED + ENDED_THERE,
        NOT_HERE + NOT_SENT,
        SIGN_IN + SIGN_IN_FIRST,
    ),
    # the game before is still there: it sends each phone on to the page
    # that says the rematch was deleted
    "rematch, game deleted": (
        *[GONE + SENT_ON] * 5,
        NOT_HERE + NOT_SENT,
        SIGN_IN + SIGN_IN_FIRST,
    ),
}
# A spectator's phone, by its link to the first game, and one whose link was
# withdrawn: (the sheet, the poll naming the version the game is at, the poll
# naming an older one, the stream). 410: the link is withdrawn (the game
# deleted), said on the page and to the poll; the stream is refused.
WATCHES = (200, 304, 200, 204)
WITHDRAWN = (410, 410, 410, 404)
WATCH_EXPECTED = {
    "as it is": (WATCHES, WITHDRAWN),
    "deleted": (WITHDRAWN, WITHDRAWN),
    "link withdrawn": (WATCHES, WITHDRAWN),  # a table link: the spectator's is another
    "link ran out": (WATCHES, WITHDRAWN),
    "game finished": (WATCHES, WITHDRAWN),
    # the spectator's link is to the game before, which they go on watching
    "rematch": (WATCHES, WITHDRAWN),
    "rematch, link withdrawn": (WATCHES, WITHDRAWN),
    "rematch, game deleted": (WATCHES, WITHDRAWN),
}
WINNING_HANDS = [EXACT_BEN] * 4  # Ben wins with the fourth


def status(response) -> int | str:
    signed_out = response.status_code == 302 and response["Location"].startswith(reverse("login"))
    return LOGIN if signed_out else response.status_code


@pytest.mark.parametrize("situation", sorted(LIVE_EXPECTED))
def test_the_sheet_poll_and_stream_follow_each_visitors_place(situation):
    world = World()
    phone, jars = world.phones()
    phone.cookies = SimpleCookie()
    phone.force_login(world.users["viewer"])
    assert phone.get(reverse("table_link", args=[world.table.code])).status_code == 302
    jars["viewer_guest"] = phone.cookies
    withdrawn = SpectatorLink.objects.create(game=world.game)
    withdrawn.revoke()
    game = world.game
    if "finished" in situation or "rematch" in situation:
        for facts in WINNING_HANDS[1:]:
            game.add_hand(game.rules.clean(facts, game.sheet().next_table))
        assert game.is_finished
    if "rematch" in situation:
        # A member starts it from the finished game's sheet, as at the table.
        phone.cookies = jars["member"]
        started = phone.post(reverse("game_rematch", args=[game.pk]))
        assert started.status_code == 302
        game = Game.objects.get(pk=game.rematch_pk())
        assert started["Location"] == game.get_absolute_url()
    if "withdrawn" in situation:
        world.table.revoke()
    if "ran out" in situation:
        TableLink.objects.filter(pk=world.table.pk).update(
            created_at=timezone.now() - timedelta(hours=25)
        )
    if "deleted" in situation:
        game.delete_game()
    game.refresh_from_db()
    pages = [reverse(name, args=[game.pk]) for name in ("game", "change_log", "join_short")]
    live, stream = reverse("game_live", args=[game.pk]), reverse("game_stream", args=[game.pk])
    got = {}
    for role in LIVE:
        phone.cookies = jars[role]
        statuses = [status(phone.get(page)) for page in pages]
        for version in (game.version, game.version - 1):
            etag = f'"{game.pk}.{version}.en-gb"'
            headers = {"HX-Request": "true", "If-None-Match": etag}
            statuses.append(phone.get(live, headers=headers).status_code)
        statuses.append(phone.get(f"{stream}?version={game.version}").status_code)
        if "rematch" in situation:
            statuses.append(status(phone.get(reverse("game_next", args=[world.game.pk]))))
        got[role] = tuple(statuses)
    watched = Game.objects.get(pk=world.game.pk)
    for link in (world.link, withdrawn):
        phone.cookies = SimpleCookie()
        token = link.token
        statuses = [phone.get(reverse("watch", args=[token])).status_code]
        live = reverse("watch_live", args=[token])
        for version in (watched.version, watched.version - 1):
            etag = f'"{watched.pk}.{version}.en-gb"'
            headers = {"HX-Request": "true", "If-None-Match": etag}
            statuses.append(phone.get(live, headers=headers).status_code)
        stream = reverse("watch_stream", args=[token])
        statuses.append(phone.get(f"{stream}?version={watched.version}").status_code)
        got["spectator" if link == world.link else "spectator, withdrawn"] = tuple(statuses)
    wanted = dict(zip(LIVE, LIVE_EXPECTED[situation], strict=True))
    wanted["spectator"], wanted["spectator, withdrawn"] = WATCH_EXPECTED[situation]
    assert got == wanted
