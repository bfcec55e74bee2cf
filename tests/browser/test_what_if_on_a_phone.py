"""A what-if on a finished game, on a phone: from the result to the rescored
game beside what happened, and a refusal beside its field."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, member, sign_in
from tests.browser.test_accessibility import AXE, serve_axe, violations
from tests.factories import default_group, make_game
from tests.history.test_together import FIRST_TEAM_SWEEPS, partners_game
from tests.scoring.test_what_if import HANDS
from vinescore.history import whatif_group

pytestmark = pytest.mark.browser
SCREENSHOT = "/tmp/what-if.png"


@pytest.mark.django_db(transaction=True)
def test_what_if_zero_bids_had_been_off_on_a_phone(page: Page) -> None:
    game = make_game("coralon", options=["zero"], target=40, hands=HANDS)
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_role("heading", name="Ana wins")).to_be_visible()

    page.get_by_role("link", name="What if…").tap()
    expect(page.get_by_role("heading", name="What if…")).to_be_visible()
    expect(page.get_by_text("Nothing here is saved")).to_be_visible()

    # A target of 0 is refused beside the field, and nothing is shown as rescored.
    page.locator("#id_target").fill("0")
    page.get_by_role("button", name="Show what if").tap()
    expect(page.locator("#id_target-error")).to_be_visible()
    expect(page.locator("#id_target")).to_have_attribute("aria-invalid", "true")

    page.locator("#id_target").fill("")
    page.locator("#id_zero").select_option("off")
    page.get_by_role("button", name="Show what if").tap()
    heading = page.get_by_role("heading", name="What if we had played with Zero bids off")
    expect(heading).to_be_visible()
    assert "zero=off" in page.url  # a what-if is an address to keep or share
    table = page.locator("table.what-if")
    expect(table.locator("tr").filter(has_text="Ben")).to_contain_text("40 1st")
    winners = page.locator(".what-if-winners")
    expect(winners).to_contain_text("Ben: first to reach 40, after hand 8.")
    expect(page.locator(".left-out")).to_contain_text("Hand 3: Ana bid zero")

    # The comparison is seen without a scroll on a 390x844 phone.
    box = winners.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=SCREENSHOT, full_page=True)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_what_if_partners_and_months_have_no_accessibility_violations(
    browser: Browser, live_server, scheme: str
) -> None:
    assert (AXE / "axe.min.js").exists(), "make browser installs axe-core into .cache/node"
    game = make_game("coralon", options=["zero"], target=40, hands=HANDS)
    for winner in [FIRST_TEAM_SWEEPS] * 5:
        partners_game(("Ana", "Cy", "Ben", "Dee"), winner)
    ana = game.seats.get(position=0).player
    pages = [
        (f"/games/{game.pk}/what-if/", 200),
        (f"/games/{game.pk}/what-if/?zero=off", 200),
        (f"/games/{game.pk}/what-if/?target=0", 422),
        ("/history/what-if/coralon/?zero=off", 200),
        ("/history/?when=year", 200),
        (f"/players/{ana.pk}/", 200),
    ]
    context = browser.new_context(base_url=live_server.url, color_scheme=scheme, **PHONE)
    sign_in(context, live_server, member())
    page = context.new_page()
    serve_axe(page)
    found: list[str] = []
    for path, status in pages:
        found += violations(page, path, status)
    context.close()
    assert found == [], "\n".join(found)


@pytest.mark.django_db(transaction=True)
def test_a_groups_what_if_being_worked_out_elsewhere_shows_itself_when_done(page: Page) -> None:
    make_game("coralon", options=["zero"], target=40, hands=HANDS)
    working = whatif_group.working_key(default_group().pk)
    cache.add(working, True)  # another asker of the group is under way
    page.goto("/history/what-if/coralon/?zero=off")
    expect(page.get_by_role("status")).to_contain_text("Being worked out: 1 game")
    cache.delete(working)
    # The page asks again by itself and shows the answer in place.
    expect(page.get_by_role("heading", name="Wins per player")).to_be_visible(timeout=6000)
    ben = page.locator("table.what-if tr").filter(has_text="Ben")
    expect(ben.locator("td")).to_have_text(["0", "1"])  # as played, what if
    assert "zero=off" in page.url
