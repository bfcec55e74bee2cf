import pytest

from tests.factories import make_game
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db

EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def test_reaching_the_target_shows_the_winner_and_how_it_was_decided(client):
    game = make_game(hands=[EXACT_BEN] * 4)
    body = client.get(game.get_absolute_url()).content.decode()
    assert "Ben wins" in body and "First to reach 40, after hand 4" in body
    assert 'id="hand-form"' not in body


def test_a_tie_at_the_top_goes_to_the_bidder_and_says_so(client):
    exact_ana = {"bidder": 0, "bid": 10, "tricks": [10, 3, 0, 0]}
    # Ben 39 and Ana 30; then Ana bids 2 and takes 10, Ben 1: both reach 40.
    over_ana = {"bidder": 0, "bid": 2, "tricks": [10, 1, 2, 0]}
    game = make_game(target=40, hands=[EXACT_BEN] * 3 + [exact_ana] * 3 + [over_ana])
    assert game.final_totals[:2] == [40, 40]
    body = client.get(game.get_absolute_url()).content.decode()
    assert "Ana wins" in body and "the bidder wins ties" in body


def test_reopening_asks_for_a_higher_target_and_allows_more_hands(client):
    game = make_game(hands=[EXACT_BEN] * 4)
    response = client.post(f"/games/{game.pk}/reopen/", {"target": "50"})
    assert response.status_code == 422
    assert "the new target must be higher" in response.content.decode()
    client.post(f"/games/{game.pk}/reopen/", {"target": "80"})
    game = Game.objects.get()
    assert game.target == 80 and not game.is_finished
    response = client.post(
        f"/games/{game.pk}/hands/", {"bidder": "0", "bid": "2", "tricks": ["2", "4", "4", "3"]}
    )
    assert response.status_code == 302


def test_a_rematch_keeps_the_seats_and_moves_the_dealer_on(client):
    game = make_game(first_dealer=0, hands=[EXACT_BEN] * 4)
    response = client.post(f"/games/{game.pk}/rematch/")
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == rematch.get_absolute_url()
    assert [p.name for p in rematch.seated_players()] == ["Ana", "Ben", "Cy", "Dee"]
    assert rematch.first_dealer == 0 + 4 - 4  # four hands dealt: the deal is back with Ana
    assert rematch.target == 40 and rematch.hand_count == 0


def test_the_games_list_shows_games_in_progress_before_finished_ones(client):
    done = make_game(hands=[EXACT_BEN] * 4)
    playing = make_game("coralon-partners")
    body = client.get("/").content.decode()
    assert body.index(f"/games/{playing.pk}/") < body.index(f"/games/{done.pk}/")
    assert "🏆 Ben" in body


def test_the_sheet_seen_before_reopening_shows_the_new_target_after(client):
    game = make_game(hands=[EXACT_BEN] * 4)
    assert "To 40" in client.get(game.get_absolute_url()).content.decode()
    client.post(f"/games/{game.pk}/reopen/", {"target": "80"})
    body = client.get(game.get_absolute_url()).content.decode()
    assert "To 80" in body and "Ben wins" not in body and 'id="hand-form"' in body


def test_the_note_can_be_changed_on_the_sheet(client):
    game = make_game()
    client.get(game.get_absolute_url())
    client.post(f"/games/{game.pk}/note/", {"note": "Cy owes snacks"})
    assert "Cy owes snacks" in client.get(game.get_absolute_url()).content.decode()


def test_an_overlong_note_is_refused_beside_the_field_and_the_old_note_kept(client):
    game = make_game()
    client.post(f"/games/{game.pk}/note/", {"note": "Cy owes snacks"})
    response = client.post(f"/games/{game.pk}/note/", {"note": "x" * 501})
    assert response.status_code == 422
    assert "A note holds at most 500 characters; this has 501." in response.content.decode()
    assert Game.objects.get().note == "Cy owes snacks"
