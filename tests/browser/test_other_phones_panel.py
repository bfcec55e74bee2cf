"""The "Other phones" panel on the score sheet: each code centred with its
link right under it, printed once, and a button to pass it on: Share where
the phone has a share sheet, Copy link where it has not; with no script the
link is still there to copy by hand."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, member, sign_in
from tests.factories import make_game
from vinescore.table.links import SpectatorLink, TableLink

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SHOTS")  # for looking at the panel: SHOTS=folder
SIZES = [(360, 740), (390, 844)]
# A phone with a share sheet: what it was handed is kept for the test to read.
SHARE_SHEET = """
Object.defineProperty(Navigator.prototype, "share", {
  configurable: true,
  value: async (data) => { window.sharedWith = data; },
});
"""


def members_phone(browser: Browser, live_server, size=(390, 844), **extra) -> Page:
    width, height = size
    context = browser.new_context(
        base_url=live_server.url,
        **{**PHONE, "viewport": {"width": width, "height": height}},
        **extra,
    )
    context.set_default_timeout(10_000)
    sign_in(context, live_server, member())
    return context.new_page()


def open_the_panel(page: Page, game) -> None:
    page.goto(game.get_absolute_url())
    page.get_by_role("link", name="Other phones").tap()
    expect(page.locator("#join-slot #join-panel")).to_be_visible()


def box(locator) -> dict:
    return locator.bounding_box()


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_each_code_is_centred_with_its_link_once_right_under_it(
    browser: Browser, live_server, size: tuple[int, int]
) -> None:
    game = make_game()
    table = TableLink.objects.create(game=game)
    SpectatorLink.objects.create(game=game)
    page = members_phone(browser, live_server, size)
    open_the_panel(page, game)
    if SHOTS:
        page.locator("#join-panel").screenshot(path=f"{SHOTS}/other-phones-{size[0]}.png")
    address = f"{live_server.url}/t/{table.code}/"
    expect(page.locator("#join-panel .link a")).to_have_count(3)
    for section in ("#table", "#short", "#watch"):
        where, code = box(page.locator(section)), box(page.locator(f"{section} .qr svg"))
        link = box(page.locator(f"{section} .link a"))
        # Centred in its section, square, and big enough to scan across the table.
        middle = where["x"] + where["width"] / 2
        assert code["x"] + code["width"] / 2 == pytest.approx(middle, abs=2), section
        assert code["height"] == pytest.approx(code["width"], abs=1) and code["width"] >= 180
        # Its link right under it: no blank gap between.
        assert 0 <= link["y"] - (code["y"] + code["height"]) <= 24, section
    # The table link is printed once (no box repeating it).
    shown = page.locator("#join-panel").get_by_text(address, exact=True).filter(visible=True)
    expect(shown).to_have_count(1)
    expect(page.locator("#join-panel input[type=text]")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    page.context.close()


def test_with_no_share_sheet_the_button_copies_the_link(browser: Browser, live_server) -> None:
    game = make_game()
    table = TableLink.objects.create(game=game)
    page = members_phone(browser, live_server)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_the_panel(page, game)
    assert page.evaluate("'share' in navigator") is False
    expect(page.locator("#join-panel").get_by_role("button", name="Share")).to_have_count(0)
    page.locator("#table").get_by_role("button", name="Copy link").tap()
    expect(page.locator("#table [data-share-said]")).to_have_text("Copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{live_server.url}/t/{table.code}/"
    page.context.close()


def test_a_phone_with_a_share_sheet_shares_the_link_from_the_sheet(
    browser: Browser, live_server
) -> None:
    game = make_game()
    table = TableLink.objects.create(game=game)
    page = members_phone(browser, live_server)
    page.add_init_script(SHARE_SHEET)
    open_the_panel(page, game)
    expect(page.locator("#join-panel").get_by_role("button", name="Share")).to_have_count(2)
    page.locator("#table").get_by_role("button", name="Share").tap()
    expect(page.locator("#table [data-share-said]")).to_have_text("Shared.")
    assert page.evaluate("window.sharedWith") == {
        "title": "Table link",
        "url": f"{live_server.url}/t/{table.code}/",
    }
    page.context.close()


def test_with_no_script_the_link_is_there_to_copy(browser: Browser, live_server) -> None:
    game = make_game()
    table = TableLink.objects.create(game=game)
    page = members_phone(browser, live_server, java_script_enabled=False)
    page.goto(game.get_absolute_url())
    page.get_by_role("link", name="Other phones").tap()
    expect(page).to_have_url(f"{live_server.url}/games/{game.pk}/join/")
    address = f"{live_server.url}/t/{table.code}/"
    expect(page.locator("#table .link a")).to_have_text(address)
    expect(page.locator("#table .link a")).to_have_attribute("href", address)
    expect(page.locator("#table [data-share-button]")).to_be_hidden()
    page.context.close()
