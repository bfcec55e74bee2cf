"""What the browser tests read off the score sheet, shared by every journey."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

# The start form's first-dealer chips of the seated players (not "Draw at random").
SEATED_DEALERS = "[data-dealer-chips] label.chip:not([hidden]):not(:has(input[value=random]))"


def totals(page: Page) -> dict[str, int]:
    items = page.locator("#live > ol.totals li.total")  # the server's, not a kept phone's own
    return {
        item.locator(".who").inner_text(): int(item.locator(".score").inner_text())
        for item in items.all()
    }


def on_screen(page: Page, locator: Locator) -> bool:
    """The whole of it is on the phone's screen (a pixel of rounding aside)."""
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= -1 and box["y"] + box["height"] <= height + 1


def score_hand(page: Page, number: int, button: str = "Score hand {number}") -> None:
    """Tap "Score hand N" (or the button's words in the page's language) and
    wait for htmx to swap the sheet in place."""
    page.evaluate("window.__marker = 1")
    with page.expect_response(lambda r: r.url.endswith("/hands/")) as answer:
        page.get_by_role("button", name=button.format(number=number)).tap()
    response = answer.value
    assert response.request.headers.get("hx-request") == "true"
    assert response.status == 200
    expect(page.locator("tbody.hand")).to_have_count(number)
    assert page.evaluate("window.__marker") == 1, "the page was reloaded, not swapped"


def expect_next_hand(page: Page, number: int, dealer: str, first_bidder: str) -> None:
    expect(page.locator("#next-hand")).to_have_text(
        f"Hand {number} · {dealer} deals · {first_bidder} bids first"
    )


def last_explanation(page: Page) -> Locator:
    return page.locator("tbody.hand tr.explain").last


def from_menu(page: Page, name: str) -> None:
    """Tap a link of the top bar's menu (Games, History, Players, Rules),
    opening the menu first, as a thumb does."""
    menu = page.locator("header.topbar details.menu")
    if menu.get_attribute("open") is None:
        menu.locator("summary").tap()
    menu.get_by_role("link", name=name, exact=True).tap()
