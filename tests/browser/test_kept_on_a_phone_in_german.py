"""A phone whose page is German keeps a game and scores it offline in
German: the worker reads the page's language and explains and refuses from
the same compiled catalog as the server."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import PHONE, go_offline, member, sign_in
from tests.browser.kept import READY, enter
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_german_phone_explains_and_refuses_in_german_offline(
    browser: Browser, live_server
) -> None:
    game = make_game("coralon", target=500)
    context = browser.new_context(base_url=live_server.url, locale="de-DE", **PHONE)
    context.set_default_timeout(15_000)
    sign_in(context, live_server, member())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(game.get_absolute_url())
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.locator("[data-keep-button]").tap()
    expect(page.locator("#keep[data-keep-ready]")).to_have_count(1, timeout=READY)
    go_offline(context)
    score = page.locator('#hand-form button[type="submit"]')

    enter(page, {"bidder": 1, "bid": 4, "tricks": [3, 3, 3, 3]})
    score.tap()
    refused = page.locator("#hand-form [data-phone-error]")
    expect(refused).to_have_count(1)
    assert refused.all_inner_texts() == [
        "Stiche: 13 in einem Blatt mit 4 Spielern; diese ergeben 12."
    ]

    enter(page, {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]})
    score.tap()
    expect(page.locator("#live tbody[data-phone-row]")).to_have_count(1)
    expect(page.locator("#live tbody[data-phone-row] tr.explain")).to_contain_text(
        "Ben bot 4 und holte genau 4: nur Ben punktet"
    )
    expect(page.locator("#next-hand")).to_contain_text("Cy bietet zuerst")

    context.set_offline(False)
    expect(page.locator("#outbox")).to_have_count(0, timeout=60_000)
    expect(page.locator("#live tbody.hand")).to_have_count(1)
    expect(page.locator("#live")).to_contain_text("Ben bot 4 und holte genau 4: nur Ben punktet")
    assert errors == [], errors
    context.close()
