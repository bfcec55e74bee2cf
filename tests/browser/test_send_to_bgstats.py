"""A finished game on a phone: the winner's line, and the play it sends to
BG Stats, read back from the link as BG Stats would read it."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.factories import make_game

pytestmark = pytest.mark.browser

# Ana and Ben close on 40; on hand 7 Ben exceeds and both pass it, Ana on 42.
ANA_AHEAD = [{"bidder": 0, "bid": 3, "tricks": [6, 6, 0, 1]}] * 3 + [
    {"bidder": 0, "bid": 3, "tricks": [6, 5, 1, 1]}
] * 3
BEN_EXCEEDS = {"bidder": 1, "bid": 3, "tricks": [6, 7, 0, 0]}


@pytest.mark.django_db(transaction=True)
def test_a_finished_game_sends_its_play_to_bg_stats(page: Page) -> None:
    game = make_game(target=40, hands=[*ANA_AHEAD, BEN_EXCEEDS])
    page.goto(game.get_absolute_url())
    winner = page.locator("section.winner")
    expect(winner.get_by_role("heading", name="Ana wins")).to_be_visible()
    expect(winner).to_contain_text(
        "Ana and Ben both passed 40 on the same hand; the higher score wins, after hand 7."
    )

    link = winner.get_by_role("link", name="Send to BG Stats")
    link.scroll_into_view_if_needed()
    expect(link).to_be_in_viewport()
    box = link.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.screenshot(path="/tmp/send-to-bgstats.png")

    address = urlsplit(link.get_attribute("href") or "")
    assert address.netloc == "app.bgstatsapp.com" and address.path == "/createPlay.html"
    play = json.loads(parse_qs(address.query)["data"][0])
    assert play["sourceName"] == "vinescore" and play["sourcePlayId"] == str(game.uid)
    assert play["game"]["name"] == "Coralon" and play["game"]["highestWins"] is True
    # in seat order, each with the place the sheet's final standings give
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Ana", "42", 1, True),
        ("Ben", "40", 2, False),
        ("Cy", "3", 4, False),
        ("Dee", "6", 3, False),
    ]
