"""The top bar fits one line of a 360 px phone, in English and in German,
for everyone who opens vinescore: a guest at the table, a member (with a
long name too), a visitor not signed in, a spectator. Nothing is cut off,
the page never scrolls sideways, and every control stays thumb-sized."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, member, sign_in
from tests.factories import make_game, make_member
from vinescore.table.links import SpectatorLink, TableLink

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("SHOTS")  # for looking at the bars: SHOTS=folder
SIZES = [(360, 740), (390, 844)]
LOCALES = ["en-GB", "de-DE"]
# A bar of one line: a 48 px tap target and the bar's own padding and border.
ONE_LINE = 56


def phone(browser: Browser, live_server, locale: str, size: tuple[int, int], user=None) -> Page:
    width, height = size
    context = browser.new_context(
        base_url=live_server.url,
        locale=locale,
        **{**PHONE, "viewport": {"width": width, "height": height}},
    )
    context.set_default_timeout(10_000)
    if user is not None:
        sign_in(context, live_server, user)
    return context.new_page()


def bar_fits_one_line(page: Page, width: int, name: str) -> None:
    if SHOTS:
        clip = {"x": 0, "y": 0, "width": width, "height": 200}
        page.screenshot(path=f"{SHOTS}/{name}.png", clip=clip)
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "scrolls sideways"
    bar = page.locator("header.topbar").bounding_box()
    assert bar["height"] <= ONE_LINE, f"the top bar is {bar['height']} px tall"
    controls = page.locator("header.topbar").locator(
        "a:visible, summary:visible, .guest-mark, nav > .muted"
    )
    assert controls.count() >= 2
    for control in controls.all():
        box = control.bounding_box()
        said = control.inner_text()
        # Inside the bar, across and down: on its one line, and whole.
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{said!r} is cut off"
        assert box["y"] >= bar["y"] and box["y"] + box["height"] <= bar["y"] + bar["height"]
        assert control.evaluate("el => el.scrollWidth <= el.clientWidth || !el.clientWidth"), (
            f"{said!r} is shortened"
        )
        if control.evaluate("el => el.matches('a, summary')"):
            assert box["height"] >= 44 and box["width"] >= 44, f"{said!r} is too small a target"


def guest(browser, live_server, locale, size, game) -> Page:
    page = phone(browser, live_server, locale, size)
    page.goto(f"/t/{TableLink.objects.create(game=game).code}/")
    expect(page.locator("#hand-form")).to_be_visible()
    expect(page.locator("header.topbar .guest-mark")).to_have_text(
        "Guest" if locale == "en-GB" else "Gast"
    )
    return page


def a_member(browser, live_server, locale, size, game) -> Page:
    page = phone(browser, live_server, locale, size, member())
    page.goto(game.get_absolute_url())
    expect(page.locator("header.topbar .top-actions > .button")).to_have_text(
        "New game" if locale == "en-GB" else "Neues Spiel"
    )
    return page


def signed_out(browser, live_server, locale, size, game) -> Page:
    page = phone(browser, live_server, locale, size)
    page.goto("/rules/")
    expect(page.locator("header.topbar summary")).to_be_visible()
    return page


def spectator(browser, live_server, locale, size, game) -> Page:
    page = phone(browser, live_server, locale, size)
    page.goto(f"/watch/{SpectatorLink.objects.create(game=game).token}/")
    expect(page.locator("header.topbar nav")).to_be_visible()
    return page


VISITORS: dict[str, Callable[..., Page]] = {
    "guest": guest,
    "member": a_member,
    "signed-out": signed_out,
    "spectator": spectator,
}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_top_bar_is_one_line_for_every_visitor(
    browser: Browser, live_server, locale: str, size: tuple[int, int]
) -> None:
    game = make_game()
    for who, opens in VISITORS.items():
        page = opens(browser, live_server, locale, size, game)
        bar_fits_one_line(page, size[0], f"bar-{who}-{locale}-{size[0]}")
        page.context.close()


@pytest.mark.parametrize("locale", LOCALES)
def test_a_member_with_a_long_name_keeps_new_game_on_one_line(
    browser: Browser, live_server, locale: str
) -> None:
    someone = make_member("Margaretha-Wilhelmina-van-der-Berg")
    page = phone(browser, live_server, locale, (360, 740), someone)
    page.goto("/")
    new_game = page.locator("header.topbar .button")
    expect(new_game).to_have_text("New game" if locale == "en-GB" else "Neues Spiel")
    bar_fits_one_line(page, 360, f"bar-long-name-{locale}-360")
    # The name gives way, shortened, and the menu still opens on it.
    page.locator("header.topbar summary").tap()
    expect(page.locator("header.topbar .menu-panel .account")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.context.close()


def test_a_guest_changes_the_language_from_its_two_letters(browser: Browser, live_server) -> None:
    page = guest(browser, live_server, "en-GB", (360, 740), make_game())
    language = page.locator("header.topbar details.language-menu > summary")
    expect(language.locator("[aria-hidden=true]")).to_have_text("EN")
    expect(language).to_have_accessible_name("Language: English")
    language.tap()
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/language-open-360.png")
    page.get_by_role("button", name="Deutsch").tap()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("header.topbar details.language-menu > summary")).to_have_accessible_name(
        "Sprache: Deutsch"
    )
    bar_fits_one_line(page, 360, "bar-guest-switched-to-de-360")
    page.context.close()
