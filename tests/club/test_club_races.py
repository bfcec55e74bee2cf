"""Two organisers' phones at the same instant, for real (threads released
by one barrier, PostgreSQL's row locks, as tests/web/test_races.py): a
round is drawn once whoever taps Draw, and a swap and a table's first hand
never both land on seats that disagree."""

from __future__ import annotations

from functools import partial

import pytest
from django.test import Client

from tests.club.test_confirmation import HAND, confirm_path, guest, send
from tests.club.test_confirmation import night as confirming_night
from tests.factories import make_member
from tests.web.test_races import on_postgresql, race  # noqa: F401 (a fixture)
from vinescore.club.models import Event, EventTable, Round
from vinescore.table.models import GameChange

pytestmark = pytest.mark.django_db(transaction=True)

EIGHT = "Ana, Ben, Cy, Dee, Eli, Fay, Gus, Hal"


def organiser() -> Client:
    client = Client()
    client.force_login(make_member("member"))
    return client


def night() -> Event:
    data = {"name": "Club night", "new_names": EIGHT, "rounds": 2, "hands_a_round": 4}
    assert organiser().post("/events/new/coralon/", data).status_code == 302
    return Event.objects.get()


def test_two_organisers_draw_round_one_at_once_and_one_round_is_drawn():
    for _ in range(5):
        Event.objects.all().delete()
        event = night()
        one, two = organiser(), organiser()
        draw = f"/events/{event.pk}/draw/"
        answers = race(
            partial(one.post, draw, {"round": "1"}), partial(two.post, draw, {"round": "1"})
        )
        # Both phones are shown round 1's tables; it was drawn once.
        assert [a.status_code for a in answers] == [302, 302], answers
        assert {a["Location"] for a in answers} == {f"/events/{event.pk}/rounds/1/"}
        assert Round.objects.filter(event=event).count() == 1
        assert EventTable.objects.filter(round__event=event).count() == 2


def test_a_swap_and_a_tables_first_hand_at_once_agree():
    for _ in range(5):
        Event.objects.all().delete()
        event = night()
        organiser().post(f"/events/{event.pk}/draw/", {"round": "1"})
        event.refresh_from_db()
        first, second = (t.game for t in EventTable.objects.order_by("number"))
        ana, ben = first.seats.get(position=0), second.seats.get(position=0)
        hand = {"bidder": "0", "bid": "4", "tricks": ["4", "3", "3", "3"]}
        hand |= {"version": str(first.version), "key": "first-hand-of-the-table-1"}
        swap = {"one": ana.player_id, "other": ben.player_id, "version": event.version}
        table, boss = organiser(), organiser()
        answers = race(
            partial(table.post, f"/games/{first.pk}/hands/", hand),
            partial(boss.post, f"/events/{event.pk}/swap/", swap),
        )
        statuses = [a.status_code for a in answers]
        first.refresh_from_db()
        swapped = first.seats.get(position=0).player_id == ben.player_id
        if first.hand_count:  # the hand first: the swap is refused, the seats stay
            assert statuses == [302, 409], statuses
            assert not swapped
        else:  # the swap first: the hand, drawn from the seats before it, is refused
            assert statuses == [409, 302], statuses
            assert swapped


def test_two_phones_confirming_at_once_confirm_it_once(client):
    for attempt in range(5):
        Event.objects.all().delete()
        _, table = confirming_night(client)
        ana, ben, cy = guest(table), guest(table), guest(table)
        send(ana, f"/games/{table.game.pk}/hands/", HAND, f"ana-{attempt}")
        hand = table.game.hands.get()
        path = confirm_path(table, hand)
        answers = race(
            partial(ben.post, path, {"key": f"ben-{attempt}-one-time-key-01"}),
            partial(cy.post, path, {"key": f"cy-{attempt}-one-time-key-001"}),
        )
        statuses = sorted(a.status_code for a in answers)
        # One confirmed it; the other is told it is confirmed already.
        assert statuses == [200, 302], statuses
        told = next(a for a in answers if a.status_code == 200).text
        assert "Hand 1 is confirmed already." in told
        assert table.game.changes.filter(action=GameChange.CONFIRMED).count() == 1
