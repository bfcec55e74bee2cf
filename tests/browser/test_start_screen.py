"""Starting a game on a phone: the group's usual game at the top, the
target or stakes on the first screen, a seat one name box."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.factories import make_game
from vinescore.table.models import Game

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/between")


def on_first_screen(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, selector


@pytest.mark.django_db(transaction=True)
def test_a_baronet_table_finds_its_game_and_stakes_at_once_and_types_its_names(page: Page):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for _ in range(2):
        make_game("baronet", ("Ana", "Ben", "Cy", "Dee", "Eli"))

    page.goto("/games/new/")
    usual = page.locator("section.usual a.card")
    expect(usual.first).to_contain_text("Baronet")
    on_first_screen(page, "section.usual a.card")
    page.screenshot(path=SHOTS / "game-list.png")
    usual.first.tap()

    expect(page.get_by_role("heading", name="New Baronet game")).to_be_visible()
    on_first_screen(page, "#id_stakes")
    page.screenshot(path=SHOTS / "start-baronet.png")
    # One box a seat: a known name (any case) and a new one, typed.
    for i, name in enumerate(("ana", "Ben", "Cy", "Dee", "Fay"), start=1):
        page.locator(f"#id_seat_{i}_name").fill(name)
    expect(page.locator("[data-seat-player]", has_text="Ana")).to_have_attribute(
        "aria-pressed", "true"
    )
    page.locator("#id_stakes").fill("50")
    page.get_by_role("button", name="Start game").tap()
    expect(page.locator(".totals, #live").first).to_be_visible()
    game = Game.objects.latest("pk")
    assert [p.name for p in game.seated_players()] == ["Ana", "Ben", "Cy", "Dee", "Fay"]
    assert game.stakes == 50


@pytest.mark.django_db(transaction=True)
def test_coralons_target_is_on_the_first_screen(page: Page):
    SHOTS.mkdir(parents=True, exist_ok=True)
    make_game()
    page.goto("/games/new/coralon/")
    on_first_screen(page, "#id_target")
    page.screenshot(path=SHOTS / "start-coralon.png")
