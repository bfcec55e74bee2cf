"""axe-core on the main pages, light and dark: no violations.

axe-core comes from the npm registry (`make browser` installs it into
.cache/node) and is injected into each page from that file, never a CDN."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import PHONE, member, sign_in
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parents[2] / ".cache" / "node" / "node_modules" / "axe-core"
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
BEN_MAKES_4 = {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}
ANA_MAKES_2 = {"bidder": 0, "bid": 2, "tricks": [2, 4, 4, 3]}


AXE_URL = "/axe-under-test.js"


def serve_axe(page: Page) -> None:
    page.route(
        "**" + AXE_URL,
        lambda route: route.fulfill(path=str(AXE / "axe.min.js"), content_type="text/javascript"),
    )


def violations(page: Page, path: str, status: int = 200) -> list[str]:
    response = page.goto(path)
    assert response is not None and response.status == status, path
    # Served from the app's own origin, so the page's Content-Security-Policy
    # (scripts from our own address only) stays as it is.
    page.add_script_tag(url=AXE_URL)
    found = page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ["violations"]});
            return result.violations.map(v => v.id + " (" + v.impact + "): " + v.help + " at "
                + v.nodes.map(n => n.target.join(" ") + " [" + n.failureSummary + "]").join("; "));
        }"""
    )
    return [f"{path}: {line}" for line in found]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_main_pages_have_no_accessibility_violations(
    browser: Browser, live_server, scheme: str
) -> None:
    assert (AXE / "axe.min.js").exists(), "make browser installs axe-core into .cache/node"
    playing = make_game(hands=[BEN_MAKES_4, ANA_MAKES_2])
    finished = make_game(target=10, hands=[BEN_MAKES_4, EXACT_BEN])
    assert finished.is_finished
    player = playing.seats.get(position=1).player
    pages = [
        "/",
        playing.get_absolute_url(),
        finished.get_absolute_url(),
        "/games/new/",
        "/games/new/coralon/",
        "/history/",
        f"/players/{player.pk}/",
        "/players/",
        "/ratings/",
        "/rules/",
        "/rules/coralon/",
        f"/games/{playing.pk}/log/",
        "/accounts/",
    ]
    found: list[str] = []
    context = browser.new_context(base_url=live_server.url, color_scheme=scheme, **PHONE)
    sign_in(context, live_server, member())
    page = context.new_page()
    serve_axe(page)
    for path in pages:
        found += violations(page, path)
    found += violations(page, "/no-such-page/", status=404)
    context.close()

    stranger = browser.new_context(base_url=live_server.url, color_scheme=scheme, **PHONE)
    page = stranger.new_page()
    serve_axe(page)
    found += violations(page, "/accounts/login/")
    stranger.close()
    assert found == [], "\n".join(found)
