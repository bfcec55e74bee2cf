"""Playwright fixtures: Debian's Chromium, headless, at a phone's 390x844.

The browser tests drive the app served by pytest-django's `live_server`
(which brings the transactional database with it; overridden below so
that WhiteNoise serves the static files). Run them with
`make browser`, after `collectstatic`: the production settings use the
manifest static files storage.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from pytest_django.live_server_helper import LiveServer

from vinescore.accounts.sessions import session_cookie

# The sync Playwright API runs an event loop in this thread; Django would
# otherwise refuse the database calls the fixtures and tests make.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


@pytest.fixture(scope="session")
def live_server(request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    """pytest-django's live server, but with static files served the way
    production serves them: by WhiteNoise from the collected STATIC_ROOT.

    pytest-django's default static handler looks files up with the
    staticfiles finders, which know nothing of the hashed names that the
    manifest storage puts in every page, so CSS and JavaScript would 404.
    """
    addr = (
        request.config.getvalue("liveserver")
        or os.environ.get("DJANGO_LIVE_TEST_SERVER_ADDRESS")
        or "localhost"
    )
    server = LiveServer(addr, start=False)
    server.thread.static_handler = lambda app: app  # let WhiteNoise answer
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


def sign_in(context: BrowserContext, live_server, user) -> None:
    """Give the browser the session cookie of `user`, signed in."""
    name, value = session_cookie(user)
    context.add_cookies([{"name": name, "value": value, "url": live_server.url}])


def member():
    """The member of the factories' group that the browser tests sign in as."""
    from tests.factories import make_member

    return make_member("member")


@pytest.fixture
def page(browser: Browser, live_server, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh phone-sized tab, signed in as a member of the factories'
    group when the test has a database; any JavaScript error on the page
    fails the test."""
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.set_default_timeout(10_000)
    if request.node.get_closest_marker("django_db"):
        sign_in(context, live_server, member())
    page = context.new_page()
    errors: list[str] = []

    def on_console(msg) -> None:
        # Chromium logs every 4xx as "Failed to load resource" without the
        # address; on_response judges those (a refused hand is a 422 on purpose).
        if msg.type == "error" and not msg.text.startswith("Failed to load resource"):
            errors.append(f"console error: {msg.text}")

    def on_response(response) -> None:
        missing = response.status == 404 and not response.url.endswith("/favicon.ico")
        if missing or response.status >= 500:
            errors.append(f"{response.status}: {response.url}")

    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.on("console", on_console)
    page.on("response", on_response)
    yield page
    context.close()
    assert not errors, "errors in the page:\n" + "\n".join(errors)
