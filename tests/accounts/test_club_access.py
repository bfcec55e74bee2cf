"""Who reaches what of a club night, walked through as the evening goes:
a table's guest reaches their table's game of this round and nothing
else, and after the next draw only their new table's; the big screen's
link shows the night and opens nothing of the organiser's; a new link
ends the old one."""

from __future__ import annotations

import pytest

from tests.club.test_club_night import play_out, start
from tests.phone import Phone
from vinescore.club.models import EventTable

pytestmark = pytest.mark.django_db


def tables(event, number: int) -> list[EventTable]:
    found = EventTable.objects.filter(round__event=event, round__number=number)
    return list(found.select_related("game", "link").order_by("number"))


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
