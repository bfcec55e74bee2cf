"""Two phones on one game: a hand scored on one appears on the other without
a reload; a phone halfway through typing a hand keeps it and is told the
sheet moved on; scoring that same hand then is refused, not stored twice."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, member, sign_in
from tests.browser.sheet import on_screen, score_hand, totals
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_phone(browser: Browser, live_server, path: str) -> Page:
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.set_default_timeout(10_000)
    sign_in(context, live_server, member())
    phone = context.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    phone.goto(path)
    phone.errors = errors
    return phone


def tap_chip(phone: Page, field: str, label: str) -> None:
    phone.locator(f'#hand-form fieldset[data-field="{field}"] label.chip').filter(
        has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")
    ).tap()


def fill_tricks(phone: Page, tricks: dict[str, int]) -> None:
    for name, count in tricks.items():
        phone.locator('fieldset[data-field="tricks"] .stepper').filter(has_text=name).locator(
            "input"
        ).fill(str(count))


def test_a_hand_scored_on_one_phone_appears_on_the_other(browser: Browser, live_server) -> None:
    game = make_game()
    ana = open_phone(browser, live_server, game.get_absolute_url())
    ben = open_phone(browser, live_server, game.get_absolute_url())
    ben.evaluate("window.__marker = 1")
    # Ben has the hand form on his screen, his thumb over the bidders.
    bidders = ben.locator('#hand-form fieldset[data-field="bidder"]')
    bidders.scroll_into_view_if_needed()
    scrolled = ben.evaluate("window.scrollY")

    # Ana scores hand 1: Ben bid 4 and took 4.
    tap_chip(ana, "bidder", "Ben")
    tap_chip(ana, "bid", "4")
    fill_tricks(ana, {"Ana": 3, "Ben": 4, "Cy": 2})
    score_hand(ana, 1)

    # Ben's phone shows it within 3 seconds, without a reload.
    expect(ben.locator("tbody.hand")).to_have_count(1, timeout=3_000)
    assert totals(ben) == {"Ana": 0, "Ben": 4, "Cy": 0, "Dee": 0}
    # Ben had typed nothing: his sheet just moves on, without a word.
    expect(ben.locator("[data-moved]")).to_have_count(0)
    assert ben.evaluate("window.__marker") == 1, "Ben's page was reloaded, not updated"
    # His page held: the new totals and the form both on his screen.
    assert ben.evaluate("window.scrollY") == scrolled
    assert on_screen(ben, ben.locator("#live > ol.totals")) and on_screen(ben, bidders)

    # Ben starts typing hand 2 while Ana scores it on her phone.
    tap_chip(ben, "bidder", "Cy")
    tap_chip(ben, "bid", "5")
    where = bidders.bounding_box()["y"]
    tap_chip(ana, "bidder", "Cy")
    tap_chip(ana, "bid", "5")
    fill_tricks(ana, {"Ana": 3, "Ben": 3, "Cy": 5})
    score_hand(ana, 2)

    # Ben's sheet moves on, but what he typed stays, under his thumb, and he is told.
    expect(ben.locator("tbody.hand")).to_have_count(2, timeout=3_000)
    expect(ben.locator("[data-moved]")).to_contain_text(
        "Hand 2 was already entered on another phone. Check the hand you are entering"
    )
    expect(ben.locator('#hand-form input[name="bid"][value="5"]')).to_be_checked()
    assert bidders.bounding_box()["y"] == pytest.approx(where, abs=1)

    expect(ben.get_by_role("link", name="drop it and start afresh")).to_be_visible()

    # Scoring it anyway is refused: it is already in.
    with ben.expect_response(lambda r: r.url.endswith("/hands/")) as answer:
        ben.get_by_role("button", name="Score hand 2").tap()
    assert answer.value.status == 409
    # What he sent comes back in the form, with why, to score as hand 3 or drop.
    expect(ben.locator("[data-moved]")).to_contain_text(
        "Hand 2 was already entered on another phone. The hand you sent is back in the form"
    )
    expect(ben.locator('#hand-form input[name="bid"][value="5"]')).to_be_checked()
    expect(ben.get_by_role("button", name="Score hand 3")).to_be_visible()
    expect(ben.locator("tbody.hand")).to_have_count(2)
    assert totals(ben) == totals(ana) == {"Ana": 0, "Ben": 4, "Cy": 5, "Dee": 0}
    assert game.hands.count() == 2
    assert ana.errors == [] and ben.errors == []
    ana.context.close()
    ben.context.close()
