"""Changing the seats on a phone: the order before the first hand, then a
wrong name replaced after it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import make_game, make_player

pytestmark = pytest.mark.browser


@pytest.mark.django_db(transaction=True)
def test_the_seats_change_before_the_first_hand_and_a_name_after_it(page: Page) -> None:
    game = make_game()
    make_player("Bea")

    page.goto(game.get_absolute_url())
    page.get_by_role("link", name="Seats", exact=True).tap()
    expect(page.get_by_text("No hand has been scored yet")).to_be_visible()
    # Ana moves down a seat, then Ben deals first.
    page.get_by_role("button", name="Move Seat 1 down").tap()
    page.locator("[data-dealer-chips] label").filter(has_text="Ben").tap()
    page.get_by_role("button", name="Save the seats").tap()

    expect(page.locator("ol.totals .who")).to_have_text(["Ben", "Ana", "Cy", "Dee"])
    expect(page.locator("#next-hand")).to_contain_text("Ben deals")

    # A hand is scored (here straight into the database).
    game.refresh_from_db()
    game.add_hand(
        game.rules.clean({"bidder": 0, "bid": 4, "tricks": [4, 3, 2, 4]}, game.sheet().next_table)
    )
    page.reload()

    page.get_by_role("link", name="Seats", exact=True).tap()
    expect(
        page.get_by_text("Hands have been scored, so the seats keep their order")
    ).to_be_visible()
    page.get_by_label("Seat").select_option(label="Seat 1: Ben")
    page.get_by_label("Sits there instead").select_option(label="Bea")
    page.get_by_role("button", name="Replace").tap()
    expect(page.locator("ol.totals .who")).to_have_text(["Bea", "Ana", "Cy", "Dee"])
    page.get_by_role("link", name="Change log").tap()
    expect(
        page.get_by_text("Seat 1: Ben was replaced by Bea, in every hand played there.")
    ).to_be_visible()
