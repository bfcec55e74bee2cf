"""The first dealer drawn at random, with one tap on the start form."""

import pytest

from tests.factories import make_player, seat_data
from vinescore.table import forms
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def three():
    return [make_player(n) for n in ("Ana", "Ben", "Cy")]


def test_the_start_form_offers_to_draw_the_first_dealer_at_random(client):
    body = client.get("/games/new/coralon/").content.decode()
    assert 'name="first_dealer" value="random"' in body
    assert "Draw at random" in body


def test_a_random_first_dealer_is_one_of_the_seated_players_drawn_by_the_server(
    client, three, monkeypatch
):
    drawn = []

    def randbelow(n):
        drawn.append(n)
        return 2

    monkeypatch.setattr(forms.secrets, "randbelow", randbelow)
    response = client.post("/games/new/coralon/", seat_data(*three, first_dealer="random"))
    game = Game.objects.get()
    assert response.status_code == 302
    assert drawn == [3]  # among the three seated, not the six seats
    assert game.first_dealer == 2
    sheet = client.get(game.get_absolute_url()).content.decode()
    assert "<strong>Cy</strong> deals" in sheet


def test_every_seated_player_can_be_drawn(client, three):
    for _ in range(40):
        client.post("/games/new/coralon/", seat_data(*three, first_dealer="random"))
    dealers = set(Game.objects.values_list("first_dealer", flat=True))
    assert dealers == {0, 1, 2}  # 40 draws miss one of three with odds of 3 in 10 million


def test_a_first_dealer_that_is_no_seat_is_refused_beside_the_field(client, three):
    response = client.post("/games/new/coralon/", seat_data(*three, first_dealer="anyone"))
    assert response.status_code == 422
    assert "Select a valid choice" in response.content.decode()
    assert not Game.objects.exists()
