"""The club's big screen on a 1920x1080 TV, read from across the room:
a night of forty players (ten tables of four at Coralon) fits it without a
scroll, every name whole and in large type, with the round, each table's
hands and leader and the standings (test_big_screen_pushed.py: a hand
moves it within a second)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.club.nights import FORTY, club_night, play_hand, tables_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1}
README_SHOTS = Path(__file__).resolve().parents[2] / "docs"
# Read from four metres: a player's line no smaller than this.
SMALLEST_ROW_TEXT_PX = 28


def tv(browser: Browser, base: str, path: str) -> Page:
    context = browser.new_context(base_url=base, **TV)
    context.set_default_timeout(10_000)
    screen = context.new_page()
    screen.errors = []
    screen.on("pageerror", lambda exc: screen.errors.append(str(exc)))
    screen.asked = []  # the paths it asked for, in order
    screen.on("request", lambda request: screen.asked.append(request.url.removeprefix(base)))
    screen.goto(path)
    return screen


def test_forty_players_fit_the_tv_whole_and_large(browser, live_server, tmp_path):
    event = club_night(40, target=500)  # every table plays its eight hands
    games = tables_of(event)
    assert len(games) == 10
    # Mid-round: table 1 has played its eight hands, the last has not begun;
    # at each table one seat has bid and made every hand so far.
    played = [8, 6, 5, 5, 4, 4, 3, 2, 1, 0]
    for number, (game, hands) in enumerate(zip(games, played, strict=True)):
        for _ in range(hands):
            play_hand(game, bidder=number % 4)
    leaders = [game.seats.get(position=n % 4).player.name for n, game in enumerate(games)]
    screen = tv(browser, live_server.url, f"/screen/{event.screen_token}/")
    expect(screen.locator("#screen")).to_contain_text("round 1 of 3")

    sizes = screen.evaluate(
        """() => ({
            height: document.scrollingElement.scrollHeight,
            width: document.scrollingElement.scrollWidth,
            innerHeight, innerWidth})"""
    )
    assert sizes["height"] <= sizes["innerHeight"] and sizes["width"] <= sizes["innerWidth"]

    rows = screen.locator(".screen-standings li")
    expect(rows).to_have_count(40)
    shown = rows.locator(".who").all_inner_texts()
    assert sorted(shown) == sorted(FORTY)
    for name in FORTY:
        who = rows.locator(".who").filter(has_text=re.compile(rf"^{name}$"))
        expect(who).to_be_in_viewport(ratio=1)
    # Whole: no name cut short, no line smaller than a room can read.
    cut = screen.evaluate(
        """() => [...document.querySelectorAll('#screen .who, #screen .names')]
            .filter(e => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight + 1)
            .map(e => e.textContent)"""
    )
    assert cut == []
    smallest = screen.evaluate(
        """() => Math.min(...[...document.querySelectorAll(
                '.screen-standings li, .screen-tables .names')]
            .map(e => parseFloat(getComputedStyle(e).fontSize)))"""
    )
    assert smallest >= SMALLEST_ROW_TEXT_PX

    tables = screen.locator(".screen-tables li")
    expect(tables).to_have_count(10)
    expect(tables.nth(0)).to_contain_text(f"finished · {leaders[0]} won")
    for number in range(1, 9):
        expect(tables.nth(number)).to_contain_text(
            f"hand {played[number]} of 8 · {leaders[number]} leads"
        )
    expect(tables.nth(9)).to_contain_text("hand 0 of 8")
    expect(tables.nth(9)).not_to_contain_text("leads")
    for table in tables.all():
        expect(table).to_be_in_viewport(ratio=1)

    folder = README_SHOTS if os.environ.get("UPDATE_README_SHOTS") else tmp_path
    screen.screenshot(path=folder / "club-screen.png")
    assert screen.errors == []


def test_a_tv_on_a_replaced_link_says_so_and_stops_asking(browser, live_server, tmp_path):
    from vinescore.club.models import new_screen_key

    event = club_night(8)
    context = browser.new_context(base_url=live_server.url, **TV)
    context.set_default_timeout(10_000)
    screen = context.new_page()
    screen.clock.install()  # the TV's poll (every 20 s) is run by the test's clock
    asked = []
    screen.on("request", lambda request: asked.append(request.url))
    screen.goto(f"/screen/{event.screen_token}/")
    expect(screen.locator("#screen")).to_contain_text("round 1 of 3")
    # The organiser gives the screen a new link: this TV's is no longer good.
    event.screen_key = new_screen_key()
    event.save(update_fields=["screen_key"])
    screen.clock.run_for("00:21")
    expect(screen.get_by_text("replaced by a new one")).to_be_visible()
    screen.screenshot(path=tmp_path / "club-screen-replaced.png")
    polls = len([url for url in asked if url.endswith("/live/")])
    screen.clock.run_for("01:00")  # three more polls' time: none is asked
    assert len([url for url in asked if url.endswith("/live/")]) == polls
    context.close()
