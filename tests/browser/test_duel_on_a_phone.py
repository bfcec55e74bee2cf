"""A duel on a phone: choose health and rounds, tap the hits, undo a mis-tap,
and win the match."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import make_player

pytestmark = pytest.mark.browser


def tap_button(page: Page, label: str) -> None:
    """Tap a one-tap button and wait for htmx to swap the sheet in place."""
    page.evaluate("window.__marker = 1")
    with page.expect_response(lambda r: r.url.endswith("/hands/")):
        page.get_by_role("button", name=label, exact=True).tap()
    expect(page.locator("#live")).to_be_visible()
    assert page.evaluate("window.__marker") == 1, "the page reloaded instead of swapping"


def status(page: Page):
    return page.locator("#status-line")


@pytest.mark.django_db(transaction=True)
def test_a_duel_is_tracked_by_taps_to_the_end_of_the_match(page: Page) -> None:
    make_player("Ana")
    make_player("Ben")
    page.goto("/games/new/")
    page.get_by_role("link", name="Duel").tap()
    page.locator("#id_seat_1_name").fill("Ana")
    page.locator("#id_seat_2_name").fill("Ben")
    page.get_by_role("button", name="Start game").tap()
    # Nothing chosen: both questions are asked beside their fields.
    expect(page.get_by_text("Enter the starting health.")).to_be_visible()
    expect(page.get_by_text("Enter the rounds to win the match.")).to_be_visible()
    page.locator("#id_stakes").fill("5")
    page.locator("#id_target").fill("2")
    page.get_by_role("button", name="Start game").tap()

    expect(page.get_by_role("heading", name="Duel", exact=True)).to_be_visible()
    expect(status(page)).to_have_text("Round 1: Ana 5 health, Ben 5 · both reveal a card at once")
    expect(page.locator("#next-hand")).to_have_text("Hand 1")
    expect(page.get_by_text("dealt.")).to_have_count(0)  # nobody deals in a duel

    tap_button(page, "Ben takes 3")
    expect(status(page)).to_have_text("Round 1: Ana 5 health, Ben 2 · Ana attacks")
    expect(page.get_by_text("dealt.")).to_have_count(0)
    tap_button(page, "Ana takes 4")  # a mis-tap: undo it
    expect(status(page)).to_have_text("Round 1: Ana 1 health, Ben 2 · Ben attacks")
    page.get_by_role("button", name="Undo the last hand").tap()
    expect(page.get_by_text("Hand 2 deleted")).to_be_visible()
    expect(status(page)).to_have_text("Round 1: Ana 5 health, Ben 2 · Ana attacks")

    tap_button(page, "Ben takes 3")  # 2 - 3 = -1: Ben loses round 1
    expect(page.locator("tbody.hand tr.explain").last).to_contain_text(
        "Ben drops below 0 (-1): Ana wins round 1"
    )
    expect(status(page)).to_have_text("Round 2: Ana 5 health, Ben 5 · both reveal a card at once")

    # Both take damage in the same exchange: the form records it.
    form = page.locator("#hand-form")
    steppers = form.locator('fieldset[data-field="damage"] .stepper')
    steppers.filter(has_text="Ana").locator("input").fill("2")
    steppers.filter(has_text="Ben").locator("input").fill("1")
    page.evaluate("window.__marker = 1")
    with page.expect_response(lambda r: r.url.endswith("/hands/")):
        form.get_by_role("button", name="Score hand").tap()
    expect(status(page)).to_have_text("Round 2: Ana 3 health, Ben 4 · Ben attacks")

    tap_button(page, "Ben's deck is out")
    banner = page.locator("section.winner")
    expect(banner).to_contain_text("Ana wins")
    expect(banner).to_contain_text("First to reach 2")
    totals = page.locator("ol.totals .score")
    expect(totals).to_have_text(["2", "0"])
