"""Joining the table by its table link, on phones: a guest with no account
types it (it is short enough to read out) and scores a hand, and cannot
reach History; the link follows the table into the rematch and is refused
once a member withdraws it; and the address another phone sees is one it can open, never
this machine's loopback name."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import CHROMIUM, PHONE
from tests.browser.sheet import score_hand, totals
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def guest_phone(browser: Browser, live_server, errors: list[str]) -> Page:
    """A phone at the table with no account: nobody signed in."""
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.set_default_timeout(10_000)
    phone = context.new_page()
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    return phone


def show_table_link(member: Page, game) -> str:
    """The member opens "Other phones" and shows the table link; its address."""
    member.goto(game.get_absolute_url())
    member.get_by_role("link", name="Other phones").tap()
    member.get_by_role("button", name="Show a table link").tap()
    expect(member.locator(".table-link svg")).to_have_count(1)
    address = member.locator(".table-link .link a").get_attribute("href")
    # Short enough to read out across the table: eight letters and digits.
    assert re.fullmatch(r"/t/[0-9a-hjkmnp-tv-z]{8}/", urlsplit(address).path), address
    return address


def tap_chip(phone: Page, field: str, label: str) -> None:
    phone.locator(f'#hand-form fieldset[data-field="{field}"] label.chip').filter(
        has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")
    ).tap()


def fill_tricks(phone: Page, tricks: dict[str, int]) -> None:
    for name, count in tricks.items():
        phone.locator('fieldset[data-field="tricks"] .stepper').filter(has_text=name).locator(
            "input"
        ).fill(str(count))


def test_a_guest_scans_the_table_link_scores_a_hand_and_cannot_reach_history(
    page: Page, browser: Browser, live_server
) -> None:
    game = make_game()
    address = show_table_link(page, game)
    # The member passes it on with the button beside it (no share sheet here: a copy).
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator(".table-link").get_by_role("button", name="Copy link").tap()
    expect(page.locator(".table-link [data-share-said]")).to_have_text("Copied")

    errors: list[str] = []
    guest = guest_phone(browser, live_server, errors)
    # Read out and typed by hand, in capitals.
    code = urlsplit(address).path.split("/")[2]
    guest.goto(f"/t/{code.upper()}/")
    expect(guest).to_have_url(re.compile(rf"{game.get_absolute_url()}$"))
    expect(guest.locator("header.topbar .guest-mark")).to_have_text("Guest")
    tap_chip(guest, "bidder", "Ben")
    tap_chip(guest, "bid", "4")
    fill_tricks(guest, {"Ana": 3, "Ben": 4, "Cy": 2})
    score_hand(guest, 1)
    assert totals(guest) == {"Ana": 0, "Ben": 4, "Cy": 0, "Dee": 0}
    # The member's sheet shows it within a few seconds.
    page.goto(game.get_absolute_url())
    expect(page.locator("tbody.hand")).to_have_count(1)

    # Nothing else of the group opens for the guest.
    expect(guest.get_by_role("link", name="History")).to_have_count(0)
    guest.goto("/history/")
    expect(guest).to_have_url(re.compile(r"/accounts/login/"))
    expect(guest.get_by_role("heading", name="Sign in")).to_be_visible()
    assert not errors, errors


def test_a_guest_follows_the_table_into_the_rematch_and_scores_there_without_a_new_scan(
    page: Page, browser: Browser, live_server
) -> None:
    game = make_game(hands=[EXACT_BEN] * 3)
    address = show_table_link(page, game)
    errors: list[str] = []
    guest = guest_phone(browser, live_server, errors)
    guest.goto(address)
    # Once on this phone: who is it? A seat's name, one tap, no typing.
    expect(guest.get_by_role("heading", name="Who are you?")).to_be_visible()
    guest.locator(".who-are-you").get_by_role("button", name="Ana").tap()
    expect(guest.get_by_role("heading", name="Who are you?")).to_have_count(0)
    # The guest scores the winning hand: Ben, at 39, bids 4 and makes it.
    tap_chip(guest, "bidder", "Ben")
    tap_chip(guest, "bid", "4")
    fill_tricks(guest, {"Ana": 3, "Ben": 4, "Cy": 2})
    score_hand(guest, 4)
    expect(guest.get_by_role("heading", name=re.compile("Ben wins"))).to_be_visible()
    # The final sheet stays, with no one-tap Undo.
    guest.wait_for_timeout(2_500)  # a poll or two
    expect(guest.get_by_role("heading", name=re.compile("Ben wins"))).to_be_visible()
    expect(guest.get_by_role("button", name="Undo the last hand")).to_have_count(0)

    # A member starts the rematch on their own phone ...
    page.goto(game.get_absolute_url())
    page.get_by_role("button", name="Rematch").tap()
    expect(page).to_have_url(re.compile(rf"/games/(?!{game.pk}/)\d+/$"))
    rematch = page.url.rstrip("/").rsplit("/", 1)[1]
    assert rematch != str(game.pk)
    # ... and the guest's open sheet goes on to it by itself.
    expect(guest).to_have_url(re.compile(rf"/games/{rematch}/$"), timeout=8_000)
    expect(guest.locator("#hand-form")).to_be_visible()
    expect(guest.get_by_role("heading", name="Who are you?")).to_have_count(0)
    tap_chip(guest, "bidder", "Ben")
    tap_chip(guest, "bid", "4")
    fill_tricks(guest, {"Ana": 3, "Ben": 4, "Cy": 2})
    score_hand(guest, 1)
    assert totals(guest) == {"Ana": 0, "Ben": 4, "Cy": 0, "Dee": 0}

    # The change log names the guest's phone.
    page.goto(f"/games/{rematch}/log/")
    expect(page.get_by_text("Entered by Ana's phone (guest).")).to_be_visible()

    # Withdrawn on the rematch's panel: nothing of the table opens any more.
    page.goto(f"/games/{rematch}/")
    page.get_by_role("link", name="Other phones").tap()
    page.get_by_role("button", name="Withdraw this table link").tap()
    expect(guest.get_by_role("heading", name="This table link has ended")).to_be_visible(
        timeout=5_000
    )
    guest.goto(game.get_absolute_url())
    expect(guest.get_by_role("heading", name="This table link has ended")).to_be_visible()
    assert not errors, errors


def test_a_withdrawn_table_link_is_refused(page: Page, browser: Browser, live_server) -> None:
    game = make_game()
    address = show_table_link(page, game)
    errors: list[str] = []
    guest = guest_phone(browser, live_server, errors)
    guest.goto(address)
    expect(guest.locator("#hand-form")).to_be_visible()
    page.get_by_role("button", name="Withdraw this table link").tap()
    expect(page.get_by_role("button", name="Show a table link")).to_be_visible()
    expect(guest.get_by_role("heading", name="This table link has ended")).to_be_visible(
        timeout=5_000
    )
    expect(guest.get_by_text("A member of the group withdrew this table link.")).to_be_visible()
    assert not errors, errors


@pytest.fixture
def named_browser(browser: Browser) -> Iterator[Browser]:
    """Chromium that finds the live server at a name of its own, table.test,
    as a phone finds a server by its public name (SITE_URL)."""
    named = browser.browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP table.test 127.0.0.1"],
    )
    yield named
    named.close()


def test_the_address_another_phone_sees_is_one_it_can_open(
    page: Page, named_browser: Browser, live_server, settings
) -> None:
    port = urlsplit(live_server.url).port
    settings.SITE_URL = f"http://table.test:{port}"
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "table.test"]
    game = make_game()
    # The member's page was opened on this machine (localhost) ...
    address = show_table_link(page, game)
    shown = urlsplit(address).hostname
    assert shown == "table.test" and shown not in ("127.0.0.1", "localhost", "::1")
    assert page.locator(".table-link svg title").text_content() == address
    expect(page.locator("#short .link a")).to_have_attribute(
        "href", f"http://table.test:{port}/g/{game.pk}/"
    )
    # ... and another phone opens what it shows, and scores.
    context: BrowserContext = named_browser.new_context(**PHONE)
    context.set_default_timeout(10_000)
    other = context.new_page()
    other.goto(address)
    expect(other).to_have_url(f"http://table.test:{port}{game.get_absolute_url()}")
    tap_chip(other, "bidder", "Ben")
    tap_chip(other, "bid", "4")
    fill_tricks(other, {"Ana": 3, "Ben": 4, "Cy": 2})
    score_hand(other, 1)
    context.close()
