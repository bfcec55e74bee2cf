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


def test_editing_an_exchange_says_who_attacked_not_who_dealt(client):
    # Exchange 1 is revealed at once; Ana hit Ben for 3, so Ana attacked exchange 2.
    game = make_game(
        "duel", ("Ana", "Ben"), target=2, stakes=10, hands=[{"damage": [0, 3]}, {"damage": [0, 2]}]
    )
    first, second = game.live_hands()
    page = client.get(f"/games/{game.pk}/hands/{second.pk}/edit/").content.decode()
    assert "Round 1: Ana 10 health, Ben 7 · Ana attacked" in page
    assert "dealt" not in page
    page = client.get(f"/games/{game.pk}/hands/{first.pk}/edit/").content.decode()
    assert "Round 1: Ana 10 health, Ben 10 · both revealed a card at once" in page


def test_editing_a_hand_of_a_dealt_game_still_says_who_dealt(client):
    game = make_game(
        "coralon", first_dealer=2, hands=[{"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}]
    )
    (hand,) = game.live_hands()
    page = client.get(f"/games/{game.pk}/hands/{hand.pk}/edit/").content.decode()
    assert "Coralon · Cy dealt" in page
