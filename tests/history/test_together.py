"""Who plays well with whom, on a player's page: partners and opponents per
game family, with the counts each line rests on."""

import pytest

from tests.factories import make_game
from vinescore.table.models import Player

pytestmark = pytest.mark.django_db

# Coralon Partners: seats 1 and 3 play together against 2 and 4.
FIRST_TEAM_SWEEPS = {"bidder": 0, "bid": 13, "bidders_tricks": 13}
SECOND_TEAM_SWEEPS = {"bidder": 1, "bid": 13, "bidders_tricks": 13}


def partners_game(names, winner):
    return make_game("coralon-partners", names, hands=[winner] * 5)


def anas_page(client) -> str:
    ana = Player.objects.get(name="Ana")
    response = client.get(f"/players/{ana.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_fixed_partners_best_partner_with_the_games_it_rests_on(client):
    for winner in [FIRST_TEAM_SWEEPS] * 4 + [SECOND_TEAM_SWEEPS]:
        partners_game(("Ana", "Cy", "Ben", "Dee"), winner)  # Ana with Ben
    partners_game(("Ana", "Ben", "Cy", "Dee"), FIRST_TEAM_SWEEPS)  # Ana with Cy
    partners_game(("Ana", "Ben", "Cy", "Dee"), SECOND_TEAM_SWEEPS)
    body = anas_page(client)
    assert "Who plays well with whom" in body
    assert 'Coralon Partners <span class="muted">· 7 finished games</span>' in body
    assert "Ben: 5 games together, 4 won (80%)" in body
    # Two games with Cy: counted, but no rate from them.
    assert (
        '<th scope="row">Cy</th><td>2</td><td>1</td><td><span class="muted">too few to say</span>'
        in body
    )
    assert "Worst partner" not in body  # only one partner has enough games for a rate


def test_worst_partner_once_two_have_enough_games(client):
    for winner in [FIRST_TEAM_SWEEPS] * 4 + [SECOND_TEAM_SWEEPS]:
        partners_game(("Ana", "Cy", "Ben", "Dee"), winner)  # Ana with Ben: 4 of 5
    for winner in [FIRST_TEAM_SWEEPS] + [SECOND_TEAM_SWEEPS] * 4:
        partners_game(("Ana", "Ben", "Cy", "Dee"), winner)  # Ana with Cy: 1 of 5
    body = anas_page(client)
    assert "Best partner</dt><dd>Ben: 5 games together, 4 won (80%)" in body
    assert "Worst partner</dt><dd>Cy: 5 games together, 1 won (20%)" in body


def test_the_players_they_beat_and_lose_to_most(client):
    for winner in [FIRST_TEAM_SWEEPS] * 4 + [SECOND_TEAM_SWEEPS]:
        partners_game(("Ana", "Cy", "Ben", "Dee"), winner)
    partners_game(("Ana", "Ben", "Cy", "Dee"), FIRST_TEAM_SWEEPS)
    partners_game(("Ana", "Ben", "Cy", "Dee"), SECOND_TEAM_SWEEPS)
    body = anas_page(client)
    # Dee was against Ana in all 7: Ana won 5 of them, Dee 2.
    assert "Beats most often</dt><dd>Dee: beat them in 5 of 7 games" in body
    assert "Loses most often to</dt><dd>Dee: lost to them in 2 of 7 games" in body


def test_a_lone_game_says_it_is_too_few_to_say(client):
    partners_game(("Ana", "Cy", "Ben", "Dee"), FIRST_TEAM_SWEEPS)
    body = anas_page(client)
    assert "Ben: 1 game together" not in body  # no "best partner" from one game
    assert "No partner yet with 5 games together: too few to say who is best." in body
    assert 'Cy: beat them in 1 of 1 game <span class="muted">(too few to say)</span>' in body


def test_bishop_partners_are_counted_hand_by_hand_and_say_so(client):
    with_ben = {"passed": False, "bidder": 0, "bid": 6, "partner": 1, "points": 7}
    with_cy_failed = {"passed": False, "bidder": 0, "bid": 6, "partner": 2, "points": 3}
    game = make_game("bishop", hands=[with_ben, with_ben, with_cy_failed, with_ben, with_ben])
    assert game.winner_name == "Ben"
    body = anas_page(client)
    assert "Partners change every hand in this game" in body
    assert '<th scope="row">Ben</th><td>4</td><td>4</td>' in body
    assert '<th scope="row">Cy</th><td>1</td><td>0</td>' in body
    assert "Loses most often to</dt><dd>Ben: lost to them in 1 of 1 game" in body


def test_games_in_progress_and_deleted_games_do_not_count(client):
    partners_game(("Ana", "Cy", "Ben", "Dee"), FIRST_TEAM_SWEEPS).delete_game()
    make_game("coralon-partners", ("Ana", "Cy", "Ben", "Dee"), hands=[FIRST_TEAM_SWEEPS])
    assert "Who plays well with whom" not in anas_page(client)


def test_who_plays_well_with_whom_in_german(client):
    for winner in [FIRST_TEAM_SWEEPS] * 4 + [SECOND_TEAM_SWEEPS]:
        partners_game(("Ana", "Cy", "Ben", "Dee"), winner)
    ana = Player.objects.get(name="Ana")
    body = client.get(f"/players/{ana.pk}/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9").content.decode()
    assert "Wer mit wem gut spielt" in body
    assert "Ben: 5 gemeinsame Spiele, 4 gewonnen (80 %)" in body
    assert "Schlägt am häufigsten</dt><dd>Cy: 4 von 5 Spielen gewonnen" in body
