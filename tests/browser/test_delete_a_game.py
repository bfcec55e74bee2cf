"""Deleting a game started by mistake on a phone, and taking it back."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import make_game

pytestmark = pytest.mark.browser

BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


@pytest.mark.django_db(transaction=True)
def test_a_member_deletes_a_game_and_undoes_it_on_a_phone(page: Page) -> None:
    kept = make_game(target=200, hands=[BEN_13])
    mistake = make_game("thief", ("Ana", "Ben", "Cy"), hands=[])

    page.goto(mistake.get_absolute_url())
    page.get_by_role("link", name="Delete this game").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Delete Thief #{mistake.pk}?")
    expect(page.get_by_text("Ana, Ben, Cy · 0 hands · in progress")).to_be_visible()
    page.get_by_role("button", name="Delete this game").tap()

    # The games list: the game is gone from it, with Undo at hand.
    expect(page.get_by_role("heading", name="Games")).to_be_visible()
    notice = page.locator("form.notice")
    expect(notice).to_contain_text(f"Thief #{mistake.pk} deleted, with its 0 hands.")
    expect(page.locator(f'a.card[href="{mistake.get_absolute_url()}"]')).to_have_count(0)
    expect(page.locator(f'a.card[href="{kept.get_absolute_url()}"]')).to_have_count(1)
    button = notice.get_by_role("button", name="Undo")
    box = button.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390  # within a thumb's reach
    button.tap()

    # Back on its sheet, and in History again.
    expect(page.get_by_role("heading", level=1)).to_have_text("Thief")
    expect(page.locator("ol.totals .who")).to_have_text(["Ana", "Ben", "Cy"])
    page.goto("/history/")
    expect(page.locator(f'a.card[href="{mistake.get_absolute_url()}"]')).to_have_count(1)
