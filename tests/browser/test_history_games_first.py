"""History on a phone: the games are the first thing on the screen."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.factories import make_game
from vinescore.table.models import Game

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots/between")
BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def on(game: Game, day: dt.date) -> None:
    when = timezone.make_aware(dt.datetime.combine(day, dt.time(20)))
    Game.objects.filter(pk=game.pk).update(created_at=when)


@pytest.mark.django_db(transaction=True)
def test_history_shows_games_without_a_scroll_and_one_month_draws_no_chart(page: Page) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for _ in range(3):
        make_game(hands=[BEN_13] * 4)
    make_game("chevalier")

    page.goto("/history/")
    cards = page.locator("a.card")
    expect(cards).to_have_count(4)
    # Three games' cards whole on the first screen, before the filters.
    for n in range(3):
        box = cards.nth(n).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844
    filters = page.get_by_text("Filter games").bounding_box()
    assert filters is not None and filters["y"] > cards.first.bounding_box()["y"]
    # Every game this month: nothing to compare, no chart.
    expect(page.locator("figure.months-chart")).to_have_count(0)
    page.screenshot(path=SHOTS / "history-one-month.png")

    # A game from another month: the chart comes, below the games.
    older = make_game(hands=[BEN_13] * 4)
    on(older, timezone.localdate().replace(day=1) - dt.timedelta(days=40))
    page.reload()
    expect(page.locator("figure.months-chart svg rect.bar")).not_to_have_count(0)
    box = cards.first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844
    page.screenshot(path=SHOTS / "history-months.png", full_page=True)
