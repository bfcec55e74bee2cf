"""A phone that speaks German keeps speaking it with the network gone: the
words the scripts write (the hands not sent yet, the connection line) and
the page the service worker draws itself are German, with no script run
from the page (the words come as data, under the same Content-Security-Policy)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import PHONE, go_offline, member, sign_in
from tests.browser.test_offline import no_script_errors, open_sheet_kept, type_hand
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_german_phone_offline_is_told_in_german(browser: Browser, live_server) -> None:
    game = make_game()
    context = browser.new_context(base_url=live_server.url, locale="de-DE", **PHONE)
    context.set_default_timeout(10_000)
    sign_in(context, live_server, member())
    page = context.new_page()
    page.script_errors = []
    page.on("pageerror", lambda exc: page.script_errors.append(str(exc)))
    violations = []
    page.on(
        "console", lambda m: violations.append(m.text) if "Content Security" in m.text else None
    )
    open_sheet_kept(page, game)
    assert page.locator("html").get_attribute("lang") == "de"

    go_offline(context)
    type_hand(page, "Ben", "4", {"Ana": 3, "Ben": 4, "Cy": 2, "Dee": 4})
    page.locator('#hand-form button[type="submit"]').tap()
    expect(page.locator("#outbox h2")).to_have_text("Noch nicht gesendet")
    expect(page.locator("#outbox li")).to_contain_text("noch nicht gesendet")
    expect(page.locator("#outbox li")).to_contain_text(
        "sie wird von selbst gesendet, sobald die Verbindung zurück ist"
    )
    expect(page.get_by_role("button", name="Jetzt senden")).to_be_visible()

    # A page never kept: the service worker's own page, in German.
    page.goto("/history/")
    expect(page.get_by_role("heading", name="Der Server ist nicht erreichbar")).to_be_visible()
    assert page.locator("html").get_attribute("lang") == "de"

    # The kept sheet opens again, and says in German how old it is.
    page.goto(game.get_absolute_url())
    expect(page.locator("#connection")).to_contain_text("Offline: zuletzt aktualisiert")
    context.set_offline(False)
    expect(page.locator("#outbox")).to_have_count(0, timeout=15_000)
    assert game.hands.count() == 1
    no_script_errors(page)
    assert violations == []
    context.close()
