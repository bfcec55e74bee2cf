import pytest

from tests.factories import make_game
from vinescore.table.models import Game, GameChange, Hand

pytestmark = pytest.mark.django_db

MISS = {"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}  # Ana misses: others score
EXACT = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}  # Ben takes all 13


def test_editing_an_old_hand_recomputes_every_total_after_it(client):
    game = make_game(hands=[MISS, MISS, MISS])
    assert game.final_totals == [0, 12, 12, 6]
    first = game.live_hands()[0]
    page = client.get(f"/games/{game.pk}/hands/{first.pk}/edit/").content.decode()
    assert "rescores the 2 hands after it" in page
    response = client.post(
        f"/games/{game.pk}/hands/{first.pk}/edit/",
        {"bidder": "0", "bid": "3", "tricks": ["3", "4", "4", "2"]},
    )
    assert response.status_code == 302
    assert Game.objects.get().final_totals == [3, 8, 8, 4]


def test_an_invalid_edit_is_refused_and_changes_nothing(client):
    game = make_game(hands=[MISS])
    hand = game.live_hands()[0]
    response = client.post(
        f"/games/{game.pk}/hands/{hand.pk}/edit/",
        {"bidder": "0", "bid": "3", "tricks": ["9", "9", "9", "9"]},
    )
    assert response.status_code == 422
    assert "these add up to 36" in response.content.decode()
    assert Hand.objects.get(pk=hand.pk).facts == MISS


def test_an_edit_can_decide_the_winner(client):
    ben_misses = {"bidder": 1, "bid": 5, "tricks": [4, 3, 3, 3]}
    game = make_game(hands=[EXACT, EXACT, EXACT, ben_misses])
    assert not game.is_finished and game.final_totals[1] == 39
    last = game.live_hands()[-1]
    client.post(
        f"/games/{game.pk}/hands/{last.pk}/edit/",
        {"bidder": "1", "bid": "2", "tricks": ["0", "2", "5", "6"]},
    )
    game = Game.objects.get()
    assert game.is_finished and game.winner_name == "Ben"


def test_deleting_a_hand_renumbers_and_rescores_and_can_be_undone(client):
    game = make_game(hands=[MISS, EXACT])
    first = game.live_hands()[0]
    assert (
        "rescored and renumbered"
        in client.get(f"/games/{game.pk}/hands/{first.pk}/delete/").content.decode()
    )
    response = client.post(f"/games/{game.pk}/hands/{first.pk}/delete/")
    assert Game.objects.get().final_totals == [0, 13, 0, 0]
    page = client.get(response["Location"]).content.decode()
    assert "Hand 1 deleted" in page and "Undo" in page
    client.post(f"/games/{game.pk}/hands/{first.pk}/restore/")
    assert Game.objects.get().final_totals == [0, 17, 4, 2]


def test_every_change_is_kept_in_the_change_log(client):
    game = make_game(hands=[MISS])
    hand = game.live_hands()[0]
    client.post(
        f"/games/{game.pk}/hands/{hand.pk}/edit/",
        {"bidder": "0", "bid": "3", "tricks": ["3", "4", "4", "2"]},
    )
    client.post(f"/games/{game.pk}/hands/{hand.pk}/delete/")
    client.post(f"/games/{game.pk}/hands/{hand.pk}/restore/")
    actions = list(GameChange.objects.order_by("pk").values_list("action", flat=True))
    assert actions == ["added", "edited", "deleted", "restored"]
    edit = GameChange.objects.get(action="edited")
    assert edit.before["bid"] == 5 and edit.after["bid"] == 3
    log = client.get(f"/games/{game.pk}/log/").content.decode()
    assert "Edited" in log and "Deleted" in log and "Restored" in log


def test_a_deleted_hand_cannot_be_edited_until_restored(client):
    game = make_game(hands=[MISS])
    hand = game.live_hands()[0]
    client.post(f"/games/{game.pk}/hands/{hand.pk}/delete/")
    assert client.get(f"/games/{game.pk}/hands/{hand.pk}/edit/").status_code == 404


def test_a_hand_from_another_game_is_not_found(client):
    one = make_game(hands=[MISS])
    other = make_game()
    hand = one.live_hands()[0]
    assert client.get(f"/games/{other.pk}/hands/{hand.pk}/edit/").status_code == 404
