"""Who reaches what of a club night, walked through as the evening goes.
The organiser (a member who may change the group) starts the night, draws,
swaps, takes a latecomer in, lets a player go, shows the big screen and
finishes; a viewer reads the night and changes none of it; someone of
another group, or not signed in, reaches none of it. A table's guest
reaches their table's game of this round and nothing else, and after the
next draw only their new table's; the big screen's link shows the night
and opens nothing of the organiser's; a new link ends the old one."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.club.test_club_night import THIRTEEN, play_out, start
from tests.factories import make_member, make_user
from tests.phone import Phone
from vinescore.accounts.models import Group, Membership
from vinescore.club.models import Entrant, Event, EventTable
from vinescore.scoring import REGISTRY
from vinescore.table.models import Game, Player, Seat

pytestmark = pytest.mark.django_db

TWELVE = THIRTEEN[:12]  # three tables of four
LOGIN = "login"  # a redirect to the sign-in page
WITHDRAWN = "A member of the group withdrew this table link."


def tables(event, number: int) -> list[EventTable]:
    found = EventTable.objects.filter(round__event=event, round__number=number)
    return list(found.select_related("game", "link").order_by("number"))


def status(response) -> int | str:
    signed_out = response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    return LOGIN if signed_out else response.status_code


def night(event: Event) -> tuple:
    """All a change to the night could touch: the event's row, who entered
    and left, every table's seats, and how many hands were scored."""
    event = Event.objects.get(pk=event.pk)
    entrants = event.entrants.order_by("pk").values_list(
        "player_id", "joined_round", "left_after_round"
    )
    games = Game.objects.filter(event_table__round__event=event)
    seats = Seat.objects.filter(game__in=games).order_by("game_id", "position")
    return (
        (event.version, event.finished_at, event.screen_key, event.draws.count()),
        list(entrants),
        list(seats.values_list("game_id", "player_id")),
        sum(games.values_list("hand_count", flat=True)),
        Event.objects.count(),
    )


def hand_for(game: Game) -> dict:
    """The first seat bids 2 and takes every trick but one each of the others'."""
    size = game.seats.count()
    tricks = [1] * size
    tricks[0] = REGISTRY[game.kind].hand_size(size) - (size - 1)
    return {"bidder": "0", "bid": "2", "tricks": [str(t) for t in tricks]}


def outsider():
    """A member of another group: its owner."""
    otto = make_user("otto")
    Group.objects.start("Elsewhere of otto", otto)
    return otto


# The organiser's changes, in the order a night takes them, each as the
# request its button sends from the night as it is now; between some, the
# tables play on (round 1 out before round 2 is drawn).
def draw(number: int) -> Callable:
    return lambda event: (f"/events/{event.pk}/draw/", {"round": str(number)})


def swap(event: Event) -> tuple[str, dict]:
    one, two = (t.game.seats.get(position=0).player_id for t in tables(event, 1)[:2])
    event.refresh_from_db()
    return f"/events/{event.pk}/swap/", {"one": one, "other": two, "version": event.version}


def latecomer(event: Event) -> tuple[str, dict]:
    return f"/events/{event.pk}/entrants/", {"name": "Nia"}


def leaver(event: Event) -> tuple[str, dict]:
    ana = Entrant.objects.get(event=event, player__name="Ana")
    return f"/events/{event.pk}/entrants/{ana.pk}/leave/", {}


def new_screen_link(event: Event) -> tuple[str, dict]:
    return f"/events/{event.pk}/screen/new/", {}


def finish(event: Event) -> tuple[str, dict]:
    return f"/events/{event.pk}/finish/", {}


def round_played(number: int) -> Callable:
    def played(event: Event) -> None:
        for table in tables(event, number):
            play_out(table.game)

    return played


NIGHT = [
    draw(1),
    swap,
    latecomer,
    leaver,
    new_screen_link,
    round_played(1),
    draw(2),
    round_played(2),
    finish,
]


def organiser_pages(event: Event) -> list[str]:
    pages = [f"/events/{event.pk}/", f"/events/{event.pk}/screen/"]
    return pages + [f"/events/{event.pk}/rounds/{n}/" for n in range(1, event.draws.count() + 1)]


def test_the_organiser_runs_the_night_from_start_to_finish(client):
    event = start(client, names=TWELVE, rounds=2)
    assert event.created_by.username == "member" and event.entrants.count() == 12
    assert status(client.get("/events/new/")) == 200

    drawn = client.post(*draw(1)(event))
    assert drawn.status_code == 302 and drawn["Location"] == f"/events/{event.pk}/rounds/1/"
    round_page = client.get(drawn["Location"]).content.decode()
    assert all(t.link.code in round_page for t in tables(event, 1))

    one, two = tables(event, 1)[:2]
    ana, ben = one.game.seats.get(position=0).player, two.game.seats.get(position=0).player
    assert client.post(*swap(event)).status_code == 302
    assert one.game.seats.get(position=0).player == ben
    assert two.game.seats.get(position=0).player == ana

    assert client.post(*latecomer(event)).status_code == 302
    assert Entrant.objects.get(event=event, player__name="Nia").joined_round == 2
    assert client.post(*leaver(event)).status_code == 302
    assert Entrant.objects.get(event=event, player__name="Ana").left_after_round == 1

    link_page = client.get(f"/events/{event.pk}/screen/")
    old = f"/screen/{event.screen_token}/"
    assert link_page.status_code == 200 and old in link_page.content.decode()
    renewed = client.post(*new_screen_link(event))
    assert renewed["Location"] == f"/events/{event.pk}/screen/"
    event.refresh_from_db()
    new = f"/screen/{event.screen_token}/"
    assert new != old and new in client.get(renewed["Location"]).content.decode()
    assert Phone(user=None).get(old).status_code == 404
    # A TV that was only polling the old link is told so, and stops asking (htmx's 286).
    polled = Phone(user=None).get(f"{old}live/", headers={"HX-Request": "true"})
    assert polled.status_code == 286
    assert "replaced by a new one" in polled.content.decode()
    assert Phone(user=None).get(f"{old}live/").status_code == 404
    # A link never given by this server is not one that was replaced.
    made_up = Phone(user=None).get("/screen/made-up/live/", headers={"HX-Request": "true"})
    assert made_up.status_code == 404

    round_played(1)(event)
    assert client.post(*draw(2)(event)).status_code == 302
    seated = set(
        Seat.objects.filter(game__event_table__round__number=2).values_list(
            "player__name", flat=True
        )
    )
    assert "Nia" in seated and "Ana" not in seated and len(seated) == 12
    assert client.get(f"/events/{event.pk}/rounds/2/").status_code == 200

    round_played(2)(event)
    assert client.post(*finish(event)).status_code == 302
    event.refresh_from_db()
    assert event.is_finished
    assert "Final standings" in client.get(f"/events/{event.pk}/").content.decode()


@pytest.mark.parametrize(
    "visitor, pages, changes",
    [
        # reads the night, as everyone in the group does; organises none of it
        ("viewer", (200, 403, 200), 403),
        ("outsider", (404, 404, 404), 404),
        ("anonymous", (LOGIN, LOGIN, LOGIN), LOGIN),
    ],
)
def test_only_the_organiser_changes_the_night(client, visitor, pages, changes):
    """Each of the organiser's changes is sent first by the visitor, and
    refused with nothing changed; then by the organiser, and the night
    moves: the same request, so the visitor's refusal is their place's."""
    phone = Phone(user=None)
    if visitor == "viewer":
        phone.force_login(make_member("vera", Membership.VIEWER))
    elif visitor == "outsider":
        phone.force_login(outsider())
    event = start(client, names=TWELVE, rounds=2)
    page, link_page, round_page = pages

    for step in NIGHT:
        if step.__name__ == "played":
            step(event)
            continue
        url, data = step(event)
        before = night(event)
        assert status(phone.post(url, data)) == changes, url
        assert night(event) == before, url
        assert client.post(url, data).status_code == 302, url
        assert night(event) != before, url
        statuses = [status(phone.get(p)) for p in organiser_pages(event)]
        assert statuses == [page, link_page] + [round_page] * event.draws.count(), url
    if visitor == "viewer":
        seen = phone.get(f"/events/{event.pk}/").content.decode()
        assert "Final standings" in seen and f'action="/events/{event.pk}/' not in seen

    # Starting a night of the group is the organiser's too.
    before = night(event)
    sent = {"name": "Friday", "new_names": "Ana, Ben, Cy, Dee", "rounds": 1, "key": "visitor-1"}
    started = status(phone.post("/events/new/coralon/", sent))
    if visitor == "outsider":  # a night of their own group's, none of ours
        assert started == 302 and Event.objects.exclude(group=event.group).count() == 1
    else:
        assert started == changes and night(event) == before


def test_a_viewer_reads_the_round_without_the_codes_that_score_it(client):
    """A table's code lets any phone score that table's game: the round page
    gives it to those who may change the group's games, as a game's own
    join panel does, not to a viewer, who reads who sits where."""
    event = start(client, names=TWELVE, rounds=2)
    client.post(*draw(1)(event))
    viewer = Phone(user=None)
    viewer.force_login(make_member("vera", Membership.VIEWER))
    page = viewer.get(f"/events/{event.pk}/rounds/1/")
    assert page.status_code == 200
    text = page.content.decode()
    for table in tables(event, 1):
        assert table.link.code not in text and f"/t/{table.link.code}/" not in text
        for seat in table.game.seats.select_related("player"):
            assert seat.player.name in text
    assert "<svg" not in text and "link has ended" not in text
    for table in tables(event, 1):  # nor the sheet, nor its panel of links
        for page in (f"/games/{table.game.pk}/", f"/games/{table.game.pk}/join/"):
            shown = viewer.get(page)
            assert shown.status_code == 200 and table.link.code not in shown.content.decode()
    organisers = client.get(f"/events/{event.pk}/rounds/1/").content.decode()
    assert all(t.link.code in organisers for t in tables(event, 1))
    assert organisers.count("<svg") == 3


def test_a_latecomer_comes_from_the_nights_own_group(client):
    event = start(client, names=TWELVE, rounds=2)
    otto = outsider()
    elsewhere = Group.objects.get(memberships__user=otto)
    stranger = Player.objects.create(group=elsewhere, name="Stranger")
    before = night(event)
    refused = client.post(f"/events/{event.pk}/entrants/", {"player": stranger.pk})
    assert refused.status_code == 422 and night(event) == before
    assert not Entrant.objects.filter(player=stranger).exists()


def test_a_guest_reaches_their_table_this_round_and_nothing_else(client):
    event = start(client, names=TWELVE, rounds=2)
    client.post(*draw(1)(event))
    first, second, third = tables(event, 1)
    guest = Phone(user=None)
    opened = guest.get(f"/t/{second.link.code}/")
    assert opened.status_code == 302 and opened["Location"] == f"/games/{second.game.pk}/"
    sheet = guest.get(f"/games/{second.game.pk}/")
    assert sheet.status_code == 200
    assert guest.post(f"/games/{second.game.pk}/hands/", hand_for(second.game)).status_code == 302
    second.game.refresh_from_db()
    assert second.game.hand_count == 1

    # Not the other tables' games, to read or to score.
    for other in (first, third):
        assert status(guest.get(f"/games/{other.game.pk}/")) == LOGIN
        assert status(guest.post(f"/games/{other.game.pk}/hands/", hand_for(other.game))) == LOGIN
        assert status(guest.get(f"/games/{other.game.pk}/event/")) == LOGIN
        other.game.refresh_from_db()
        assert other.game.hand_count == 0
    # Nor the organiser's pages, their changes, or the group's History.
    before = night(event)
    for page in [*organiser_pages(event), "/events/", "/events/new/", "/history/"]:
        assert status(guest.get(page)) == LOGIN, page
    for step in (draw(2), swap, latecomer, leaver, new_screen_link, finish):
        url, data = step(event)
        assert status(guest.post(url, data)) == LOGIN, url
    assert night(event) == before

    # The sheet's "Standings" line leads to the event's read-only screen.
    standings = f"/games/{second.game.pk}/event/"
    assert standings in sheet.content.decode()
    sent = guest.get(standings)
    event.refresh_from_db()
    assert sent.status_code == 302 and sent["Location"] == f"/screen/{event.screen_token}/"
    screen = guest.get(sent["Location"]).content.decode()
    assert "round 1 of 2" in screen and "<form" not in screen.split("<main", 1)[1]

    round_played(1)(event)
    client.post(*draw(2)(event))
    # Round 1's link is withdrawn: the sheet says so, and takes no hand.
    ended = guest.get(f"/games/{second.game.pk}/")
    assert ended.status_code == 410 and WITHDRAWN in ended.content.decode()
    second.game.refresh_from_db()
    hands = second.game.hand_count
    refused = guest.post(f"/games/{second.game.pk}/hands/", hand_for(second.game))
    assert refused.status_code == 410 and WITHDRAWN in refused.content.decode()
    second.game.refresh_from_db()
    assert second.game.hand_count == hands
    assert guest.get(standings).status_code == 410

    # At round 2, the player of their seat sits elsewhere: that table's link
    # gets them to its game only.
    theirs = second.game.seats.get(position=0).player_id
    new = next(t for t in tables(event, 2) if t.game.seats.filter(player_id=theirs).exists())
    assert guest.get(f"/t/{new.link.code}/")["Location"] == f"/games/{new.game.pk}/"
    assert guest.get(f"/games/{new.game.pk}/").status_code == 200
    assert guest.post(f"/games/{new.game.pk}/hands/", hand_for(new.game)).status_code == 302
    for other in tables(event, 2):
        if other.pk != new.pk:
            assert status(guest.get(f"/games/{other.game.pk}/")) == LOGIN
    assert guest.get(f"/games/{second.game.pk}/").status_code == 410
    for page in organiser_pages(event):
        assert status(guest.get(page)) == LOGIN, page


def test_the_big_screen_shows_the_night_and_opens_nothing_else(client):
    event = start(client, names=TWELVE, rounds=2)
    client.post(*draw(1)(event))
    event.refresh_from_db()
    tv = Phone(user=None)
    screen = f"/screen/{event.screen_token}/"
    shown = tv.get(screen)
    assert shown.status_code == 200 and "Thursday club night" in shown.content.decode()
    live = tv.get(f"{screen}live/")
    assert live.status_code == 200
    again = tv.get(f"{screen}live/", headers={"If-None-Match": live["ETag"]})
    assert again.status_code == 304
    assert "<form" not in shown.content.decode().split("<main", 1)[1]

    # The screen's phone is no organiser's: not the night's pages, not a
    # table's game, no change.
    before = night(event)
    for page in organiser_pages(event):
        assert status(tv.get(page)) == LOGIN, page
    for table in tables(event, 1):
        assert status(tv.get(f"/games/{table.game.pk}/")) == LOGIN
    for step in (draw(2), swap, new_screen_link, finish):
        assert status(tv.post(*step(event))) == LOGIN
    assert night(event) == before
    assert tv.get(f"/events/{event.pk}/")["Location"].startswith("/accounts/login/")

    # A new link: the old one opens nothing, the new one the same night.
    assert client.post(f"/events/{event.pk}/screen/new/").status_code == 302
    for page in (screen, f"{screen}live/", f"{screen}stream/"):
        assert tv.get(page).status_code == 404, page
    event.refresh_from_db()
    assert tv.get(f"/screen/{event.screen_token}/").status_code == 200
