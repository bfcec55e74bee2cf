"""The last rulings as the sheet shows them: sides that pass the target on
the same hand, a coin session level on the most coins, and Dog's blind bid."""

import html

import pytest
from pytest_django.asserts import assertInHTML

from tests.factories import NAMES, make_game
from vinescore.table.models import Game, Hand

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}

# Ana bids 3 and takes 6 each hand, Ben 5 or 6: 36 to 33 after six hands;
# on hand 7 Ben exceeds and both pass 40, Ana on 42 and Ben on 40.
ANA_AHEAD = [{"bidder": 0, "bid": 3, "tricks": [6, 6, 0, 1]}] * 3 + [
    {"bidder": 0, "bid": 3, "tricks": [6, 5, 1, 1]}
] * 3
BEN_EXCEEDS = {"bidder": 1, "bid": 3, "tricks": [6, 7, 0, ""]}


def field_box(page: str, field: str) -> str:
    """The hand form's box for one fact, where its message goes."""
    box = page[page.index(f'data-field="{field}"') :]
    return box[: box.index("</fieldset>")]


def test_both_passing_the_target_on_the_last_hand_the_sheet_says_so(client):
    game = make_game(target=40, hands=ANA_AHEAD)
    response = client.post(f"/games/{game.pk}/hands/", BEN_EXCEEDS, headers=HTMX)
    assert response.status_code == 200
    body = client.get(game.get_absolute_url()).content.decode()
    assert "Ana wins" in body
    assert (
        "Ana and Ben both passed 40 on the same hand; the higher score wins, after hand 7."
    ) in body
    # the hand's own line, and the one just scored above the form
    said = (
        "Ben bid 3 and took 7: everyone scores their tricks. Ana and Ben both passed 40 on this "
        "hand; the win goes to Ana, as the higher score wins."
    )
    assert body.count(said) == 2
    assert "first to reach" not in body
    assert Game.objects.get().winner_name == "Ana"


def test_a_coin_session_level_on_the_most_coins_names_every_winner(client):
    ana_with_cy = {"bidder": 0, "bid": 6, "block": "peace", "trump": "Locks", "partner": 2}
    ben_with_dee = {**ana_with_cy, "bidder": 1, "partner": 3}
    game = make_game(
        "baronet", NAMES[:5], hands=[{**ana_with_cy, "points": 6}, {**ben_with_dee, "points": 6}]
    )
    client.post(f"/games/{game.pk}/end/")
    body = client.get(game.get_absolute_url()).content.decode()
    assert "🏆 Ana and Ben win" in html.unescape(body)
    assert "Level on the most coins: a shared win, after hand 2." in body
    for name in ("Ana", "Ben"):
        assertInHTML(
            f'<li><span class="place">1st</span><span class="who" title="{name}">{name}</span>'
            f'<span class="score">106</span><span class="why">a shared win</span></li>',
            body,
        )
    assert Game.objects.get().winner_name == "Ana and Ben"


def test_dog_refuses_a_blind_bid_of_two_beside_the_bid_and_saves_nothing(client):
    game = make_game("dog", options=["blind"])
    blind_two = {
        "bidder": "1",
        "bid": "2",
        "blind": "on",
        "bidders_points": "2",
        "others_cards": "1",
    }
    response = client.post(f"/games/{game.pk}/hands/", blind_two, headers=HTMX)
    assert response.status_code == 422
    page = response.content.decode()
    assert "A blind bid is at least 3: a bid of 2 is made after looking at your cards." in (
        field_box(page, "bid")
    )
    assert not Hand.objects.exists()
    # the same 2 bid open is a hand
    del blind_two["blind"]
    assert client.post(f"/games/{game.pk}/hands/", blind_two, headers=HTMX).status_code == 200
    assert Hand.objects.get().facts["bid"] == 2


def test_the_rules_pages_state_the_last_rulings(client):
    dog = client.get("/rules/dog/").content.decode()
    assert "A blind bid is at least <strong>3</strong>" in dog
    assert "As in Ducks and Geese: both teams can pass 30 on the same hand" in dog
    mu = client.get("/rules/mu/").content.decode()
    assert "else to the Chief's partner, else to the tied player nearest the dealer's left" in mu
    thief = client.get("/rules/thief/").content.decode()
    assert "(tricks only: from 3 up to the hand size)" in thief
    coralon = client.get("/rules/coralon/").content.decode()
    assert "Several players can pass the target on the same hand." in coralon
