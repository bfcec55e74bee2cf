"""A guest's phone at 360x740: after any change (a hand edited, undone and
restored, scored offline, or arriving from another phone) the player sees
the totals and the next hand's form where they were, the page not jumped;
and a whole short evening shows nothing refused by the
Content-Security-Policy in the console."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from tests.browser.conftest import (
    PHONE,
    console_errors,
    go_offline,
    member,
    refused_by_the_policy,
    sign_in,
)
from tests.browser.sheet import score_hand, totals
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
SHOTS = "/tmp/shots/scroll"
BEN_MAKES_4 = {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}
CY_MAKES_5 = {"bidder": 2, "bid": 5, "tricks": [3, 3, 5, 2]}


def small_phone(browser: Browser, live_server) -> tuple[BrowserContext, Page]:
    context = browser.new_context(base_url=live_server.url, **SMALL)
    context.set_default_timeout(10_000)
    sign_in(context, live_server, member())
    page = context.new_page()
    page.errors = console_errors(page)
    return context, page


def chip(page: Page, field: str, label: str) -> Locator:
    return page.locator(f'form.hand-form fieldset[data-field="{field}"] label.chip').filter(
        has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")
    )


def type_hand(page: Page, bidder: str, bid: str, taken: dict[str, int]) -> None:
    chip(page, "bidder", bidder).tap()
    chip(page, "bid", bid).tap()
    for name, count in taken.items():
        page.locator('#hand-form fieldset[data-field="tricks"] .stepper').filter(
            has_text=name
        ).locator("input").fill(str(count))


def scroll_y(page: Page) -> float:
    return page.evaluate("window.scrollY")


def shot(page: Page, name: str) -> None:
    # caret="initial": Playwright hides the caret by a style attribute of its own
    page.screenshot(path=f"{SHOTS}/{name}.png", caret="initial")


def expect_totals_and_next_hand_on_screen(page: Page, *also: str) -> None:
    """The totals, the first question of the next hand (its bidder) above
    the Score bar, and whatever else is named, all whole on the screen."""
    height = page.viewport_size["height"]
    bar = page.locator("#hand-form .actions.sticky").bounding_box()
    for selector, bottom in [
        ("#live > ol.totals", height),
        ('#hand-form fieldset[data-field="bidder"]', bar["y"]),
        *((selector, height) for selector in also),
    ]:
        box = page.locator(selector).bounding_box()
        assert box is not None, f"{selector} is not on the page"
        assert box["y"] >= 0 and box["y"] + box["height"] <= bottom + 1, (
            f"{selector} is off the screen: {box}, the screen ends at {bottom}"
        )


def test_after_a_hand_is_edited_the_sheet_opens_on_the_totals_and_the_next_hand(
    browser: Browser, live_server
) -> None:
    game = make_game(hands=[BEN_MAKES_4, CY_MAKES_5, BEN_MAKES_4])
    context, page = small_phone(browser, live_server)
    page.goto(game.get_absolute_url())
    assert totals(page) == {"Ana": 0, "Ben": 8, "Cy": 5, "Dee": 0}

    # Hand 2 was Cy bidding 6, not 5: edited from its row far down the sheet.
    page.locator("tbody.hand").nth(1).get_by_role("link", name="Edit").tap()
    expect(page.get_by_role("heading", name="Edit hand 2")).to_be_visible()
    chip(page, "bid", "6").tap()
    page.get_by_role("button", name="Save hand 2").tap()

    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    assert totals(page)["Cy"] != 5
    assert scroll_y(page) == 0
    expect_totals_and_next_hand_on_screen(page)
    expect(page.locator("#next-hand")).to_contain_text("Hand 4")
    shot(page, "after-edit")
    assert page.errors == []
    context.close()


def test_undo_and_its_undo_leave_the_totals_and_the_next_hand_on_screen(
    browser: Browser, live_server
) -> None:
    game = make_game(hands=[BEN_MAKES_4, CY_MAKES_5, BEN_MAKES_4] * 3)
    context, page = small_phone(browser, live_server)
    page.goto(game.get_absolute_url())
    before = totals(page)

    page.locator("form.undo-last").get_by_role("button").tap()
    expect(page.locator("form.notice")).to_contain_text("Hand 9 deleted")
    assert scroll_y(page) == 0
    expect_totals_and_next_hand_on_screen(page)
    expect(page.locator("#next-hand")).to_contain_text("Hand 9")
    shot(page, "after-undo")

    # Undo of the Undo: hand 9 back, the page at the totals, not at its row 1,600 px down.
    page.locator("form.notice").get_by_role("button", name="Undo").tap()
    expect(page.locator("#next-hand")).to_contain_text("Hand 10")
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    assert totals(page) == before
    assert scroll_y(page) == 0
    expect_totals_and_next_hand_on_screen(page)
    shot(page, "after-restore")
    assert page.errors == []
    context.close()


def test_a_hand_from_another_phone_leaves_the_page_where_it_was(
    browser: Browser, live_server
) -> None:
    game = make_game()
    context, page = small_phone(browser, live_server)
    other_phone, other = small_phone(browser, live_server)
    page.goto(game.get_absolute_url())
    other.goto(game.get_absolute_url())
    expect_totals_and_next_hand_on_screen(page)

    # The first hand comes with its card above the form: the page holds, the new totals in sight.
    type_hand(other, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2})
    score_hand(other, 1)
    expect(page.locator("tbody.hand")).to_have_count(1, timeout=5_000)
    assert totals(page) == {"Ana": 0, "Ben": 4, "Cy": 0, "Dee": 0}
    assert scroll_y(page) == 0
    expect_totals_and_next_hand_on_screen(page, "#just-scored")

    # Scrolled a little, the totals still on the screen: it holds there too.
    page.evaluate("window.scrollTo(0, 40)")
    type_hand(other, "Cy", "5", {"Ana": 3, "Ben": 3, "Cy": 5})
    score_hand(other, 2)
    expect(page.locator("tbody.hand")).to_have_count(2, timeout=5_000)
    assert scroll_y(page) == 40
    expect_totals_and_next_hand_on_screen(page)

    # Typing the next hand when another comes: the form stays under the thumb, the totals in sight.
    page.evaluate("window.scrollTo(0, 0)")
    chip(page, "bidder", "Ana").tap()
    bidders = page.locator('#hand-form fieldset[data-field="bidder"]')
    where = bidders.bounding_box()["y"]
    type_hand(other, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2})
    score_hand(other, 3)
    expect(page.locator("tbody.hand")).to_have_count(3, timeout=5_000)
    expect(page.locator("[data-moved]")).to_contain_text("Hand 3 was already entered")
    assert bidders.bounding_box()["y"] == pytest.approx(where, abs=2)
    expect_totals_and_next_hand_on_screen(page)
    shot(page, "after-another-phone")
    assert page.errors == [] and other.errors == []
    context.close()
    other_phone.close()
    other_phone.close()


def test_a_hand_scored_offline_leaves_the_totals_and_the_not_connected_line_on_screen(
    browser: Browser, live_server
) -> None:
    game = make_game(hands=[BEN_MAKES_4, CY_MAKES_5])
    context, page = small_phone(browser, live_server)
    page.goto(game.get_absolute_url())
    go_offline(context)
    expect(page.locator("#connection")).to_contain_text("Not connected since")
    assert scroll_y(page) == 0
    expect_totals_and_next_hand_on_screen(page, "#connection")

    for number in (3, 4):
        type_hand(page, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2})
        where = scroll_y(page)
        page.get_by_role("button", name=f"Score hand {number}").tap()
        expect(page.locator("#outbox li")).to_have_count(number - 2)
        expect(page.get_by_role("button", name=f"Score hand {number + 1}")).to_be_visible()
        assert scroll_y(page) == where
        page.evaluate("window.scrollTo(0, 0)")
        expect_totals_and_next_hand_on_screen(page, "#connection", "#unsent-note")
    shot(page, "after-offline-hands")

    context.set_offline(False)
    expect(page.locator("tbody.hand")).to_have_count(4, timeout=15_000)
    expect(page.locator("#outbox")).to_have_count(0)
    expect_totals_and_next_hand_on_screen(page)
    assert game.hands.count() == 4
    # Offline, htmx and Chromium log each unanswered poll as an error: none of them is the policy's.
    assert refused_by_the_policy(page.errors) == []
    assert not [error for error in page.errors if error.startswith("page error")]
    context.close()


def test_a_whole_short_evening_shows_nothing_refused_by_the_policy(
    browser: Browser, live_server
) -> None:
    """Hands entered, one edited, one undone and restored, one from another
    phone: the console shows no style or script the policy refused (a swap
    that copied a style attribute over was refused)."""
    game = make_game()
    context, page = small_phone(browser, live_server)
    other_phone, other = small_phone(browser, live_server)
    page.goto(game.get_absolute_url())
    other.goto(game.get_absolute_url())
    # As the evening's tester did: Playwright's screenshot hides the caret by a style
    # attribute on each input, which htmx's swap would copy over, refused.
    page.screenshot(path=f"{SHOTS}/evening-start.png")

    type_hand(page, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2})
    score_hand(page, 1)
    type_hand(page, "Cy", "5", {"Ana": 3, "Ben": 3, "Cy": 5})
    score_hand(page, 2)
    expect(other.locator("tbody.hand")).to_have_count(2, timeout=5_000)
    type_hand(other, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2})
    score_hand(other, 3)
    expect(page.locator("tbody.hand")).to_have_count(3, timeout=5_000)

    page.locator("tbody.hand").nth(1).get_by_role("link", name="Edit").tap()
    chip(page, "bid", "6").tap()
    page.get_by_role("button", name="Save hand 2").tap()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    page.locator("form.undo-last").get_by_role("button").tap()
    page.locator("form.notice").get_by_role("button", name="Undo").tap()
    expect(page.locator("#next-hand")).to_contain_text("Hand 4")
    type_hand(page, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2})
    score_hand(page, 4)
    expect(other.locator("tbody.hand")).to_have_count(4, timeout=5_000)
    shot(page, "evening-end")

    assert refused_by_the_policy(page.errors + other.errors) == []
    assert page.errors == [] and other.errors == []
    context.close()
    other_phone.close()
