import pytest

from tests.factories import make_game, make_player, seat_data
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def test_starting_health_and_rounds_must_be_chosen(client):
    ana, ben = make_player("Ana"), make_player("Ben")
    response = client.post("/games/new/duel/", seat_data(ana, ben))
    body = response.content.decode()
    assert response.status_code == 422
    assert "Enter the starting health." in body and "Enter the rounds to win the match." in body


def test_the_last_values_used_are_offered_next_time(client):
    ana, ben = make_player("Ana"), make_player("Ben")
    client.post("/games/new/duel/", seat_data(ana, ben, stakes=12, target=3))
    page = client.get("/games/new/duel/").content.decode()
    assert 'name="stakes" type="number" inputmode="numeric" min="1" value="12"' in page
    assert 'name="target" type="number" inputmode="numeric" min="1" value="3"' in page


def test_one_tap_damage_and_undo(client):
    game = make_game("duel", ("Ana", "Ben"), target=2, stakes=10)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Round 1: Ana 10 health, Ben 10" in page and "Ben takes 3" in page
    response = client.post(f"/games/{game.pk}/hands/", {"damage": ["0", "3"]}, headers=HTMX)
    assert "Round 1: Ana 10 health, Ben 7" in response.content.decode()
    last = game.live_hands()[-1]
    client.post(f"/games/{game.pk}/hands/{last.pk}/delete/")
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Round 1: Ana 10 health, Ben 10" in page


def test_a_match_is_won_by_rounds(client):
    game = make_game("duel", ("Ana", "Ben"), target=2, stakes=5)
    for _ in range(2):
        client.post(f"/games/{game.pk}/hands/", {"damage": ["0", "0"], "exhausted": "1"})
    game = Game.objects.get()
    assert game.is_finished and game.winner_name == "Ana" and game.final_totals == [2, 0]


def test_a_rematch_keeps_the_chosen_rounds(client):
    game = make_game("duel", ("Ana", "Ben"), target=3, stakes=5)
    client.post(f"/games/{game.pk}/rematch/")
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert (rematch.target, rematch.stakes) == (3, 5)
