"""What if we had played with another house rule: a finished game, and every
finished game of one kind in the group, rescored beside what happened."""

import pytest

from tests.factories import make_game, make_member
from tests.scoring.test_what_if import CY_TO_30, HANDS
from vinescore.accounts.models import Group, Membership
from vinescore.table.links import SpectatorLink
from vinescore.table.models import Game, GameChange

pytestmark = pytest.mark.django_db

EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
BEN_AND_DEE_SWEEP = {"bidder": 1, "bid": 13, "bidders_tricks": 13}


def anas_zero_game() -> Game:
    """Coralon to 40 with zero bids: Ana wins after hand 7 thanks to her zero in hand 3."""
    return make_game("coralon", options=["zero"], target=40, hands=HANDS)


def page(client, game: Game, **query) -> tuple[int, str]:
    response = client.get(f"/games/{game.pk}/what-if/", query)
    return response.status_code, response.content.decode()


def test_with_zero_bids_off_hand_3_anas_zero_cannot_be_played_and_ben_wins_instead(client):
    game = anas_zero_game()
    assert game.winner_name == "Ana"
    status, body = page(client, game, zero="off")
    assert status == 200
    assert "What if we had played with Zero bids off" in body
    assert "<strong>Hand 3</strong>: Ana bid zero and took no trick" in body
    assert "It needs “Zero bids”, which this what-if turns off." in body
    # Side by side: as played Ana 41 (1st), what if Ana 28 and Ben 40 (1st).
    assert '<th scope="row">Ana</th><td>41 <span class="muted">1st</span></td>' in body
    assert '<td class="changed">40 <span class="muted">1st</span></td>' in body
    assert "🏆 <strong>Ana</strong>: first to reach 40, after hand 7." in body
    assert "🏆 <strong>Ben</strong>: first to reach 40, after hand 8." in body


def test_a_what_if_says_it_is_one_and_stores_nothing(client):
    game = anas_zero_game()
    version, changes = game.version, GameChange.objects.filter(game=game).count()
    status, body = page(client, game, zero="off", target="60")
    assert "Nothing here is saved" in body
    game.refresh_from_db()
    assert (game.version, game.winner_name, game.final_totals) == (version, "Ana", [41, 40, 0, 0])
    assert GameChange.objects.filter(game=game).count() == changes


def test_a_higher_target_leaves_the_game_unwon(client):
    status, body = page(client, anas_zero_game(), target="60")
    assert "Target score 60" in body
    assert "Nobody would have won yet: the game would have gone on." in body


def test_a_lower_target_ends_it_sooner_and_says_which_hands_would_not_be_played(client):
    status, body = page(client, anas_zero_game(), target="26")
    assert "🏆 <strong>Ana</strong>: first to reach 26, after hand 3." in body
    assert "The last 5 hands would not have been played." in body


def test_the_games_own_rules_change_nothing(client):
    # Ana wins on hand 7, where the table stopped.
    game = make_game("coralon", options=["zero"], target=40, hands=HANDS[:7])
    status, body = page(client, game, zero="")
    assert "Under the rules it was played by" in body
    assert "Nothing changes: the same totals and the same winner." in body
    assert "would not have been played" not in body


def test_what_if_the_target_had_been_20_cy_wins_with_21_after_hand_6(client):
    game = make_game("coralon", target=30, hands=CY_TO_30)
    assert (game.winner_name, game.final_totals) == ("Cy", [3, 16, 30, 13])
    status, body = page(client, game, target="20")
    assert status == 200
    assert "🏆 <strong>Cy</strong>: first to reach 20, after hand 6." in body
    assert "The last 2 hands would not have been played." in body
    # What if: Cy 21, Ben 16, Dee 9, Ana 3, beside 30, 16, 13 and 3 as played.
    for name, played, now in [
        (
            "Cy",
            '30 <span class="muted">1st</span>',
            '<td class="changed">21 <span class="muted">1st</span>',
        ),
        ("Ben", '16 <span class="muted">2nd</span>', '<td>16 <span class="muted">2nd</span>'),
        (
            "Dee",
            '13 <span class="muted">3rd</span>',
            '<td class="changed">9 <span class="muted">3rd</span>',
        ),
        ("Ana", '3 <span class="muted">4th</span>', '<td>3 <span class="muted">4th</span>'),
    ]:
        assert f'<th scope="row">{name}</th><td>{played}</td>{now}</td></tr>' in body


def test_a_zero_after_the_win_is_not_named_as_left_out(client):
    # To 13, Ana has won after hand 1; her zero in hand 3 would not have been bid.
    status, body = page(client, anas_zero_game(), zero="off", target="13")
    assert "🏆 <strong>Ana</strong>: first to reach 13, after hand 1." in body
    assert "The last 7 hands would not have been played." in body
    assert "Hands left out" not in body


def test_the_form_offers_each_house_rule_of_the_game_as_played(client):
    status, body = page(client, anas_zero_game())
    assert status == 200
    assert "As played (on)" in body  # zero bids
    assert "As played (off)" in body  # "less" after a zero
    assert "Blank: as played (40)." in body


def test_ducks_and_geese_offers_dog_but_says_cutthroat_cannot_be_worked_out(client):
    game = make_game(
        "ducks-and-geese",
        hands=[{"forfeit": False, "bidder": 0, "bid": 15, "bidders_points": 15, "others_cards": 0}]
        * 2,
    )
    status, body = page(client, game)
    assert '<option value="dog">Dog</option>' in body
    assert "Not offered: Ducks and Geese (cutthroat), whose hands record other facts." in body
    status, body = page(client, game, play_as="dog")
    assert "What if we had played with the rules of Dog</h2>" in body
    assert "<strong>Hand 1</strong>: Ana bid 15" in body and "15 is not one of the choices" in body


@pytest.mark.parametrize(
    "query, field, message",
    [
        ({"target": "0"}, "target", "greater than or equal to 1"),
        ({"target": "lots"}, "target", "Enter a whole number."),
        ({"zero": "maybe"}, "zero", "Select a valid choice."),
    ],
)
def test_bad_input_is_refused_beside_its_field(client, query, field, message):
    status, body = page(client, anas_zero_game(), **query)
    assert status == 422
    assert f'<p class="error" id="id_{field}-error">' in body and message in body
    assert 'aria-invalid="true"' in body
    if field == "target":  # the field's hint is still read out with its message
        assert f'aria-describedby="id_{field}-error id_{field}_helptext"' in body
        assert f'<div class="hint" id="id_{field}_helptext">' in body


def test_double_zero_on_with_zero_bids_off_is_refused_beside_double_zero(client):
    game = make_game("coralon-partners", hands=[BEN_AND_DEE_SWEEP] * 5)
    status, body = page(client, game, zero="off", double_zero="on")
    assert status == 422
    assert "“Double zero” needs “Zero bids”: set that to On too." in body


def test_a_game_still_being_played_has_no_what_if(client):
    game = make_game("coralon", hands=[EXACT_BEN])
    assert client.get(f"/games/{game.pk}/what-if/").status_code == 404


def test_someone_outside_the_group_gets_not_found(client):
    game = anas_zero_game()
    other = Group.objects.start("Elsewhere", make_member("stranger"))
    Membership.objects.filter(user__username="stranger").exclude(group=other).delete()
    client.force_login(other.memberships.get().user)
    assert client.get(f"/games/{game.pk}/what-if/", {"zero": "off"}).status_code == 404


def test_a_finished_game_links_to_its_what_if_under_the_result(client):
    body = client.get(f"/games/{anas_zero_game().pk}/").content.decode()
    assert body.index("Final standings") < body.index("What if…")
    body = client.get(f"/games/{make_game(hands=[EXACT_BEN]).pk}/").content.decode()
    assert "What if…" not in body


def test_a_spectator_sees_no_what_if_and_cannot_open_one(client, anonymous):
    game = anas_zero_game()
    link = SpectatorLink.objects.create(game=game)
    body = anonymous.get(f"/watch/{link.token}/").content.decode()
    assert "Ana wins" in body and "What if…" not in body
    assert anonymous.get(f"/games/{game.pk}/what-if/").status_code == 302  # to sign in


# --- a group's whole history of one game -------------------------------------


def test_every_coralon_game_of_the_group_with_zero_bids_off_counts_wins_per_player(client):
    anas_zero_game()
    anas_zero_game()
    make_game("coralon", target=40, hands=[EXACT_BEN] * 4)  # Ben wins; no zero in it
    make_game("chevalier")  # another game: not counted
    response = client.get("/history/what-if/coralon/", {"zero": "off"})
    body = response.content.decode()
    assert response.status_code == 200
    assert "3 finished games" in body and "2 games would have another winner" in body
    assert "2 hands cannot have been played under these house rules" in body
    # Wins per player: Ana 2 -> 0, Ben 1 -> 3.
    assert '<th scope="row">Ben</th><td>1</td><td class="changed">3</td>' in body
    assert '<th scope="row">Ana</th><td>2</td><td class="changed">0</td>' in body
    assert "Ana won; Ben instead" in body
    assert "?zero=off" in body  # each changed game opens its own what-if


def test_a_groups_what_if_counts_no_hand_after_a_games_end_as_left_out(client):
    anas_zero_game()
    query = {"zero": "off", "target": "13"}  # Ana's 13 in hand 1 wins; her zero is in hand 3
    body = client.get("/history/what-if/coralon/", query).content.decode()
    assert "cannot have been played" not in body
    assert '<th scope="row">Ana</th><td>1</td><td>1</td>' in body


def test_a_groups_what_if_to_20_counts_the_win_at_the_hand_that_ends_each_game(client):
    make_game("coralon", target=30, hands=CY_TO_30)  # Cy 21 after hand 6, Ben 16
    make_game("coralon", target=40, hands=[EXACT_BEN] * 4)  # Ben 26 after hand 2
    body = client.get("/history/what-if/coralon/", {"target": "20"}).content.decode()
    assert "0 games would have another winner" in body
    assert '<th scope="row">Ben</th><td>1</td><td>1</td>' in body
    assert '<th scope="row">Cy</th><td>1</td><td>1</td>' in body


def test_partners_both_count_a_win(client):
    make_game("chevalier", hands=[])
    game = make_game("coralon-partners", hands=[BEN_AND_DEE_SWEEP] * 5)
    assert game.is_finished
    body = client.get("/history/what-if/coralon-partners/", {"target": "60"}).content.decode()
    assert '<th scope="row">Ben</th><td>1</td><td>1</td>' in body
    assert '<th scope="row">Dee</th><td>1</td><td>1</td>' in body


def test_history_links_what_if_for_each_game_the_group_finished(client):
    anas_zero_game()
    make_game("chevalier")  # not finished: no what-if for it
    body = client.get("/history/").content.decode()
    assert 'href="/history/what-if/coralon/"' in body
    assert "/history/what-if/chevalier/" not in body


def test_an_unknown_game_is_not_found_and_bad_input_is_refused(client):
    anas_zero_game()
    assert client.get("/history/what-if/snap/").status_code == 404
    response = client.get("/history/what-if/coralon/", {"target": "-3"})
    assert response.status_code == 422
    assert 'id="id_target-error"' in response.content.decode()


def test_a_what_if_in_german(client):
    game = anas_zero_game()
    response = client.get(
        f"/games/{game.pk}/what-if/", {"zero": "off"}, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9"
    )
    body = response.content.decode()
    assert "Was wäre, wenn wir so gespielt hätten – Nullgebote aus" in body
    assert "Ausgelassene Runden" in body and "Hier wird nichts gespeichert" in body
    assert "was dieses Was-wäre-wenn ausschaltet." in body


def test_a_group_what_if_tells_another_winner_from_nobody_yet(client):
    anas_zero_game()
    make_game("coralon", target=40, hands=[EXACT_BEN] * 4)
    body = client.get("/history/what-if/coralon/", {"target": "60"}).content.decode()
    assert "0 games would have another winner" in body
    assert "2 games would not be won yet" in body  # Ana's 41 and Ben's 52 short of 60
    assert "Ana won; nobody would have yet" in body and "Ben won; nobody would have yet" in body


# --- games played for coins, health and points of their own -------------------


def test_a_baronet_session_with_other_stakes_keeps_its_winner_and_moves_the_balances(client):
    bid_made = {"bidder": 0, "bid": 6, "partner": 2, "points": 7, "block": "war", "trump": "Cups"}
    game = make_game("baronet", hands=[bid_made])
    client.post(f"/games/{game.pk}/end/")
    game.refresh_from_db()
    assert game.is_finished
    status, body = page(client, game, stakes="50")
    assert status == 200 and "Stakes (coins each) 50" in body
    assert "Not offered: Bishop, played for points." in body
    # Ana's share of the bid: 108 of 100 as played, 58 of 50 in the what-if; she still wins.
    assert '<th scope="row">Ana</th><td>108 <span class="muted">1st</span></td>' in body
    assert '<td class="changed">58 <span class="muted">1st</span></td>' in body
    assert "🏆 <strong>Ana</strong>: most coins when the session ended" in body


def test_a_duel_with_more_rounds_to_win_goes_on(client):
    game = make_game("duel", ("Ana", "Ben"), target=2, stakes=5)
    for _ in range(2):
        client.post(f"/games/{game.pk}/hands/", {"damage": ["0", "0"], "exhausted": "1"})
    game.refresh_from_db()
    assert game.is_finished
    status, body = page(client, game, target="3", stakes="8")
    assert status == 200
    assert "Nobody would have won yet: the game would have gone on." in body


def test_a_score_pad_where_low_wins(client):
    game = make_game("pad", ("Eli", "Fay"), target=10, hands=[{"points": [12, 3]}])
    assert game.winner_name == "Eli"
    status, body = page(client, game, low_wins="on")
    assert status == 200 and "Low score wins on" in body
    assert "🏆 <strong>Fay</strong>" in body
