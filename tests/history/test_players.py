import pytest

from tests.factories import make_game, make_player
from vinescore.table.models import Player

pytestmark = pytest.mark.django_db


def test_adding_a_player_lists_them(client):
    response = client.post("/players/", {"name": "  Ana  "})
    assert response.status_code == 302
    assert list(Player.objects.values_list("name", flat=True)) == ["Ana"]
    assert "Ana" in client.get("/players/").content.decode()


def test_a_name_already_taken_in_another_case_is_refused_beside_the_field(client):
    make_player("Ana")
    response = client.post("/players/", {"name": "ANA"}, headers={"HX-Request": "true"})
    assert response.status_code == 422
    assert "There is already a player called Ana." in response.content.decode()
    assert Player.objects.count() == 1


def test_a_blank_name_is_refused(client):
    response = client.post("/players/", {"name": "   "})
    assert response.status_code == 422
    assert Player.objects.count() == 0


def test_adding_with_htmx_returns_the_updated_list_fragment(client):
    response = client.post("/players/", {"name": "Ben"}, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert response.status_code == 200
    assert "Ben" in body and "<html" not in body


def test_renaming_keeps_the_players_games(client):
    game = make_game(hands=[{"bidder": 0, "bid": 3, "tricks": [3, 4, 3, 3]}])
    ana = Player.objects.get(name="Ana")
    response = client.post(f"/players/{ana.pk}/rename/", {"name": "Anna"})
    assert response.status_code == 302
    sheet = client.get(game.get_absolute_url()).content.decode()
    assert "Anna bid 3 and took exactly 3: only Anna scores" in sheet


def test_renaming_to_another_players_name_is_refused(client):
    make_player("Ana")
    ben = make_player("Ben")
    response = client.post(f"/players/{ben.pk}/rename/", {"name": "ana"})
    assert response.status_code == 422
    assert Player.objects.get(pk=ben.pk).name == "Ben"


def test_renaming_a_winner_renames_them_on_the_games_list(client):
    exact = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
    make_game(hands=[exact] * 4)
    ben = Player.objects.get(name="Ben")
    client.post(f"/players/{ben.pk}/rename/", {"name": "Benedict"})
    assert "🏆 Benedict" in client.get("/").content.decode()
