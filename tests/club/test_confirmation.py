"""'Another player confirms each hand': a hand entered at a club table
counts once a phone other than the one that entered it (or a member, the
organiser) confirms it; until then it waits, on the table's phones and in
the standings."""

from __future__ import annotations

import pytest

from tests.club.test_club_night import start
from tests.phone import Phone
from vinescore.club.models import Event, EventTable
from vinescore.club.standings import event_standings
from vinescore.table.models import GameChange, Hand

EIGHT = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]
# The first seat bids 4 and takes 7 of the 13 tricks.
HAND = {"bidder": "0", "bid": "4", "tricks": ["7", "2", "2", "2"]}


def night(client) -> tuple[Event, EventTable]:
    event = start(client, names=EIGHT, other_side_confirms="on", hands_a_round=4)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    table = EventTable.objects.filter(round__event=event).select_related("game", "link").first()
    return event, table


def guest(table: EventTable) -> Phone:
    phone = Phone(user=None)
    assert phone.get(f"/t/{table.link.code}/").status_code == 302
    return phone


def send(phone: Phone, path: str, data: dict, key: str):
    return phone.post(path, data | {"key": f"{key}-one-time-key-0001"})


def confirm_path(table: EventTable, hand: Hand) -> str:
    return f"/games/{table.game.pk}/hands/{hand.pk}/confirm/"


@pytest.mark.django_db
def test_a_hand_counts_once_another_phone_confirms_it(client):
    event, table = night(client)
    ana, ben = guest(table), guest(table)
    game = f"/games/{table.game.pk}/"
    assert send(ana, f"{game}hands/", HAND, "ana-hand").status_code == 302
    hand = table.game.hands.get()
    # It waits: on every phone of the table, and in the standings.
    assert "Hand 1 waits for another player to confirm it." in ben.get(game).content.decode()
    now = event_standings(event)
    assert now.tables[0].waiting == 1 and now.tables[0].leader == ""
    assert all(row.played == 0 for row in now.rows)
    # Ana's own phone cannot confirm it.
    refused = send(ana, confirm_path(table, hand), {}, "ana-confirm")
    assert refused.status_code == 409
    assert "You entered hand 1: another player at the table confirms it." in refused.text
    hand.refresh_from_db()
    assert hand.confirmed_at is None
    # Ben's phone does; now it counts.
    assert send(ben, confirm_path(table, hand), {}, "ben-confirm").status_code == 302
    hand.refresh_from_db()
    assert hand.confirmed_at is not None
    now = event_standings(event)
    assert now.tables[0].waiting == 0
    first = table.game.seats.get(position=0).player.name
    assert now.tables[0].leader == first
    assert {row.name: row.points for row in now.rows}[first] == 1
    log = ben.get(f"{game}log/").content.decode()
    assert "Hand 1 confirmed by another phone." in log
    # Confirmed already: said so, nothing logged twice.
    again = send(ben, confirm_path(table, hand), {}, "ben-confirm-again")
    assert again.status_code == 200 and "Hand 1 is confirmed already." in again.text
    assert table.game.changes.filter(action=GameChange.CONFIRMED).count() == 1


@pytest.mark.django_db
def test_the_same_confirmation_sent_twice_is_stored_once(client):
    _, table = night(client)
    ana, ben = guest(table), guest(table)
    send(ana, f"/games/{table.game.pk}/hands/", HAND, "ana-hand")
    hand = table.game.hands.get()
    table.game.refresh_from_db()
    data = {"version": str(table.game.version)}
    assert send(ben, confirm_path(table, hand), data, "ben-confirm").status_code == 302
    resent = send(ben, confirm_path(table, hand), data, "ben-confirm")
    assert resent.status_code == 200
    assert table.game.changes.filter(action=GameChange.CONFIRMED).count() == 1


@pytest.mark.django_db
def test_the_organiser_confirms_any_hand_and_a_members_edit_counts_as_confirmed(client):
    event, table = night(client)
    ana = guest(table)
    send(ana, f"/games/{table.game.pk}/hands/", HAND, "ana-hand-1")
    send(ana, f"/games/{table.game.pk}/hands/", HAND, "ana-hand-2")
    first, second = table.game.hands.order_by("position")
    assert send(client, confirm_path(table, first), {}, "organiser").status_code == 302
    corrected = HAND | {"tricks": ["8", "1", "2", "2"]}
    path = f"/games/{table.game.pk}/hands/{second.pk}/edit/"
    assert send(client, path, corrected, "organiser-edit").status_code == 302
    second.refresh_from_db()
    assert second.confirmed_at is not None
    assert event_standings(event).tables[0].waiting == 0


@pytest.mark.django_db
def test_a_guests_edit_waits_again_and_the_next_round_waits_for_every_confirmation(client):
    event, table = night(client)
    ana, ben = guest(table), guest(table)
    game = f"/games/{table.game.pk}/"
    send(ana, f"{game}hands/", HAND, "ana-hand")
    hand = table.game.hands.get()
    send(ben, confirm_path(table, hand), {}, "ben-confirm")
    send(ben, f"{game}hands/{hand.pk}/edit/", HAND | {"tricks": ["6", "3", "2", "2"]}, "ben-edit")
    hand.refresh_from_db()
    assert hand.confirmed_at is None
    # Ben changed it: Ana's phone may confirm it now, Ben's not.
    assert send(ben, confirm_path(table, hand), {}, "ben-again").status_code == 409
    assert send(ana, confirm_path(table, hand), {}, "ana-confirm").status_code == 302
    # Every table played out, but one hand waits: round 2 is not drawn.
    for other in EventTable.objects.filter(round__event=event).select_related("game"):
        phone = guest(other)
        while True:
            other.game.refresh_from_db()
            if other.game.played_out:
                break
            send(phone, f"/games/{other.game.pk}/hands/", HAND, f"h{other.game.hand_count}")
    refused = client.post(f"/events/{event.pk}/draw/", {"round": "2"})
    assert refused.status_code == 409
    assert "still being played" in refused.text
    for waiting in Hand.objects.filter(game__event_table__round__event=event, confirmed_at=None):
        waiting.game.confirm_hand(waiting)
    assert client.post(f"/events/{event.pk}/draw/", {"round": "2"}).status_code == 302


def row_of(page: str, hand: Hand) -> str:
    """The sheet's row of that hand, as the page prints it."""
    return page.split(f'id="hand-{hand.pk}"', 1)[1].split("</tbody>", 1)[0]


@pytest.mark.django_db
def test_only_the_hands_not_yet_confirmed_wait_and_nothing_after_them_counts(client):
    event, table = night(client)
    ana, ben = guest(table), guest(table)
    game = f"/games/{table.game.pk}/"
    send(ana, f"{game}hands/", HAND, "ana-hand")
    send(ben, f"{game}hands/", HAND, "ben-hand")
    first, second = table.game.hands.order_by("position")
    assert send(ana, confirm_path(table, second), {}, "ana-confirm").status_code == 302
    # Hand 1 waits, and hand 2 counts only after it: nothing counts yet.
    now = event_standings(event)
    assert now.tables[0].waiting == 1 and now.tables[0].leader == ""
    assert all(row.played == 0 for row in now.rows)
    page = ana.get(game).content.decode()
    assert "Waiting for another player to confirm." in row_of(page, first)
    assert "Waiting for another player to confirm." not in row_of(page, second)
    assert "Hand 2 waits" not in page
    screen = client.get(f"/screen/{event.screen_token}/").content.decode()
    assert "1 hand waits for confirmation" in screen
    assert send(ben, confirm_path(table, first), {}, "ben-confirm").status_code == 302
    now = event_standings(event)
    assert now.tables[0].waiting == 0
    assert now.tables[0].leader == table.game.seats.get(position=0).player.name
    assert "Waiting for another player to confirm." not in ana.get(game).content.decode()


@pytest.mark.django_db
def test_a_hand_changed_or_deleted_on_another_phone_is_not_confirmed_unseen(client):
    _, table = night(client)
    ana, ben = guest(table), guest(table)
    game = f"/games/{table.game.pk}/"
    send(ana, f"{game}hands/", HAND, "ana-hand")
    hand = table.game.hands.get()
    table.game.refresh_from_db()
    seen = {"version": str(table.game.version)}
    send(ana, f"{game}hands/{hand.pk}/edit/", HAND | {"tricks": ["6", "3", "2", "2"]}, "ana-edit")
    changed = send(ben, confirm_path(table, hand), seen, "ben-confirm")
    assert changed.status_code == 409
    assert "Hand 1 was changed on another phone" in changed.text
    table.game.refresh_from_db()
    seen = {"version": str(table.game.version)}
    send(ana, f"{game}hands/{hand.pk}/delete/", {}, "ana-delete")
    deleted = send(ben, confirm_path(table, hand), seen, "ben-confirm-again")
    assert deleted.status_code == 409
    assert "Hand 1 was deleted on another phone" in deleted.text
    hand.refresh_from_db()
    assert hand.confirmed_at is None
    assert not table.game.changes.filter(action=GameChange.CONFIRMED).exists()


@pytest.mark.django_db
def test_the_change_log_says_whose_phone_confirmed_a_hand(client):
    _, table = night(client)
    ana, ben = guest(table), guest(table)
    game = f"/games/{table.game.pk}/"
    ben_name = table.game.seats.get(position=1).player.name
    assert ben.post(f"{game}who/", {"name": ben_name}).status_code == 302
    send(ana, f"{game}hands/", HAND, "ana-hand-1")
    send(ana, f"{game}hands/", HAND, "ana-hand-2")
    first, second = table.game.hands.order_by("position")
    send(ben, confirm_path(table, first), {}, "ben-confirm")
    send(client, confirm_path(table, second), {}, "organiser-confirm")
    log = client.get(f"{game}log/").content.decode()
    assert "Hand 1 confirmed by another phone." in log
    assert f"Confirmed by {ben_name}&#x27;s phone (guest)." in log
    assert "Hand 2 confirmed by a member of the group." in log
    assert "Changed by" not in log
