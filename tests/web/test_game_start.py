import pytest

from tests.factories import make_player, seat_data
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def four():
    return [make_player(n) for n in ("Ana", "Ben", "Cy", "Dee")]


def test_the_game_picker_lists_every_game_in_the_registry(client):
    body = client.get("/games/new/").content.decode()
    for name in ("Coralon", "Coralon Partners", "Thief", "Ducks and Geese"):
        assert name in body


def test_starting_coralon_records_seats_dealer_options_and_rules_version(client, four):
    response = client.post(
        "/games/new/coralon/",
        seat_data(*four, first_dealer=2, options=["zero", "less"], note="Friday at Cy's"),
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert [p.name for p in game.seated_players()] == ["Ana", "Ben", "Cy", "Dee"]
    assert game.first_dealer == 2
    assert game.options == ["less", "zero"]
    assert game.rules_version.startswith("Vines rulebook, Game 1")
    assert game.note == "Friday at Cy's"


def test_the_target_defaults_from_the_rulebook_by_player_count(client, four):
    client.post("/games/new/coralon/", seat_data(*four[:3]))
    client.post("/games/new/coralon/", seat_data(*four))
    assert sorted(Game.objects.values_list("target", flat=True)) == [40, 60]


def test_the_target_can_be_changed(client, four):
    client.post("/games/new/coralon/", seat_data(*four, target=30))
    assert Game.objects.get().target == 30


def test_a_player_count_the_game_does_not_allow_is_refused(client, four):
    response = client.post("/games/new/coralon-partners/", seat_data(*four[:3]))
    assert response.status_code == 422
    assert "Coralon Partners is for exactly 4 players; 3 are seated." in response.content.decode()
    assert not Game.objects.exists()


def test_a_player_seated_twice_is_refused_beside_the_seat(client, four):
    data = seat_data(four[0], four[1], four[0])
    response = client.post("/games/new/coralon/", data)
    assert response.status_code == 422
    assert "Ana is already seated." in response.content.decode()
    assert not Game.objects.exists()


def test_less_without_zero_bids_is_refused(client, four):
    response = client.post("/games/new/coralon/", seat_data(*four, options=["less"]))
    assert response.status_code == 422
    assert "needs “Zero bids” switched on" in response.content.decode()


def test_a_first_dealer_in_an_empty_seat_is_refused(client, four):
    response = client.post("/games/new/coralon/", seat_data(*four[:3], first_dealer=5))
    assert response.status_code == 422
    assert not Game.objects.exists()


def test_an_unknown_game_is_not_found(client):
    assert client.get("/games/new/snap/").status_code == 404


def test_a_nonsense_target_is_refused(client, four):
    response = client.post("/games/new/coralon/", seat_data(*four, target="lots"))
    assert response.status_code == 422
    assert not Game.objects.exists()
