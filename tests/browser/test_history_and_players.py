"""Looking back on a phone: history, a player's page, head-to-head, charts."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.sheet import from_menu
from tests.factories import make_game

pytestmark = pytest.mark.browser

BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
ANA_13 = {"bidder": 0, "bid": 13, "tricks": [13, 0, 0, 0]}


@pytest.mark.django_db(transaction=True)
def test_history_player_pages_and_charts_on_a_phone(page: Page) -> None:
    make_game(hands=[BEN_13] * 4)
    make_game(hands=[ANA_13] * 4)
    make_game(hands=[BEN_13] * 4)
    make_game("chevalier")

    page.goto("/")
    from_menu(page, "History")
    expect(page.get_by_role("heading", name="History")).to_be_visible()
    expect(page.locator("a.card")).to_have_count(4)

    page.get_by_text("Filter games").tap()
    page.locator("#id_status").select_option("finished")
    page.get_by_role("button", name="Show games").tap()
    expect(page.locator("a.card")).to_have_count(3)
    expect(page.get_by_text("3 games", exact=True)).to_be_visible()

    # A backwards date range is refused beside the field.
    page.locator("#id_start").fill("2030-01-02")
    page.locator("#id_end").fill("2030-01-01")
    page.get_by_role("button", name="Show games").tap()
    expect(page.get_by_text("The end date is before the start date.")).to_be_visible()

    from_menu(page, "Players")
    page.get_by_role("link", name="Ben", exact=True).tap()
    expect(page.get_by_role("heading", name="Ben", exact=True)).to_be_visible()
    expect(page.locator(".stats .total").filter(has_text="Win rate")).to_contain_text("67%")
    expect(page.locator("dl.facts")).to_contain_text("Ana (1 game)")
    chart = page.locator("svg.chart")
    expect(chart).to_be_visible()
    expect(chart.locator("circle.won")).to_have_count(2)
    box = chart.bounding_box()
    assert box is not None and box["width"] <= 390

    page.locator("#id_other").select_option(label="Ana")
    page.get_by_role("button", name="Compare").tap()
    expect(page.get_by_role("heading", name="Ben v Ana")).to_be_visible()
    expect(page.locator(".total").filter(has_text="Ben ahead")).to_contain_text("2")

    page.locator("a.card").first.tap()
    expect(page.locator(".chart-box svg.chart polyline")).to_have_count(4)
    expect(page.locator(".chart-box .legend li")).to_have_count(4)
