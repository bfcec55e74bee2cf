"""Playwright fixtures: Debian's Chromium, headless, at a phone's 390x844.

The browser tests drive the app served by pytest-django's `live_server`
(which brings the transactional database with it; overridden below so
that WhiteNoise serves the static files). Run them with
`make browser`, after `collectstatic`: the production settings use the
manifest static files storage.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from pytest_django.live_server_helper import LiveServer

from tests.factories import session_cookie

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


class InFlight:
    """WSGI middleware that counts the requests the live server is still
    answering (a response counts until the server has closed it), so that
    a test's end can wait for them: a late request from a page just closed
    (a poll, the service worker's fetch) would otherwise still read or
    write as the database is emptied for the next test."""

    def __init__(self, app) -> None:
        self.app = app
        self.count = 0
        self.idle = threading.Condition()

    def _enter(self) -> None:
        with self.idle:
            self.count += 1
            self.idle.notify_all()

    def _leave(self) -> None:
        with self.idle:
            self.count -= 1
            self.idle.notify_all()

    def __call__(self, environ, start_response) -> Iterable[bytes]:
        self._enter()
        try:
            result = self.app(environ, start_response)
        except BaseException:
            self._leave()
            raise
        return _Counted(result, self._leave)

    def wait_until_idle(self, timeout: float = 10.0, quiet: float = 0.2) -> None:
        """Until no request has been answered for `quiet` seconds: one that
        a closing page sent may reach the app a moment after the last one
        ended (it was seen once, on a busy machine)."""
        deadline = time.monotonic() + timeout
        with self.idle:
            while time.monotonic() < deadline:
                self.idle.wait_for(lambda: self.count == 0, timeout=deadline - time.monotonic())
                if not self.idle.wait_for(lambda: self.count > 0, timeout=quiet):
                    return


class _Counted:
    """A response body that tells InFlight when the server has closed it."""

    def __init__(self, result, leave) -> None:
        self.result = result
        self.leave = leave

    def __iter__(self):
        return iter(self.result)

    def close(self) -> None:
        try:
            close = getattr(self.result, "close", None)
            if close is not None:
                close()
        finally:
            self.leave()


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
    counted: list[InFlight] = []

    def handler(app):  # WhiteNoise answers static files, not pytest-django
        counted.append(InFlight(app))
        return counted[-1]

    server.thread.static_handler = handler
    server.start()
    server.in_flight = counted[0]
    yield server
    server.stop()


@pytest.fixture(autouse=True)
def requests_answered_before_the_database_is_emptied(
    live_server, transactional_db
) -> Iterator[None]:
    """Set up after the test database and torn down before it is emptied:
    every request still being answered (from a page closed a moment ago)
    is let finish first."""
    yield
    live_server.in_flight.wait_until_idle()


@pytest.fixture(autouse=True)
def phones_put_away_with_their_test(
    browser: Browser, requests_answered_before_the_database_is_emptied
) -> Iterator[None]:
    """Every phone a test opened is closed when it ends, passed or failed:
    a page left open goes on asking for its sheet (a game the next tests'
    database does not have) through every test after it."""
    yield
    for context in browser.contexts:
        context.close()


@pytest.fixture(autouse=True)
def links_open_on_the_live_server(live_server, settings) -> None:
    """Links handed out to other phones (invitations, spectator and table
    links) carry the live server's address: the test's phones reach it
    there, and not at this machine's local-network address."""
    settings.SITE_URL = live_server.url
    # The live server is WSGI and holds no stream: its pages poll, as a
    # server run with LIVE_STREAMS=false does (test_pushed_sheet.py serves
    # the streams as `make run` does).
    settings.LIVE_STREAMS = False


def console_errors(page: Page) -> list[str]:
    """What the page's console shows as an error, and its script errors, as
    they come: a list the test reads when it likes. A style or script the
    Content-Security-Policy refused shows there as an error."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    return errors


def refused_by_the_policy(errors: list[str]) -> list[str]:
    return [error for error in errors if "Content Security Policy" in error]


@pytest.fixture(autouse=True)
def nothing_refused_by_the_content_security_policy(
    browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Every page of every phone a test opens, the `page` fixture's or its
    own, fails the test when its console shows a style or script the
    Content-Security-Policy refused: what was to be styled that way is not."""
    seen: list[str] = []
    opened = browser.new_context

    def watched(*args, **kwargs) -> BrowserContext:
        context = opened(*args, **kwargs)
        context.on("page", watch)
        return context

    def watch(page: Page) -> None:
        def on_console(msg) -> None:
            if msg.type == "error" and "Content Security Policy" in msg.text:
                seen.append(f"{msg.text} (at {page.url})")

        page.on("console", on_console)

    monkeypatch.setattr(browser, "new_context", watched)
    yield
    assert not seen, "refused by the Content-Security-Policy:\n" + "\n".join(seen)


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


def go_offline(context: BrowserContext) -> None:
    """Cuts the phone's network and waits until its pages know it, as a
    phone does: a tap in the instant between may still reach the server."""
    context.set_offline(True)
    for page in context.pages:
        page.wait_for_function("() => !navigator.onLine")


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
            where = (msg.location or {}).get("url") or page.url
            errors.append(f"console error: {msg.text} (at {where})")

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
