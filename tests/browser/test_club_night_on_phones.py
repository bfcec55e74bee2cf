"""A club night on phones: the organiser starts it with thirteen names typed
at the door, draws round 1 (tables of 5, 4 and 4), and each table scores
its six hands on its own guest phone, scanned from the round's page; the
club's big screen follows at 1920x1080; round 2 seats the winners together;
after round 3 the event's page gives the final standings."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.sheet import on_screen, score_hand
from tests.browser.test_table_link import fill_tricks, guest_phone, tap_chip
from vinescore.club.models import Event, EventTable

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

THIRTEEN = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lu", "Mo"]
HANDS = 6
# Where to put the screens' screenshots, to look at.
SHOTS = os.environ.get("CLUB_SHOTS")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png")


def start_the_night(page: Page) -> Event:
    page.goto("/events/")
    page.get_by_role("link", name="New club night").tap()
    page.get_by_role("link", name=re.compile(r"^Coralon\b")).first.tap()
    page.get_by_label("Name of the event").fill("Thursday club night")
    page.get_by_label("Names typed at the door").fill("\n".join(THIRTEEN))
    page.get_by_label("Rounds").fill("3")
    page.get_by_label("Hands a round").fill(str(HANDS))
    page.get_by_role("button", name="Start the club night").tap()
    expect(page.get_by_role("heading", name="Thursday club night")).to_be_visible()
    return Event.objects.get()


def draw(page: Page, event: Event, number: int) -> list[str]:
    """The organiser draws the round; its page gives each table's code."""
    page.goto(event.get_absolute_url())
    button = page.get_by_role("button", name=f"Draw round {number}")
    assert on_screen(page, button), "the next thing to do is on the first screen"
    shot(page, f"event-before-round-{number}")
    button.tap()
    expect(page.get_by_role("heading", name=f"Thursday club night: round {number}")).to_be_visible()
    shot(page, f"round-{number}-tables")
    return page.locator(".round-table .code strong").all_inner_texts()


def seat_names(number: int, table: int) -> list[str]:
    game = EventTable.objects.get(round__number=number, number=table).game
    return [seat.player.name for seat in game.seats.order_by("position")]


def play_the_table(phone: Page, code: str, names: list[str]) -> None:
    """The table's guest phone scans its code and scores the round: the
    first seat bids 3 each hand and takes all but one trick of each other
    player's."""
    phone.goto(f"/t/{code}/")
    expect(phone.get_by_role("heading", name="Who are you?")).to_be_visible()
    phone.locator(".who-are-you").get_by_role("button", name=names[0]).tap()
    expect(phone.get_by_role("heading", name="Who are you?")).to_have_count(0)
    others = dict.fromkeys(names[1:-1], 1)
    tricks = {names[0]: {4: 13, 5: 11}[len(names)] - (len(names) - 1), **others}
    shot(phone, f"table-of-{names[0]}")
    for number in range(1, HANDS + 1):
        try:
            tap_chip(phone, "bidder", names[0])
        except Exception:
            shot(phone, f"failed-{names[0]}-{number}")
            raise
        tap_chip(phone, "bid", "3")
        fill_tricks(phone, tricks)
        score_hand(phone, number)
    expect(phone.get_by_role("heading", name=f"{names[0]} wins")).to_be_visible()
    # The standings of every table, on the guest's own phone.
    phone.get_by_role("link", name="Standings").tap()
    expect(phone.locator(".screen-standings")).to_contain_text(names[0])
    shot(phone, f"standings-on-a-phone-{names[0]}")
    width = phone.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the standings are {width} px wide on a 390 px phone"
    # Put down until the next round, as a player would.
    phone.goto("about:blank")


def test_thirteen_players_three_rounds_three_tables_and_the_big_screen(
    page: Page, browser: Browser, live_server
) -> None:
    event = start_the_night(page)
    codes = draw(page, event, 1)
    assert len(codes) == 3
    assert sorted(len(seat_names(1, t)) for t in (1, 2, 3)) == [4, 4, 5]

    # The club's TV opens the big-screen link the organiser is given.
    page.goto(event.get_absolute_url())
    page.get_by_role("link", name="Big-screen link").tap()
    address = page.locator(".shared .link a").get_attribute("href")
    tv = browser.new_context(
        base_url=live_server.url, viewport={"width": 1920, "height": 1080}
    ).new_page()
    tv.goto(address)
    expect(tv.locator(".screen-head")).to_contain_text("round 1 of 3")
    first = tv.locator(".screen-tables li").first
    expect(first).to_contain_text("hand 0 of 6")

    errors: list[str] = []
    phones = [guest_phone(browser, live_server, errors) for _ in codes]
    winners = []
    for round_number in (1, 2, 3):
        if round_number > 1:
            codes = draw(page, event, round_number)
        for table, (phone, code) in enumerate(zip(phones, codes, strict=True), start=1):
            names = seat_names(round_number, table)
            play_the_table(phone, code, names)
            if round_number == 1:
                winners.append(names[0])
            if round_number == 1 and table == 1:
                # The TV moves on without anyone touching it.
                expect(first).to_contain_text(f"{names[0]} won", timeout=25_000)
                shot(tv, "big-screen")
        if round_number == 1:
            # Round 2 seats round 1's three winners at one table.
            page.goto(event.get_absolute_url())
            expect(page.locator(".standings-table tbody tr").first).to_contain_text("1")
    assert set(winners) <= set(seat_names(2, 1))

    page.goto(event.get_absolute_url())
    page.get_by_role("button", name="Finish the event").tap()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    expect(page.locator(".standings-table tbody tr")).to_have_count(13)
    assert not errors, errors
