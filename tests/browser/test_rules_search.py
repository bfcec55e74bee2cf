"""A question typed at the table, on a phone: the rules search leads to the
section that answers it, and says so when the game has no such thing."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def ask(page: Page, question: str) -> None:
    page.get_by_role("searchbox", name="Search the rules").fill(question)
    page.get_by_role("button", name="Search", exact=True).tap()
    expect(page.get_by_role("heading", name="Search the rules")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_question_about_a_game_leads_to_the_section_that_answers_it(page: Page) -> None:
    page.goto("/rules/")
    ask(page, "how does coralon score")
    first = page.locator("#search-hits a.card").first
    expect(first.locator("strong")).to_have_text("Coralon: Scoring")
    first.tap()
    expect(page).to_have_url(re.compile(r"/rules/coralon/#scoring$"))
    section = page.locator("section#scoring")
    expect(section.locator("h2")).to_be_in_viewport()
    # the numbers on the page are the scorer's: Coralon's target with 4 players
    expect(page.locator("section#winning")).to_contain_text("40 with 4")


@pytest.mark.django_db(transaction=True)
def test_a_word_the_game_does_not_have_is_said_to_be_missing(page: Page) -> None:
    page.goto("/rules/")
    ask(page, "coralon bump")
    expect(page.locator("#search-answer")).to_have_text("Coralon has no bump.")
    # Coralon's own Scoring, where a bump would be; no other game.
    expect(page.locator("#search-hits a.card strong")).to_have_text(["Coralon: Scoring"])
    page.locator("#search-hits a.card").first.tap()
    expect(page).to_have_url(re.compile(r"/rules/coralon/#scoring$"))
    expect(page.locator("section#scoring")).to_contain_text("A trick is worth 1 point")
