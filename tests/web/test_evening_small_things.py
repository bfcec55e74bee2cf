"""The smaller things an evening at the table notices: the games list at
/games/, the rules' words, the https note only where it applies, German
one-liners and a description on every page."""

import html
import re

import pytest
from django.utils import translation
from django.utils.translation import gettext

from tests.factories import make_game
from vinescore.scoring import REGISTRY

pytestmark = pytest.mark.django_db

GERMAN = {"Accept-Language": "de"}


def description(body: str) -> str:
    found = re.search(r'<meta name="description" content="([^"]+)">', body)
    assert found, "the page has no meta description"
    return found.group(1)


def test_games_in_the_address_bar_leads_to_the_games_list(client):
    response = client.get("/games/")
    assert response.status_code == 301 and response["Location"] == "/"
    assert "Games" in client.get("/games/", follow=True).content.decode()


def test_the_zero_bid_is_said_once(client):
    body = client.get("/rules/coralon/").content.decode()
    assert "zero bid</a>:" not in body and "bid zero bid" not in body
    assert 'you may bid <a class="term"' in body and ">zero</a>: you promise" in body


def test_the_rules_index_one_liners_are_german_on_a_german_page(client):
    body = client.get("/rules/", headers=GERMAN).content.decode()
    assert "Wer sich traut, spielt aus" in body
    assert "Whoever dares leads out" not in body


def test_every_kind_of_page_describes_itself(client, anonymous):
    game = make_game()
    assert "one phone" in description(anonymous.get("/accounts/login/").content.decode())
    assert "one phone" in description(client.get("/").content.decode())
    assert description(client.get(game.get_absolute_url()).content.decode()) == (
        "The score sheet of Coralon, kept hand by hand at the table."
    )
    rules = description(client.get("/rules/coralon/", headers=GERMAN).content.decode())
    with translation.override("de"):
        german = gettext(REGISTRY["coralon"].summary)
    assert german != REGISTRY["coralon"].summary
    assert rules == html.escape(german)


def test_the_https_note_is_only_on_a_sheet_where_hands_are_typed(client, anonymous):
    note = "Install and offline opening need https"
    assert note not in anonymous.get("/accounts/login/").content.decode()
    assert note not in client.get("/").content.decode()
    assert note not in client.get("/rules/").content.decode()
    sheet = client.get(make_game().get_absolute_url()).content.decode()
    assert note in sheet and "this phone still keeps the hands you score" in sheet
    finished = make_game(target=3, hands=[{"bidder": 0, "bid": 3, "tricks": [3, 4, 3, 3]}])
    assert finished.is_finished
    assert note not in client.get(finished.get_absolute_url()).content.decode()
