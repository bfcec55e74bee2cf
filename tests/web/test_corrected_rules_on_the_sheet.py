"""The corrected rules at the table: passed-out deals, Chevalier's discarded 7,
the new limits and Mü for six, through the same sheet views (refusals beside
the field, nothing saved)."""

import pytest

from tests.factories import NAMES, make_game, make_player, seat_data
from vinescore.table.models import Game, Hand

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def post_hand(client, game, data):
    return client.post(f"/games/{game.pk}/hands/", data, headers=HTMX)


def test_a_passed_out_bishop_deal_is_one_tap_and_moves_the_dealer(client):
    game = make_game("bishop", NAMES[:5], first_dealer=2)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "<strong>Cy</strong> deals" in page
    assert '<input type="hidden" name="passed" value="on">' in page
    assert ">Everyone passed</button>" in page

    response = post_hand(client, game, {"passed": "on"})
    assert response.status_code == 200
    assert Hand.objects.get().facts == {"passed": True}
    game.refresh_from_db()
    assert game.final_totals == [0, 0, 0, 0, 0] and game.hand_count == 1
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Everyone passed on Cy&#x27;s deal: nobody scores, and the deal moves left to Dee" in (
        page
    )
    assert "<strong>Dee</strong> deals" in page


@pytest.mark.parametrize(
    "kind, players, fact, words",
    [
        ("baronet", 5, "passed", "Everyone passed"),
        ("chevalier", 4, "passed", "Everyone passed"),
        ("ducks-and-geese", 4, "forfeit", "Dealer forfeited"),
        ("up-and-down", 5, "take_back", "The dealer took back"),
    ],
)
def test_a_one_tap_hand_is_offered_once_and_a_hands_edit_page_keeps_its_box(
    client, kind, players, fact, words
):
    game = make_game(kind, NAMES[:players])
    page = client.get(game.get_absolute_url()).content.decode()
    # The button under the form, and no box for the same fact in it.
    assert f'<input type="hidden" name="{fact}" value="on">' in page
    assert f'data-field="{fact}"' not in page
    assert f'data-show-if="{fact}"' not in page
    assert f'type="checkbox" name="{fact}"' not in page
    # A hand already played may be changed into one: its edit page has the box.
    post_hand(client, game, {fact: "on"})
    hand = Hand.objects.get()
    edit = client.get(f"/games/{game.pk}/hands/{hand.pk}/edit/").content.decode()
    assert f'type="checkbox" name="{fact}" checked' in edit and words in edit


def test_a_passed_deal_sent_from_an_out_of_date_page_comes_back_ticked(client):
    game = make_game("baronet", NAMES[:5])
    stale = game.version
    post_hand(client, game, {"bidder": "0", "bid": "6", "partner": "2", "points": "7"})
    response = post_hand(client, game, {"passed": "on", "version": stale})
    assert response.status_code == 409
    page = response.content.decode()
    assert 'type="checkbox" name="passed" checked' in page
    assert Hand.objects.count() == 1


def test_baronet_passed_out_deal_pays_nobody(client):
    game = make_game("baronet", NAMES[:4])
    post_hand(client, game, {"passed": "on"})
    game.refresh_from_db()
    assert game.final_totals == [100, 100, 100, 100]


@pytest.mark.parametrize("kind, players", [("coralon", 4), ("thief", 4), ("up-and-down", 5)])
def test_games_whose_dealer_must_act_offer_no_everyone_passed(client, kind, players):
    game = make_game(kind, NAMES[:players])
    assert ">Everyone passed</button>" not in client.get(game.get_absolute_url()).content.decode()


def test_chevalier_asks_whether_the_bidder_discarded_a_seven(client):
    game = make_game("chevalier")
    page = client.get(game.get_absolute_url()).content.decode()
    assert "The bidder discarded a 7" in page
    data = {
        "bidder": "0",
        "bid": "10",
        "bidders_clean": "4",
        "bidders_poisoned": "4",
        "defenders_poisoned": "0",
        "discarded_poison": "on",
    }
    assert post_hand(client, game, data).status_code == 200
    game.refresh_from_db()
    assert game.final_totals == [0, 12]


def test_a_chevalier_bid_of_sixteen_is_refused_beside_the_bid(client):
    game = make_game("chevalier")
    response = post_hand(
        client,
        game,
        {"bidder": "0", "bid": "16", "bidders_clean": "5", "bidders_poisoned": "5"},
    )
    assert response.status_code == 422
    assert "Bid: 16 is not one of the choices." in response.content.decode()
    assert not Hand.objects.exists()


def test_cutthroat_bid_of_eighteen_is_accepted(client):
    game = make_game("ducks-and-geese-cutthroat", NAMES[:5])
    response = post_hand(
        client,
        game,
        {"bidder": "1", "bid": "18", "bidder_tricks": "8", "cards": ["", "10", "", "", ""]},
    )
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.final_totals == [0, 18, 0, 0, 0]


def test_thief_with_six_refuses_eleven_thieves_and_a_bid_of_twenty(client):
    game = make_game("thief", NAMES[:6])
    response = post_hand(
        client,
        game,
        {
            "bidder": "0",
            "bid": "20",
            "tricks": ["4", "1", "1", "1", "1", "1"],
            "thieves": ["3", "2", "2", "2", "1", "1"],
        },
    )
    assert response.status_code == 422
    page = response.content.decode()
    assert "Bid (points) must be from 3 to 18; 20 is out of range." in page
    assert "Thieves kept: at most 9 in a hand (one a trick, 9 tricks); these add up to 11." in page
    assert not Hand.objects.exists()


def test_mu_for_six_with_the_dealer_out_starts_and_scores_with_the_five_player_table(client):
    seated = [make_player(n) for n in NAMES[:6]]
    response = client.post(
        "/games/new/mu/", seat_data(*seated, first_dealer=5, options=["dealer_sits_out"])
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.options == ["dealer_sits_out"]
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Fay deals and sits out" in page
    data = {
        "chief": "1",
        "bid": "4",
        "vice": "0",
        "partner": "3",
        "trump": "other_number",
        "points": ["10", "18", "8", "15", "9", ""],
    }
    assert post_hand(client, game, data).status_code == 200
    game.refresh_from_db()
    assert game.final_totals == [10, 78, 8, 75, 9, 0]
    # Ana deals the next hand and sits it out: she cannot be Chief.
    response = post_hand(client, game, {**data, "chief": "0", "vice": "2"})
    assert response.status_code == 422
    assert "Chief: Ana deals and sits out this hand; choose a player who played." in (
        response.content.decode()
    )
    assert Hand.objects.count() == 1
