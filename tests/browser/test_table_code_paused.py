"""Guessing table codes on a phone: after five wrong ones the phone is told,
on one screen, that opening table links from here is paused and how long to
wait, and the right code is refused too until then."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import PHONE
from tests.factories import make_game
from vinescore.table.links import TABLE_CODE_ALPHABET, TableLink

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOT = "/tmp/table-code-paused.png"


def test_five_wrong_table_codes_pause_the_phone_with_a_page_that_says_how_long(
    browser: Browser, live_server
) -> None:
    game = make_game()
    link = TableLink.objects.create(game=game)
    link.games.add(game)
    code = link.code
    context = browser.new_context(base_url=live_server.url, **PHONE)
    phone = context.new_page()
    wrong = [c + code[1:] for c in TABLE_CODE_ALPHABET if c != code[0]]
    for guess in wrong[:4]:
        assert phone.goto(f"/t/{guess}/").status == 404
    assert phone.goto(f"/t/{wrong[4]}/").status == 429
    response = phone.goto(f"/t/{code}/")
    assert response.status == 429  # the right code too, while paused
    expect(phone.get_by_role("heading", name="Too many wrong table codes")).to_be_visible()
    said = phone.get_by_role("alert")
    expect(said).to_contain_text("Opening table links from here is paused after 5 wrong codes.")
    expect(said).to_contain_text("Wait 15 minutes, then try the code again.")
    box = said.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=SCREENSHOT)
    context.close()
