"""The ratings on a phone: from the players list to the leaderboard of a
game, its trend lines, another game's board and a player's ratings."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import make_game

pytestmark = pytest.mark.browser

SCREENSHOT = "/tmp/vinescore-ratings.png"
PLAYER_SCREENSHOT = "/tmp/vinescore-player-ratings.png"
NARROW_SCREENSHOT = "/tmp/vinescore-ratings-320.png"
BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
ANA_13 = {"bidder": 0, "bid": 13, "tricks": [13, 0, 0, 0]}
BISHOP_MADE = {"passed": False, "bidder": 0, "bid": 6, "block": "war", "partner": 2, "points": 7}


@pytest.mark.django_db(transaction=True)
def test_the_leaderboard_on_a_phone(page: Page) -> None:
    for _ in range(4):
        make_game(hands=[BEN_13] * 4)
    make_game(hands=[ANA_13] * 4)
    make_game(names=("Ana", "Eli", "Cy", "Dee"), hands=[BEN_13] * 4)  # Eli's first game, won
    make_game("bishop", ("Ana", "Ben", "Cy", "Dee", "Eli"), hands=[BISHOP_MADE] * 4)

    page.goto("/players/")
    page.get_by_role("link", name="Ratings: who plays best, game by game").tap()
    expect(page.get_by_role("heading", name="Ratings: Coralon")).to_be_visible()
    rows = page.locator("table.ratings tbody tr")
    expect(rows).to_have_count(5)
    # Ben won four of six; Eli, new, won one and is not put at the top.
    expect(rows.first.locator("th")).to_contain_text("Ben")
    expect(rows.filter(has_text="Eli")).to_contain_text("provisional until 5 games")
    assert rows.filter(has_text="Eli").locator("td").first.inner_text() != "1"
    expect(page.locator("svg.trend")).to_have_count(5)

    # Every row, with its trend, fits the phone's width without a scroll.
    table = page.locator("table.ratings").bounding_box()
    assert table is not None and table["x"] + table["width"] <= 390
    page.screenshot(path=SCREENSHOT)
    # ...and on the narrowest phones, nothing is wider than the screen.
    page.set_viewport_size({"width": 320, "height": 700})
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.screenshot(path=NARROW_SCREENSHOT)
    page.set_viewport_size({"width": 390, "height": 844})
    last = rows.last.bounding_box()
    assert last is not None and last["y"] + last["height"] <= 844

    page.get_by_role("link", name="Bishop").tap()
    expect(page.get_by_role("heading", name="Ratings: Bishop")).to_be_visible()
    # Ana bid and Cy was her partner in every hand, and they made it.
    top_two = page.locator("table.ratings tbody tr th a")
    expect(top_two.nth(0)).to_have_text("Ana")
    expect(top_two.nth(1)).to_have_text("Cy")

    top_two.nth(0).tap()
    expect(page.get_by_role("heading", name="Ana", exact=True)).to_be_visible()
    ratings = page.locator("section.player-ratings")
    expect(ratings.get_by_role("heading", name="Ratings")).to_be_visible()
    expect(ratings.locator("tbody tr").filter(has_text="Bishop")).to_contain_text("1 of 5")
    box = ratings.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    ratings.screenshot(path=PLAYER_SCREENSHOT)
