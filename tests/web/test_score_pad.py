import pytest

from tests.factories import make_game, make_player, seat_data
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db


def test_a_pad_is_started_with_its_own_name_and_no_target(client):
    players = [make_player(n) for n in ("Ana", "Ben")]
    response = client.post("/games/new/pad/", seat_data(*players, title="  Gin   Rummy "))
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.name == "Gin Rummy" and game.target is None
    assert "Gin Rummy" in client.get("/").content.decode()


def test_a_pad_needs_a_name(client):
    players = [make_player(n) for n in ("Ana", "Ben")]
    response = client.post("/games/new/pad/", seat_data(*players))
    assert response.status_code == 422
    assert not Game.objects.exists()


def test_a_pad_takes_twelve_players_and_refuses_thirteen_seats(client):
    players = [make_player(f"P{i}") for i in range(12)]
    assert client.post("/games/new/pad/", seat_data(*players, title="Big")).status_code == 302


def test_negative_points_and_ending_the_game_by_hand(client):
    game = make_game("pad", ("Ana", "Ben", "Cy"))
    client.post(f"/games/{game.pk}/hands/", {"points": ["-4", "7", ""]})
    client.post(f"/games/{game.pk}/hands/", {"points": ["10", "-2", "3"]})
    game = Game.objects.get()
    assert game.final_totals == [6, 5, 3] and not game.is_finished
    page = client.get(game.get_absolute_url()).content.decode()
    assert "End the game" in page
    client.post(f"/games/{game.pk}/end/")
    game = Game.objects.get()
    assert game.is_finished and game.winner_name == "Ana"


def test_a_low_score_pad_with_a_target(client):
    game = make_game("pad", ("Ana", "Ben"), options=["low_wins"], target=100)
    client.post(f"/games/{game.pk}/hands/", {"points": ["60", "101"]})
    game = Game.objects.get()
    assert game.is_finished and game.winner_name == "Ana"


def test_any_round_can_be_edited(client):
    game = make_game("pad", ("Ana", "Ben"), hands=[{"points": [3, 4]}])
    hand = game.live_hands()[0]
    client.post(f"/games/{game.pk}/hands/{hand.pk}/edit/", {"points": ["30", "4"]})
    assert Game.objects.get().final_totals == [30, 4]
