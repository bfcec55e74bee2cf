import pytest

from tests.factories import make_game
from vinescore.table.models import Game, Hand

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def post_hand(client, game, data, htmx=True):
    return client.post(f"/games/{game.pk}/hands/", data, headers=HTMX if htmx else {})


def test_the_sheet_shows_who_deals_and_who_bids_first(client):
    game = make_game(first_dealer=1)
    body = client.get(game.get_absolute_url()).content.decode()
    assert "Hand 1 · <strong>Ben</strong> deals · <strong>Cy</strong> bids first" in body


def test_scoring_a_hand_with_htmx_updates_the_sheet_in_place(client):
    game = make_game()
    response = post_hand(client, game, {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", ""]})
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in body and 'id="live"' in body
    assert "Ben bid 4 and took exactly 4: only Ben scores" in body
    assert "Hand 2 · <strong>Ben</strong> deals" in body
    assert Game.objects.get().final_totals == [0, 4, 0, 0]


def test_the_last_players_tricks_are_worked_out(client):
    game = make_game()
    post_hand(client, game, {"bidder": "0", "bid": "2", "tricks": ["2", "4", "", "3"]})
    assert Hand.objects.get().facts["tricks"] == [2, 4, 4, 3]


def test_a_plain_post_redirects_back_to_the_sheet(client):
    game = make_game()
    response = post_hand(
        client, game, {"bidder": "0", "bid": "2", "tricks": ["2", "4", "4", "3"]}, htmx=False
    )
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()


@pytest.mark.parametrize(
    "data, message",
    [
        (
            {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "9"]},
            "13 in a 4-player hand; these add up to 18",
        ),
        (
            {"bidder": "1", "bid": "14", "tricks": ["3", "4", "2", ""]},
            "Bid: 14 is not one of the choices",
        ),
        (
            {"bidder": "1", "bid": "zero", "tricks": ["3", "0", "5", ""]},
            "Bid: zero is not one of the choices",
        ),
        ({"bid": "4", "tricks": ["3", "4", "2", ""]}, "Choose the bidder."),
        (
            {"bidder": "7", "bid": "4", "tricks": ["3", "4", "2", ""]},
            "Bidder: choose one of the players.",
        ),
        (
            {"bidder": "1", "bid": "4", "tricks": ["3", "x", "2", ""]},
            "Tricks for Ben must be a whole number",
        ),
        (
            {"bidder": "1", "bid": "4", "tricks": ["3", "", "2", ""]},
            "leave at most one player blank",
        ),
    ],
)
def test_bad_input_is_refused_beside_the_field_and_saves_nothing(client, data, message):
    game = make_game()
    response = post_hand(client, game, data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Hand.objects.exists()


def test_a_hand_posted_to_a_finished_game_is_refused(client):
    exact = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
    game = make_game(hands=[exact] * 4)
    assert game.is_finished
    response = post_hand(client, game, {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", ""]})
    assert response.status_code == 409
    assert "This game is finished" in response.content.decode()
    assert Hand.objects.count() == 4


def test_a_zero_bid_scores_when_the_table_plays_zero_bids(client):
    game = make_game(options=["zero"])
    post_hand(client, game, {"bidder": "1", "bid": "zero", "tricks": ["3", "0", "5", ""]})
    assert Game.objects.get().final_totals == [0, 13, 0, 0]


def test_a_game_that_does_not_exist_is_not_found(client):
    assert client.get("/games/999/").status_code == 404
    assert client.post("/games/999/hands/", {}).status_code == 404


def test_the_sheet_shows_only_the_latest_hands_until_asked_for_all(client):
    hand = {"bidder": 0, "bid": 2, "tricks": [2, 4, 4, 3]}
    game = make_game(target=9999, hands=[hand] * 30)
    body = client.get(game.get_absolute_url()).content.decode()
    assert "Show all 30 hands" in body
    assert body.count('<tbody id="hand-') == 15
    assert (
        client.get(game.get_absolute_url() + "?all=1").content.decode().count('<tbody id="hand-')
        == 30
    )


def test_the_sheet_is_never_served_from_the_browsers_cache(client):
    game = make_game()
    response = client.get(game.get_absolute_url())
    assert "no-store" in response["Cache-Control"]


def test_the_sheet_shown_again_after_a_rename_heads_its_column_with_the_new_name(client):
    game = make_game(hands=[{"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}])
    before = client.get(game.get_absolute_url()).content.decode()
    assert '<th scope="col" title="Ben">Ben</th>' in before
    ben = game.seats.get(position=1).player
    client.post(f"/players/{ben.pk}/rename/", {"name": "Benedict"})
    body = client.get(game.get_absolute_url()).content.decode()
    assert '<th scope="col" title="Benedict">Benedict</th>' in body
    assert '<th scope="col" title="Ben">Ben</th>' not in body


def test_the_form_shown_again_after_an_undo_asks_for_the_hand_undone(client):
    game = make_game(hands=[{"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}])
    assert "Score hand 2" in client.get(game.get_absolute_url()).content.decode()
    hand = game.live_hands()[-1]
    client.post(f"/games/{game.pk}/hands/{hand.pk}/delete/")
    body = client.get(game.get_absolute_url()).content.decode()
    assert "Score hand 1" in body and "No hands yet." in body
