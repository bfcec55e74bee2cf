"""A game of a fixed number of hands on a phone: the sheet says which hand of
how many comes next, and the last one brings the winner into view."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.sheet import score_hand
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/shots/handlimit"
BEN_MAKES_4 = {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}


def chip(page: Page, field: str, label: str) -> Locator:
    return page.locator(f'#hand-form fieldset[data-field="{field}"] label.chip').filter(
        has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")
    )


def tricks_input(page: Page, name: str) -> Locator:
    steppers = page.locator('#hand-form fieldset[data-field="tricks"] .stepper')
    return steppers.filter(has_text=name).locator("input")


def test_the_last_of_three_hands_shows_the_winner_without_a_scroll(page: Page) -> None:
    game = make_game(hand_limit=3, hands=[BEN_MAKES_4] * 2)
    page.goto(game.get_absolute_url())
    next_hand = page.locator("#next-hand")
    expect(next_hand).to_have_text("Hand 3 of 3 · Cy deals · Dee bids first")
    expect(next_hand).to_be_in_viewport()
    page.screenshot(path=f"{SHOTS}/last-hand-next.png")

    chip(page, "bidder", "Ana").tap()
    chip(page, "bid", "5").tap()
    for name, tricks in (("Ana", "5"), ("Ben", "4"), ("Cy", "2")):
        tricks_input(page, name).fill(tricks)
    score_hand(page, 3)

    winner = page.locator("#live section.winner").first
    expect(winner).to_contain_text("Ben wins")
    expect(winner).to_contain_text("Highest total after 3 hands.")
    expect(winner.get_by_role("heading", name=re.compile("Ben wins"))).to_be_in_viewport()
    expect(page.get_by_role("button", name="Score hand 4")).to_have_count(0)
    page.screenshot(path=f"{SHOTS}/won-after-the-last-hand.png")
