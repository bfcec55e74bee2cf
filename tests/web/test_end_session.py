"""Ending a coin session settles it up, so it asks first: the sheet's button
opens a page that says what the settle-up will be, and only its own button
(a plain form, no JavaScript needed) ends the session."""

import pytest

from tests.factories import NAMES, make_game
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db
ANA_AND_CY_WIN = {
    "bidder": 0,
    "bid": 6,
    "block": "war",
    "trump": "Cups",
    "partner": 2,
    "points": 7,
}


def baronet_after_a_hand() -> Game:
    return make_game("baronet", NAMES[:5], hands=[ANA_AND_CY_WIN])


def test_the_sheet_offers_to_end_the_session_as_a_link_to_a_confirmation(client):
    game = baronet_after_a_hand()
    sheet = client.get(game.get_absolute_url()).content.decode()
    assert f'href="/games/{game.pk}/end/">End the session and settle up</a>' in sheet


def test_the_confirmation_says_what_the_settle_up_will_be_and_changes_nothing(client):
    game = baronet_after_a_hand()
    version = game.version
    response = client.get(f"/games/{game.pk}/end/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "End the session and settle up?" in page
    assert "Everyone started with 100 coins" in page
    assert "Ben pays Ana 6" in page and "Dee pays Ana 6" in page and "Eli pays Cy 6" in page
    assert "Ana wins." in page
    game.refresh_from_db()
    assert game.version == version and not game.ended and not game.is_finished


def test_the_confirmation_says_that_players_level_on_the_most_coins_win_together(client):
    cy_with_eli = {"bidder": 2, "bid": 6, "partner": 4, "points": 7}
    eli_with_cy = {"bidder": 4, "bid": 6, "partner": 2, "points": 7}
    game = make_game("baronet", NAMES[:5], hands=[cy_with_eli, eli_with_cy])
    page = client.get(f"/games/{game.pk}/end/").content.decode()
    assert "<p>Cy and Eli win.</p>" in page
    german = client.get(f"/games/{game.pk}/end/", headers={"Accept-Language": "de"})
    assert "<p>Cy und Eli gewinnen.</p>" in german.content.decode()


def test_its_button_ends_the_session_and_the_sheet_shows_that_settle_up(client):
    game = baronet_after_a_hand()
    preview = client.get(f"/games/{game.pk}/end/").content.decode()
    response = client.post(f"/games/{game.pk}/end/")
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    game.refresh_from_db()
    assert game.ended and game.is_finished and game.winner_name == "Ana"
    sheet = client.get(game.get_absolute_url()).content.decode()
    for line in ("Ben pays Ana 6", "Dee pays Ana 6", "Eli pays Cy 6"):
        assert line in preview and line in sheet


def test_a_session_already_ended_sends_the_confirmation_back_to_the_sheet(client):
    game = baronet_after_a_hand()
    client.post(f"/games/{game.pk}/end/")
    response = client.get(f"/games/{game.pk}/end/")
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()


def test_a_score_pad_without_a_target_asks_before_ending_the_game(client):
    game = make_game("pad", NAMES[:3], target=None)
    page = client.get(f"/games/{game.pk}/end/").content.decode()
    assert "End the game?" in page and "settle" not in page
    client.post(f"/games/{game.pk}/end/")
    game.refresh_from_db()
    assert game.ended


def test_a_game_that_ends_at_its_target_has_no_confirmation_to_end(client):
    game = make_game()
    response = client.get(f"/games/{game.pk}/end/")
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()


def test_a_viewer_cannot_open_the_confirmation(client):
    from tests.factories import make_member
    from tests.phone import Phone

    game = baronet_after_a_hand()
    viewer = Phone(user=None)
    viewer.force_login(make_member("vic", "viewer"))
    assert viewer.get(f"/games/{game.pk}/end/").status_code == 403
