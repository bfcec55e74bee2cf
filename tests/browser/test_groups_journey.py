"""A game night on phones: the first visit makes the owner, who invites a
member and a viewer by link; the member joins and scores a hand, the viewer
sees the sheet with no forms, a spectator link shows the live sheet to
someone with no account, and once withdrawn it shows nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE
from tests.browser.sheet import score_hand, totals
from tests.browser.test_two_phones import fill_tricks, tap_chip
from tests.factories import make_game
from vinescore.accounts.models import Group

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long table password"


def new_phone(browser: Browser, live_server, errors: list[str]) -> Page:
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.set_default_timeout(10_000)
    phone = context.new_page()
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    phone.on(
        "response",
        lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 500 else None,
    )
    return phone


def make_account(phone: Page, name: str) -> None:
    phone.get_by_label("Username").fill(name)
    phone.get_by_label("Password", exact=True).fill(PASSWORD)
    phone.get_by_label("Password confirmation").fill(PASSWORD)


def invitation_link(owner: Page, role: str) -> str:
    """A new invitation's link (the newest is listed first)."""
    before = owner.locator(".invitation").count()
    owner.get_by_label("As").select_option(role)
    owner.get_by_role("button", name="Make an invitation link").tap()
    expect(owner.locator(".invitation")).to_have_count(before + 1)
    expect(owner.locator(".invitation").first).to_contain_text(f"Joins as {role}")
    return owner.locator(".invitation .link a").first.get_attribute("href")


def test_a_game_night_signs_up_invites_plays_and_shares_on_phones(
    browser: Browser, live_server
) -> None:
    errors: list[str] = []

    # The first visit: no account yet, so the owner is made.
    owner = new_phone(browser, live_server, errors)
    owner.goto("/")
    expect(owner.get_by_role("heading", name="Welcome to vinescore")).to_be_visible()
    make_account(owner, "dee")
    owner.get_by_label("Your group's name").fill("Thursday club")
    owner.get_by_role("button", name="Create my account").tap()
    expect(owner.get_by_role("heading", name="Games")).to_be_visible()
    game = make_game(group=Group.objects.get(name="Thursday club"))

    # The owner invites a member and a viewer.
    owner.get_by_role("link", name="Members and invitations").tap()
    member_link = invitation_link(owner, "member")
    viewer_link = invitation_link(owner, "viewer")
    assert member_link != viewer_link
    expect(owner.locator(".invitation svg")).to_have_count(2)

    # The member opens the link, makes an account and scores a hand.
    member = new_phone(browser, live_server, errors)
    member.goto(member_link)
    make_account(member, "ben")
    member.get_by_role("button", name="Create my account and join").tap()
    expect(member.get_by_role("heading", name="Games")).to_be_visible()
    member.locator("a.card").first.tap()
    tap_chip(member, "bidder", "Ben")
    tap_chip(member, "bid", "4")
    fill_tricks(member, {"Ana": 3, "Ben": 4, "Cy": 2})
    score_hand(member, 1)
    assert totals(member) == {"Ana": 0, "Ben": 4, "Cy": 0, "Dee": 0}

    # The viewer sees the sheet, and nothing to change it with.
    viewer = new_phone(browser, live_server, errors)
    viewer.goto(viewer_link)
    make_account(viewer, "cy")
    viewer.get_by_role("button", name="Create my account and join").tap()
    expect(viewer.get_by_role("heading", name="Games")).to_be_visible()
    viewer.goto(game.get_absolute_url())
    expect(viewer.locator("tbody.hand")).to_have_count(1)
    expect(viewer.locator("#hand-form")).to_have_count(0)
    expect(viewer.get_by_role("link", name="Edit")).to_have_count(0)
    expect(viewer.get_by_role("link", name="New game")).to_have_count(0)

    # The member makes a spectator link; someone with no account watches.
    member.get_by_role("link", name="Other phones").tap()
    member.get_by_role("button", name="Make a spectator link").tap()
    expect(member.locator(".watch-link")).to_have_count(1)
    watch_link = member.locator(".watch-link .link a").get_attribute("href")
    spectator = new_phone(browser, live_server, errors)
    spectator.goto(watch_link)
    expect(spectator.get_by_text("Watching · read only")).to_be_visible()
    expect(spectator.locator("form")).to_have_count(0)
    expect(spectator.get_by_role("link", name="History")).to_have_count(0)
    assert totals(spectator)["Ben"] == 4

    # The next hand reaches the spectator's sheet on its own.
    member.goto(game.get_absolute_url())
    tap_chip(member, "bidder", "Cy")
    tap_chip(member, "bid", "5")
    fill_tricks(member, {"Ana": 3, "Ben": 3, "Cy": 5})
    score_hand(member, 2)
    expect(spectator.locator("tbody.hand")).to_have_count(2, timeout=5_000)

    # Withdrawn, the link shows nothing more, on the spectator's next look.
    member.goto(game.get_absolute_url() + "join/")
    member.get_by_role("button", name="Withdraw this link").tap()
    expect(member.locator(".watch-link")).to_have_count(0)
    expect(spectator.get_by_role("heading", name="This link was withdrawn")).to_be_visible(
        timeout=5_000
    )
    expect(spectator.locator("tbody.hand")).to_have_count(0)
    assert not errors, errors
