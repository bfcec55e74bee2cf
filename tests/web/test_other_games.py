"""Every other Vines game through the same start, entry and sheet views."""

import pytest

from tests.factories import NAMES, make_game, make_player, seat_data
from vinescore.table.models import Game, Hand

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def post_hand(client, game, data):
    return client.post(f"/games/{game.pk}/hands/", data, headers=HTMX)


@pytest.mark.parametrize(
    "kind, players, target, stakes",
    [
        ("thief", 4, 40, None),
        ("thieves", 4, 80, None),
        ("ducks-and-geese", 4, 30, None),
        ("dog", 4, 30, None),
        ("ducks-and-geese-cutthroat", 5, 21, None),
        ("bishop", 5, 21, None),
        ("bishop", 4, 25, None),
        ("baronet", 5, None, 100),
        ("chevalier", 4, 31, None),
        ("up-and-down", 5, None, 30),
        ("up-and-down-points", 5, 60, None),
    ],
)
def test_every_game_starts_with_the_rulebooks_target_or_stakes(
    client, kind, players, target, stakes
):
    seated = [make_player(n) for n in NAMES[:players]]
    response = client.post(f"/games/new/{kind}/", seat_data(*seated))
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.target, game.stakes) == (target, stakes)
    assert client.get(game.get_absolute_url()).status_code == 200


def test_thief_blank_thieves_count_as_none_taken(client):
    game = make_game("thief")
    response = post_hand(
        client,
        game,
        {"bidder": "0", "bid": "6", "tricks": ["4", "3", "3", ""], "thieves": ["2", "", "1", ""]},
    )
    assert response.status_code == 200
    assert Hand.objects.get().facts["thieves"] == [2, 0, 1, 0]
    assert Game.objects.get().final_totals == [6, 0, 0, 0]


def test_ducks_and_geese_capped_at_the_bid(client):
    game = make_game("ducks-and-geese")
    response = post_hand(
        client,
        game,
        {
            "bidder": "1",
            "bid": "5",
            "open": "open",
            "bidders_tricks": "4",
            "bidders_cards": "3",
            "others_cards": "2",
        },
    )
    assert response.status_code == 200, response.content.decode()[:2000]
    assert Game.objects.get().final_totals == [2, 5]


def test_ducks_and_geese_dealers_forfeit_is_one_tap(client):
    game = make_game("ducks-and-geese", first_dealer=0)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Dealer forfeits" in page
    response = post_hand(client, game, {"forfeit": "on"})
    assert response.status_code == 200
    assert Game.objects.get().final_totals == [0, 3]
    assert "Hand 2 · <strong>Ben</strong> deals" in response.content.decode()


def test_chevalier_failed_bid_gives_the_defenders_a_bump(client):
    game = make_game("chevalier")
    response = post_hand(
        client,
        game,
        {
            "bidder": "0",
            "bid": "5",
            "bidders_clean": "3",
            "bidders_poisoned": "1",
            "defenders_poisoned": "1",
        },
    )
    assert response.status_code == 200, response.content.decode()[:3000]
    assert Game.objects.get().final_totals == [0, 10]


def test_chevalier_tricks_over_ten_are_refused(client):
    game = make_game("chevalier")
    response = post_hand(
        client,
        game,
        {
            "bidder": "0",
            "bid": "5",
            "bidders_clean": "6",
            "bidders_poisoned": "1",
            "defenders_poisoned": "1",
            "defenders_clean": "5",
        },
    )
    assert response.status_code == 422
    assert not Hand.objects.exists()


def test_a_baronet_session_keeps_a_ledger_and_settles_up(client):
    game = make_game("baronet", NAMES[:5])
    response = post_hand(
        client,
        game,
        {"bidder": "0", "bid": "6", "block": "war", "trump": "Cups", "partner": "2", "points": "7"},
    )
    body = response.content.decode()
    assert response.status_code == 200, body[:3000]
    game = Game.objects.get()
    assert sum(game.final_totals) == 500
    assert game.final_totals[0] == 112 and game.final_totals[2] == 106
    assert "pays" in body
    client.post(f"/games/{game.pk}/end/")
    game = Game.objects.get()
    assert game.is_finished and game.winner_name == "Ana"
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Settle up" in page
    assert page.count(" pays Ana ") + page.count(" pays Cy ") >= 2
    assert post_hand(client, game, {"bidder": "0"}).status_code == 409


def test_up_and_down_take_back_the_dealer_pays_each_player_one(client):
    game = make_game("up-and-down", NAMES[:5], first_dealer=4)
    response = post_hand(client, game, {"take_back": "on"})
    assert response.status_code == 200
    assert Game.objects.get().final_totals == [31, 31, 31, 31, 26]


def test_bishop_partner_cannot_be_the_bidder(client):
    game = make_game("bishop", NAMES[:5])
    response = post_hand(
        client,
        game,
        {"bidder": "0", "bid": "6", "block": "war", "trump": "Cups", "partner": "0", "points": "7"},
    )
    assert response.status_code == 422
    assert not Hand.objects.exists()


def test_reopening_an_ended_session_allows_more_hands(client):
    game = make_game("baronet", NAMES[:5])
    client.post(f"/games/{game.pk}/end/")
    client.post(f"/games/{game.pk}/reopen/")
    assert not Game.objects.get().is_finished


def test_chevalier_poisoned_tricks_start_at_none_and_a_blank_counts_as_none(client):
    game = make_game("chevalier")
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'name="bidders_poisoned" value="0" checked' in page
    response = post_hand(client, game, {"bidder": "0", "bid": "5", "bidders_clean": "6"})
    assert response.status_code == 200
    assert Game.objects.get().final_totals == [6, 4]


def test_mu_made_bid_scores_card_points_and_the_bonus(client):
    game = make_game("mu", NAMES[:5])
    assert game.target == 200
    response = post_hand(
        client,
        game,
        {
            "chief": "1",
            "bid": "6",
            "partner": "0",
            "trump": "other_number",
            "points": ["20", "21", "9", "6", ""],
        },
    )
    body = response.content.decode()
    assert response.status_code == 200, body[:3000]
    assert "needing 39" in body
    # Ana and Ben took 41 >= 39: bonus 10 x (6 + 2) = 80 each, on top of card points.
    assert Game.objects.get().final_totals == [100, 101, 9, 6, 4]


def test_mu_card_points_must_add_up_to_the_deck(client):
    game = make_game("mu", NAMES[:5])
    response = post_hand(
        client,
        game,
        {
            "chief": "1",
            "bid": "6",
            "partner": "0",
            "trump": "colour",
            "points": ["20", "21", "9", "6", "9"],
        },
    )
    assert response.status_code == 422
    assert "60" in response.content.decode()
