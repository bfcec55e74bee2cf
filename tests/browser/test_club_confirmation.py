"""'Another player confirms each hand', on two guest phones of one club
table: the hand one phone scores waits, says so on the other, and counts
once the other phone confirms it."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.sheet import score_hand
from tests.browser.test_table_link import fill_tricks, guest_phone, tap_chip
from tests.club.nights import club_night
from vinescore.club.models import EventTable
from vinescore.club.standings import event_standings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("CLUB_SHOTS")


def test_a_hand_waits_until_the_other_phone_confirms_it(page: Page, browser: Browser, live_server):
    event = club_night(players=8, hands_a_round=4, other_side_confirms=True)
    table = EventTable.objects.filter(round__event=event).select_related("game", "link").first()
    names = [seat.player.name for seat in table.game.seats.order_by("position")]
    errors: list[str] = []
    ana, ben = (guest_phone(browser, live_server, errors) for _ in range(2))
    for phone, name in ((ana, names[0]), (ben, names[1])):
        phone.goto(f"/t/{table.link.code}/")
        phone.locator(".who-are-you").get_by_role("button", name=name).tap()
        expect(phone.get_by_role("heading", name="Who are you?")).to_have_count(0)
        phone.goto("about:blank")  # put down until its turn

    ana.goto(table.game.get_absolute_url())
    tap_chip(ana, "bidder", names[0])
    tap_chip(ana, "bid", "4")
    fill_tricks(ana, {names[0]: 7, names[1]: 2, names[2]: 2})
    score_hand(ana, 1)
    expect(ana.locator(".waiting")).to_contain_text(
        "Hand 1 waits for another player to confirm it."
    )
    # Its row on the sheet says so too, until it is confirmed.
    expect(ana.locator(".sheet .waiting-mark")).to_have_text(
        "Waiting for another player to confirm."
    )
    if SHOTS:
        ana.locator(".sheet").screenshot(path=f"{SHOTS}/confirm-row.png")
    ana.goto("about:blank")
    assert event_standings(event).tables[0].waiting == 1

    ben.goto(table.game.get_absolute_url())
    waiting = ben.locator(".waiting")
    expect(waiting).to_contain_text("Hand 1 waits")
    if SHOTS:
        ben.screenshot(path=f"{SHOTS}/confirm-waiting.png")
    waiting.get_by_role("button", name="Confirm hand 1").tap()
    expect(ben.get_by_text("Hand 1 confirmed.")).to_be_visible()
    expect(ben.locator(".waiting")).to_have_count(0)
    expect(ben.locator(".sheet .waiting-mark")).to_have_count(0)
    ben.goto("about:blank")
    standings = event_standings(event)
    assert standings.tables[0].waiting == 0 and standings.tables[0].leader == names[0]
    assert not errors, errors
