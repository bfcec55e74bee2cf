"""A kept game through a whole evening: the sheet reopens without the
server and is still scored on the phone (Pyodide comes from the service
worker's cache), and a hand overtaken by another phone comes back to be
entered again, beside what this phone had."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import go_offline
from tests.browser.kept import PHONE_ROWS, READY, enter, keep, phone, phone_totals
from tests.browser.sheet import on_screen
from tests.browser.test_rules_pad_and_mu import start_game
from tests.factories import make_game, make_player
from vinescore.scoring import REGISTRY

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HANDS = [
    {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]},
    {"bidder": 2, "bid": 5, "tricks": [3, 3, 5, 2]},
]


def test_a_kept_sheet_reopened_offline_is_still_scored_on_the_phone(
    browser: Browser, live_server
) -> None:
    game = make_game("coralon", target=500)
    context, page = phone(browser, live_server)
    keep(page, game)
    expect(page.locator("html[data-offline-ready]")).to_have_count(1)

    go_offline(context)
    page.reload()
    expect(page.locator("html[data-offline-copy]")).to_have_count(1)
    expect(page.locator("#keep[data-keep-ready]")).to_have_count(1, timeout=60_000)
    enter(page, HANDS[0])
    page.get_by_role("button", name="Score hand 1").tap()
    expect(page.locator(PHONE_ROWS)).to_have_count(1)
    expect(page.locator(PHONE_ROWS)).to_contain_text("Not sent yet")
    first = dict(HANDS[0], earlier_zeros=[])
    assert phone_totals(page) == list(game.sheet().extended(first).totals)

    context.set_offline(False)
    page.reload()
    expect(page.locator("#live tbody.hand")).to_have_count(1, timeout=30_000)
    expect(page.locator("#outbox")).to_have_count(0)
    game.refresh_from_db()
    assert list(game.sheet().totals) == [
        int(t) for t in page.locator("#live ol.totals [data-total]").all_inner_texts()
    ]
    assert page.script_errors == []
    context.close()


def test_a_hand_overtaken_by_another_phone_comes_back_beside_what_this_phone_had(
    browser: Browser, live_server
) -> None:
    game = make_game("coralon", target=500)
    context, page = phone(browser, live_server)
    keep(page, game)
    go_offline(context)
    for number, facts in enumerate(HANDS, start=1):
        enter(page, facts)
        page.get_by_role("button", name=f"Score hand {number}").tap()
        expect(page.locator(PHONE_ROWS)).to_have_count(number)
    had = phone_totals(page)

    # Meanwhile another phone scores hand 1 differently.
    rules = REGISTRY["coralon"]
    other = {"bidder": 3, "bid": 6, "tricks": [2, 2, 2, 7], "earlier_zeros": []}
    game.add_hand(rules.clean(other, game.sheet().next_table))
    game.refresh_result()

    context.set_offline(False)
    note = page.locator("#unsent-note")
    expect(note).to_contain_text("Another phone changed the sheet", timeout=30_000)
    names = ("Ana", "Ben", "Cy", "Dee")
    had_words = ", ".join(f"{n} {t}" for n, t in zip(names, had, strict=True))
    expect(note).to_contain_text(f"this phone had these totals: {had_words}")
    expect(page.locator("#hand-form [data-moved]")).to_contain_text(
        "The hand you sent is back in the form"
    )

    # Nothing is lost: the first hand is in the form, the second waits to be put back.
    page.get_by_role("button", name="Score hand 2").tap()
    expect(page.locator("#live tbody.hand")).to_have_count(2, timeout=30_000)
    page.get_by_role("button", name="Put it in the form").tap()
    page.get_by_role("button", name="Score hand 3").tap()
    expect(page.locator("#live tbody.hand")).to_have_count(3, timeout=30_000)
    expect(page.locator("#outbox")).to_have_count(0)
    expect(note).to_be_hidden()
    game.refresh_from_db()
    stored = [h.facts for h in game.live_hands()]
    assert stored[0]["bidder"] == 3
    assert [s["bidder"] for s in stored[1:]] == [1, 2]
    assert page.script_errors == []
    context.close()


def test_the_phone_that_starts_a_game_keeps_it(browser: Browser, live_server) -> None:
    for name in ("Ana", "Ben", "Cy"):
        make_player(name)
    context, page = phone(browser, live_server)
    page.goto("/")
    start_game(page, "Coralon", "New Coralon game", ("Ana", "Ben", "Cy"), dealer="Ana")
    page.get_by_role("button", name="Start game").tap()
    expect(page.locator("#keep[data-keep-ready]")).to_have_count(1, timeout=READY)
    expect(page.locator("#keep")).to_contain_text("Kept on this phone")
    expect(page.get_by_role("button", name="Keep this game on this phone")).to_be_hidden()

    # Another phone (or a reload after it is kept) asks no more.
    other, other_page = phone(browser, live_server)
    other_page.goto(page.url)
    expect(other_page.get_by_role("button", name="Keep this game on this phone")).to_be_visible()
    assert page.script_errors == [] and other_page.script_errors == []
    other.close()
    context.close()


def test_the_totals_the_line_about_the_connection_and_the_form_stay_in_sight_when_it_drops(
    browser: Browser, live_server
) -> None:
    """Going offline puts the sheet scored on the phone, and then the line
    saying the sheet is not updating, above the form: the page holds, and
    the totals, that line and the form are all on the screen."""
    game = make_game("coralon", target=500)
    context, page = phone(browser, live_server)
    keep(page, game)
    bidder = page.locator('#hand-form fieldset[data-field="bidder"]')
    bidder.scroll_into_view_if_needed()
    scrolled = page.evaluate("window.scrollY")

    go_offline(context)
    expect(page.locator("#unsent-note")).to_contain_text("The server is out of reach")
    expect(page.locator("#connection")).to_contain_text("Not connected since")
    assert page.evaluate("window.scrollY") == scrolled
    for shown in (page.locator("#connection"), page.locator("#live > ol.totals"), bidder):
        assert on_screen(page, shown)

    enter(page, HANDS[0])
    page.get_by_role("button", name="Score hand 1").tap()
    expect(page.locator(PHONE_ROWS)).to_have_count(1)
    assert page.script_errors == []
    context.close()
