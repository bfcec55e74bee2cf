"""Who reaches what of a club night, walked through as the evening goes:
the organiser (a member who may write) draws, swaps, adds a latecomer and
finishes; a viewer of the group reads every page of it and changes
nothing; someone of another group finds none of it; a table's guest
reaches their table's game of this round and nothing else, and after the
next draw only their new table's; the big screen's link shows the night
and opens nothing of the organiser's; a new link ends the old one."""

from __future__ import annotations

import pytest

from tests.club.test_club_night import play_out, start
from tests.factories import make_member, make_user
from tests.phone import Phone
from vinescore.accounts.models import Group, Membership
from vinescore.club.models import Event, EventTable

pytestmark = pytest.mark.django_db


def tables(event, number: int) -> list[EventTable]:
    found = EventTable.objects.filter(round__event=event, round__number=number)
    return list(found.select_related("game", "link").order_by("number"))


def signed_in(user) -> Phone:
    phone = Phone(user=None)
    phone.force_login(user)
    return phone


def changes(event: Event, number: int) -> dict[str, tuple[str, dict]]:
    """Every change the organiser's pages post, as the organiser would send it."""
    event.refresh_from_db()
    one, other = (t.game.seats.get(position=0).player_id for t in tables(event, number)[:2])
    stayed = event.entrants.filter(left_after_round__isnull=True).first()
    return {
        "draw": (f"/events/{event.pk}/draw/", {"round": str(number + 1)}),
        "swap": (
            f"/events/{event.pk}/swap/",
            {"one": one, "other": other, "version": event.version},
        ),
        "latecomer": (f"/events/{event.pk}/entrants/", {"name": "Nia"}),
        "leaves": (f"/events/{event.pk}/entrants/{stayed.pk}/leave/", {}),
        "finish": (f"/events/{event.pk}/finish/", {}),
        "new screen link": (f"/events/{event.pk}/screen/new/", {}),
    }


def night_as_it_is(event: Event) -> tuple:
    event.refresh_from_db()
    seats = EventTable.objects.filter(round__event=event).values_list(
        "number", "game__seats__position", "game__seats__player"
    )
    entrants = event.entrants.values_list("player", "joined_round", "left_after_round")
    return (event.version, event.screen_key, event.finished_at, sorted(seats), sorted(entrants))


def test_the_organiser_runs_the_night_a_viewer_reads_it_another_group_finds_nothing(client):
    event = start(client)
    viewer = signed_in(make_member("vera", Membership.VIEWER))
    otto = make_user("otto")
    Group.objects.start("Elsewhere", otto)
    outsider = signed_in(otto)
    assert client.post(f"/events/{event.pk}/draw/", {"round": "1"}).status_code == 302

    pages = [f"/events/{event.pk}/", f"/events/{event.pk}/rounds/1/", "/events/"]
    for page in pages:
        read = viewer.get(page)
        assert read.status_code == 200 and "Thursday club night" in read.content.decode()
        assert f'action="/events/{event.pk}/' not in read.content.decode()
    assert "New club night" not in viewer.get("/events/").content.decode()
    assert viewer.get(f"/events/{event.pk}/screen/").status_code == 403
    assert viewer.get("/events/new/").status_code == 403
    for page in pages[:2]:
        assert outsider.get(page).status_code == 404
    assert "Thursday club night" not in outsider.get("/events/").content.decode()
    assert outsider.get(f"/events/{event.pk}/screen/").status_code == 404

    before = night_as_it_is(event)
    for what, (url, data) in changes(event, 1).items():
        assert viewer.post(url, data).status_code == 403, what
        assert outsider.post(url, data).status_code == 404, what
    assert night_as_it_is(event) == before

    # The organiser: a swap, a latecomer, someone leaving, round 2, the finish.
    posts = changes(event, 1)
    first, second = (t.game for t in tables(event, 1)[:2])
    one, other = posts["swap"][1]["one"], posts["swap"][1]["other"]
    assert client.post(*posts["swap"]).status_code == 302
    assert first.seats.get(position=0).player_id == other
    assert second.seats.get(position=0).player_id == one
    assert client.post(*posts["latecomer"]).status_code == 302
    assert client.post(*posts["leaves"]).status_code == 302
    leaver = event.entrants.get(left_after_round=1).player.name
    for table in tables(event, 1):
        play_out(table.game)
    assert client.post(*posts["draw"]).status_code == 302
    seated = {s.player.name for t in tables(event, 2) for s in t.game.seats.all()}
    assert "Nia" in seated and leaver not in seated and len(seated) == 13
    for table in tables(event, 2):
        play_out(table.game)
    assert client.post(*posts["finish"]).status_code == 302
    event.refresh_from_db()
    assert event.is_finished

    # Finished, the night's results read alike for the viewer.
    results = viewer.get(f"/events/{event.pk}/").content.decode()
    assert "Final standings" in results and "Every round" in results
    assert viewer.post(*changes(event, 2)["draw"]).status_code == 403
    assert outsider.get(f"/events/{event.pk}/").status_code == 404


def test_a_guest_reaches_their_table_this_round_and_nothing_else(client):
    event = start(client)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    first, second, third = tables(event, 1)
    guest = Phone(user=None)
    assert guest.get(f"/t/{second.link.code}/").status_code == 302
    assert guest.get(f"/games/{second.game.pk}/").status_code == 200
    for other in (first, third):
        assert guest.get(f"/games/{other.game.pk}/").status_code in (302, 404)
    for page in (f"/events/{event.pk}/", f"/events/{event.pk}/rounds/1/", "/events/", "/history/"):
        response = guest.get(page)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    refused = guest.post(f"/events/{event.pk}/draw/", {"round": "2"})
    assert refused.status_code == 302 and refused["Location"].startswith("/accounts/login/")

    for table in (first, second, third):
        play_out(table.game)
    client.post(f"/events/{event.pk}/draw/", {"round": "2"})
    # The round-1 link is withdrawn: the sheet says so, and takes no hand.
    ended = guest.get(f"/games/{second.game.pk}/")
    assert ended.status_code == 410
    assert "withdrew this table link" in ended.content.decode()
    new = tables(event, 2)[0]
    assert guest.get(f"/t/{new.link.code}/").status_code == 302
    assert guest.get(f"/games/{new.game.pk}/").status_code == 200
    others = [t for t in tables(event, 2) if t.pk != new.pk]
    assert all(guest.get(f"/games/{t.game.pk}/").status_code != 200 for t in others)


def test_the_big_screen_shows_the_night_and_opens_nothing_else(client):
    event = start(client)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    event.refresh_from_db()
    tv = Phone(user=None)
    screen = f"/screen/{event.screen_token}/"
    assert tv.get(screen).status_code == 200
    assert tv.get(f"{screen}live/").status_code == 200
    assert "<form" not in tv.get(screen).content.decode()
    for page in (f"/events/{event.pk}/", f"/events/{event.pk}/screen/"):
        assert tv.get(page)["Location"].startswith("/accounts/login/")
    game = tables(event, 1)[0].game
    assert tv.get(f"/games/{game.pk}/").status_code in (302, 404)
    client.post(f"/events/{event.pk}/screen/new/")
    assert tv.get(screen).status_code == 404
    assert tv.get(f"{screen}live/").status_code == 404
