"""After the night, on a phone: History leads to the club nights; a
finished night's page gives its final standings and each round's tables,
whose games open from it; the season of the month ranks its players; a
wrong date is refused beside its field. Every page fits a 390 px phone."""

from __future__ import annotations

import os
import random
from datetime import UTC, datetime

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import member
from tests.club.test_club_night import play_out
from tests.club.test_club_season import night
from vinescore.club import rounds
from vinescore.club.models import Entrant, Event, EventTable
from vinescore.table.models import Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("CLUB_SHOTS")
NINE = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida"]


def fits(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"{name} is {width} px wide on a 390 px phone"


def finished_night() -> Event:
    """Nine at Coralon (three tables of three), two rounds of four hands
    played, finished on the first of March."""
    organiser = member()
    event = Event.objects.create(
        group=organiser.memberships.get().group,
        name="Thursday club night",
        kind="coralon",
        rounds=2,
        hands_a_round=4,
    )
    named = Player.objects.get_or_create_named(event.group, NINE)
    Entrant.objects.bulk_create(Entrant(event=event, player=p) for p in named.values())
    for number in (1, 2):
        rounds.next_round(event.pk, number, organiser, random.Random(number))
        for table in EventTable.objects.filter(round__event=event, round__number=number):
            play_out(table.game)
    Event.objects.filter(pk=event.pk).update(finished_at=datetime(2026, 3, 1, 23, tzinfo=UTC))
    return event


def test_a_finished_night_its_games_and_the_season_on_a_phone(page: Page) -> None:
    finished_night()
    night(datetime(2026, 3, 5).date(), ["Ana", "Ben", "Cy"])

    page.goto("/history/")
    card = page.locator(".card", has_text="Thursday club night · round 2 · table 1")
    expect(card).to_be_visible()
    fits(page, "history-with-club-tables")
    page.get_by_role("link", name="Club nights").last.tap()
    page.get_by_role("link", name="Thursday club night").tap()

    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    expect(page.locator(".standings-table tbody tr")).to_have_count(9)
    last = page.locator("details.round-results").last
    expect(last).to_have_attribute("open", "")
    expect(last.locator("li")).to_have_count(3)
    fits(page, "finished-night")
    page.locator("details.round-results summary", has_text="Round 1").tap()
    first = page.locator("details.round-results").first.locator("li").first
    expect(first).to_contain_text("🏆")
    first.get_by_role("link", name="Table 1").tap()
    expect(page.locator(".part-of")).to_contain_text("Thursday club night · round 1 · table 1")

    page.goto("/events/")
    page.get_by_role("link", name="The season").tap()
    page.get_by_label("From", exact=True).fill("2026-03-01")
    page.get_by_label("To", exact=True).fill("2026-03-31")
    page.get_by_label("Best results counted").fill("2")
    page.get_by_label("Events to be ranked").fill("2")
    page.get_by_role("button", name="Show the season").tap()
    expect(page.get_by_text("2 club nights finished in the period count.")).to_be_visible()
    expect(page.locator(".standings-table tbody tr")).to_have_count(9)
    fits(page, "season")

    page.get_by_label("To", exact=True).fill("2026-02-01")
    page.get_by_role("button", name="Show the season").tap()
    refused = page.locator(".field.invalid", has=page.get_by_label("To", exact=True))
    expect(refused).to_contain_text("The season ends after it starts.")
    fits(page, "season-refused")
