"""The sheet reads at a glance on the smallest phone: column names in view,
long names shortened (never widening the page), times in the phone's zone."""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, member, sign_in
from tests.factories import make_game, make_user
from vinescore.table.models import Game, GameChange

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Six players with names of the longest allowed (40 characters), in the
# widest letters, unbroken.
LONG = tuple(f"{n}{'W' * (40 - len(n))}" for n in ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay"))
SHOTS = os.environ.get("SHOTS")


def small_phone(browser: Browser, live_server, width: int = 320, user=None, **extra) -> Page:
    context = browser.new_context(
        base_url=live_server.url, **{**PHONE, "viewport": {"width": width, "height": 640}}, **extra
    )
    context.set_default_timeout(10_000)
    sign_in(context, live_server, user or member())
    return context.new_page()


def hands(n: int) -> list[dict]:
    # Six players of Coralon play 9 tricks.
    return [{"bidder": i % 6, "bid": 3, "tricks": [4, 1, 1, 1, 1, 1]} for i in range(n)]


def scroll_width(page: Page, path: str) -> int:
    page.goto(path)
    if SHOTS:  # for looking at the layout: SHOTS=folder
        name = path.strip("/").replace("/", "_") or "root"
        height = page.evaluate("document.documentElement.scrollHeight")
        for i, top in enumerate(range(0, height, 900)):
            clip = {"x": 0, "y": top, "width": 320, "height": min(900, height - top)}
            page.screenshot(path=f"{SHOTS}/{name}-{i}.png", full_page=True, clip=clip)
    return page.evaluate("document.documentElement.scrollWidth")


def test_six_of_the_longest_names_never_widen_the_page(browser: Browser, live_server) -> None:
    playing = make_game(names=LONG, hands=hands(3))
    finished = make_game(names=LONG, target=5, hands=hands(3))
    assert finished.is_finished
    player = playing.seats.get(position=0).player
    hand = playing.hands.order_by("position").first()
    page = small_phone(browser, live_server)
    paths = (
        playing.get_absolute_url(),
        finished.get_absolute_url(),
        "/games/new/coralon/",
        "/history/",
        f"/players/{player.pk}/",
        "/players/",
        "/",
        f"/games/{playing.pk}/hands/{hand.pk}/edit/",
        f"/games/{playing.pk}/log/",
    )
    widths = {path: scroll_width(page, path) for path in paths}
    page.context.close()
    assert widths == dict.fromkeys(paths, 320)


def box(page: Page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def on_top(page: Page, selector: str) -> bool:
    """Whether the middle of the element is what the phone shows there."""
    return page.locator(selector).first.evaluate(
        """el => { const r = el.getBoundingClientRect();
                   const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                   return el.contains(at); }"""
    )


def test_the_column_names_stay_in_view_under_the_hand_bar(browser: Browser, live_server) -> None:
    game = make_game(names=LONG, target=999, hands=hands(12))
    page = small_phone(browser, live_server)
    page.goto(game.get_absolute_url() + "?all=1")
    page.locator("tbody.hand").nth(9).scroll_into_view_if_needed()
    page.mouse.wheel(0, 200)
    page.wait_for_timeout(100)
    bar, name = box(page, "#next-hand"), box(page, ".sheet thead th:nth-child(2)")
    assert bar["y"] == pytest.approx(0, abs=1)  # the bar holds the top...
    assert name["y"] == pytest.approx(bar["y"] + bar["height"], abs=1)  # ...the names under it
    assert on_top(page, ".sheet thead th:nth-child(2)")
    expect(page.locator(".sheet thead th").nth(1)).to_have_attribute("title", LONG[0])
    page.context.close()


def test_a_hand_jumped_to_after_an_edit_is_not_hidden_under_the_bar(
    browser: Browser, live_server
) -> None:
    game = make_game(names=LONG, target=999, hands=hands(12))
    hand = game.hands.order_by("position")[7]
    page = small_phone(browser, live_server)
    page.goto(f"{game.get_absolute_url()}?all=1#hand-{hand.pk}")
    page.wait_for_timeout(200)
    row = f"#hand-{hand.pk} tr.awards"
    assert box(page, ".sheet thead th")["y"] < box(page, row)["y"] < 640
    assert on_top(page, row), "hand 8 is under the sticky bar or the column names"
    page.context.close()


def test_the_other_phones_panel_is_whole_on_a_small_phone(browser: Browser, live_server) -> None:
    from vinescore.table.links import SpectatorLink

    game = make_game(names=LONG, hands=hands(2))
    SpectatorLink.objects.create(game=game)
    page = small_phone(browser, live_server)
    page.goto(game.get_absolute_url())
    page.get_by_role("link", name="Other phones").tap()
    panel = page.locator("#join-panel")
    expect(panel).to_be_visible()
    if SHOTS:
        panel.screenshot(path=f"{SHOTS}/join-panel.png")
    # Nothing in it is cut off, across or down: the page scrolls, not the panel.
    wide, shown_wide, tall, shown_tall = panel.evaluate(
        "el => [el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight]"
    )
    assert wide <= shown_wide and tall <= shown_tall
    withdraw = page.get_by_role("button", name="Withdraw this link")
    withdraw.scroll_into_view_if_needed()
    assert on_top(page, "#join-panel [action$='/revoke/'] button")
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.context.close()


def test_times_are_shown_in_the_phones_own_time_zone(browser: Browser, live_server) -> None:
    late = datetime(2026, 1, 15, 3, 30, tzinfo=UTC)  # still the 14th in New York
    game = make_game(hands=[{"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}])
    Game.objects.filter(pk=game.pk).update(created_at=late)
    GameChange.objects.filter(game=game).update(at=late)
    page = small_phone(browser, live_server, width=390, timezone_id="America/New_York")
    page.goto(f"/games/{game.pk}/log/")
    expect(page.locator("ol.log time").first).to_have_text("14 Jan, 22:30")
    page.goto("/history/")
    expect(page.locator(".card time").first).to_have_text("14 Jan 2026")
    page.goto(game.get_absolute_url())
    expect(page.locator(".game-foot time")).to_have_text("14 Jan, 22:30")
    page.context.close()


def test_a_deleted_games_times_are_shown_in_the_phones_own_time_zone(
    browser: Browser, live_server
) -> None:
    late = datetime(2026, 1, 15, 3, 30, tzinfo=UTC)  # still the 14th in New York
    game = make_game(hands=[{"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}])
    Game.objects.filter(pk=game.pk).update(created_at=late)
    owner = make_user("owner")  # the factories' group is theirs: they see its deleted games
    page = small_phone(browser, live_server, width=390, user=owner, timezone_id="America/New_York")
    page.goto(f"/games/{game.pk}/delete/")
    expect(page.locator("main time").first).to_have_text("14 Jan 2026")
    page.get_by_role("button", name="Delete this game").click()
    expect(page.get_by_role("button", name="Undo")).to_be_visible()
    # Deleted within the days it can be restored, at an hour that is the day before in New York.
    deleted = (datetime.now(UTC) - timedelta(days=2)).replace(
        hour=3, minute=30, second=0, microsecond=0
    )
    Game.objects.filter(pk=game.pk).update(deleted_at=deleted)
    there = deleted.astimezone(ZoneInfo("America/New_York"))
    shown = re.compile(rf"^{there.day} \w+\.?, {there:%H:%M}$")  # "24 Nov, 22:30"
    assert there.day != deleted.day
    page.goto(game.get_absolute_url())
    expect(page.locator("main time").first).to_have_text(shown)
    page.goto("/games/deleted/")
    times = page.locator(".deleted-game time")
    expect(times.nth(0)).to_have_text("14 Jan 2026")
    expect(times.nth(1)).to_have_text(shown)
    page.context.close()
