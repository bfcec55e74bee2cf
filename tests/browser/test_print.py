"""Every game's rules page prints as a one-page cheat sheet."""

import re

import pytest
from playwright.sync_api import Page

from tests.factories import make_game
from vinescore.scoring import REGISTRY

pytestmark = pytest.mark.browser


@pytest.mark.django_db(transaction=True)
def test_every_rules_page_prints_on_one_a4_page(page: Page) -> None:
    pages = {}
    for rules in REGISTRY:
        page.goto(f"/rules/{rules.key}/")
        pdf = page.pdf(format="A4")
        pages[rules.key] = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == {key: 1 for key in REGISTRY.games}


@pytest.mark.django_db(transaction=True)
def test_a_score_sheet_prints_on_one_a4_page_without_forms_or_buttons(page: Page) -> None:
    # A typical evening of Coralon: twelve hands, the last one decides it.
    hands = [
        {"bidder": seat % 4, "bid": 4, "tricks": [4, 3, 3, 3] if seat % 4 == 0 else [3, 4, 3, 3]}
        for seat in range(11)
    ] + [{"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}]
    game = make_game(hands=hands)
    assert game.is_finished and game.hand_count == 12
    page.goto(game.get_absolute_url())
    page.emulate_media(media="print")
    assert page.locator("form:visible, button:visible, input:visible").count() == 0
    assert page.locator("tbody.hand:visible").count() == 12
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
