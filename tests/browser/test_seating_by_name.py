"""Seating by typing a name on the start form: a name already known, in any
spelling the server would take for it, seats that player."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.factories import make_player
from vinescore.table.models import Game, Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_known_name_typed_in_full_width_capitals_seats_that_player(page: Page):
    for name in ("Ana", "Ben", "Cy", "Marta"):
        make_player(name)
    page.goto("/games/new/coralon/")
    for name in ("Ana", "Ben", "Cy"):
        page.locator("[data-seat-player]", has_text=name).tap()
    page.get_by_label("Someone new").fill("ＭＡＲＴＡ")
    page.get_by_role("button", name="Seat them").tap()
    # Marta's own chip is pressed as seat 4: no new player waits to be made.
    marta = page.locator("[data-seat-player]", has_text="Marta")
    expect(marta).to_have_attribute("aria-pressed", "true")
    expect(marta).to_have_attribute("data-seat-number", "4")
    page.get_by_role("button", name="Start game").tap()
    expect(page.locator(".totals, #live").first).to_be_visible()
    seated = [p.name for p in Game.objects.get().seated_players()]
    assert seated == ["Ana", "Ben", "Cy", "Marta"] and Player.objects.count() == 4
