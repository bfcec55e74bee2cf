import re

import pytest

from tests.factories import make_game, make_player, seat_data
from vinescore.table.models import Game, Player

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


# --- new players where they sit, and the same table again ---------------------


def test_a_new_player_is_added_right_in_their_seat(client):
    ana = make_player("Ana")
    data = seat_data(ana, first_dealer=1)
    data.update(seat_2_name="  Zed  Quinn ", seat_3_name="Bo", seat_4_name="Cy")
    response = client.post("/games/new/coralon/", data)
    game = Game.objects.get()
    assert response.status_code == 302
    assert [p.name for p in game.seated_players()] == ["Ana", "Zed Quinn", "Bo", "Cy"]
    assert game.first_dealer == 1


def test_a_fresh_install_starts_a_game_without_visiting_players_first(client):
    page = client.get("/games/new/coralon/").content.decode()
    assert "Add the people at the table" not in page and "A player's name" in page
    names = {f"seat_{i}_name": n for i, n in enumerate(("Ana", "Ben", "Cy"), start=1)}
    response = client.post("/games/new/coralon/", {"first_dealer": 0, **names})
    assert response.status_code == 302
    assert Player.objects.count() == 3 and Game.objects.get().target == 60


def test_a_typed_name_already_known_seats_that_player(client, four):
    data = seat_data(*four[:3])
    data["seat_4_name"] = "DEE"
    client.post("/games/new/coralon/", data)
    assert [p.name for p in Game.objects.get().seated_players()] == ["Ana", "Ben", "Cy", "Dee"]
    assert Player.objects.count() == 4


@pytest.mark.parametrize(
    "extra, message",
    [
        ({"seat_4_name": "Ana"}, "Ana is already seated."),
        ({"seat_3_name": "Zed"}, "Seat 3: choose Cy or type a new name, not both."),
        ({"seat_4_name": "x" * 41}, "Ensure this value has at most 40 characters"),
    ],
)
def test_a_bad_new_name_is_refused_beside_its_seat_and_saves_nothing(client, four, extra, message):
    response = client.post("/games/new/coralon/", seat_data(*four[:3], **extra))
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Game.objects.exists() and Player.objects.count() == 4


def test_same_table_as_last_time_starts_in_one_tap_with_the_deal_passed_on(client, four):
    miss = {"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}
    last = make_game(options=["zero"], target=30, first_dealer=1, hands=[miss] * 2)
    page = client.get("/games/new/coralon/").content.decode()
    assert "Same table as last time" in page
    assert "Ana, Ben, Cy, Dee in those seats, Dee deals first · Zero bids" in page
    assert "Same table as last time" in client.get("/games/new/").content.decode()

    form = re.search(
        r'<form method="post" action="([^"]+)" class="same-table">(.*?)</form>', page, re.S
    )
    action, fields = (
        form.group(1),
        dict(re.findall(r'name="(version|key)" value="([^"]+)"', form.group(2))),
    )
    assert action == f"/games/{last.pk}/rematch/"
    response = client.post(action, fields)
    again = client.post(action, fields)  # tapped twice: the same game
    game = Game.objects.exclude(pk=last.pk).get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert again["Location"] == game.get_absolute_url()
    assert [p.name for p in game.seated_players()] == ["Ana", "Ben", "Cy", "Dee"]
    assert (game.options, game.target, game.first_dealer) == (["zero"], 30, 3)
    assert game.hand_count == 0


def test_same_table_plays_to_the_target_the_last_game_started_with(client):
    ben_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
    last = make_game(hands=[ben_13] * 4)
    client.post(f"/games/{last.pk}/reopen/", {"target": "80"})
    client.post(f"/games/{last.pk}/rematch/")
    assert Game.objects.exclude(pk=last.pk).get().target == 40


def test_same_table_for_a_game_not_there_is_not_found(client):
    response = client.post("/games/999/rematch/")
    assert response.status_code == 404
    assert not Game.objects.exists()


def test_no_same_table_is_offered_before_the_first_game(client):
    assert "Same table as last time" not in client.get("/games/new/coralon/").content.decode()


def test_a_typed_name_in_full_width_capitals_seats_the_player_of_that_name(client, four):
    marta = make_player("Marta")
    data = seat_data(*four[:3])
    data["seat_4_name"] = "ＭＡＲＴＡ"
    response = client.post("/games/new/coralon/", data)
    assert response.status_code == 302
    assert Game.objects.get().seated_players()[3] == marta
    assert Player.objects.count() == 5


def test_a_typed_name_twice_in_other_spellings_is_seated_once(client, four):
    data = seat_data(*four[:2], seat_3_name="Zoë", seat_4_name="ＺＯË")
    response = client.post("/games/new/coralon/", data)
    assert response.status_code == 422
    assert "ＺＯË is already seated." in response.content.decode()
    assert not Game.objects.exists() and Player.objects.count() == 4


@pytest.mark.parametrize(
    "typed, message",
    [
        ("Ana\u202eneB", "text-direction control characters"),
        ("\u2067Ben", "text-direction control characters"),
        ("\u200b\u200d", "at least one letter, digit or sign that shows"),
    ],
)
def test_a_new_seat_name_that_could_pass_for_another_is_refused_beside_its_seat(
    client, four, typed, message
):
    response = client.post("/games/new/coralon/", seat_data(*four[:3], seat_4_name=typed))
    assert response.status_code == 422
    page = response.content.decode()
    # The message sits under seat 4's name box, which is marked invalid.
    seat = page[page.index('name="seat_4_name"') :]
    assert 'aria-invalid="true"' in seat[: seat.index(">")]
    assert message in seat[: seat.index("</li>")]
    assert not Game.objects.exists() and Player.objects.count() == 4


def test_a_seat_is_one_name_box_with_the_groups_players_suggested(client, four):
    page = client.get("/games/new/coralon/").content.decode()
    assert '<select name="seat_1"' not in page and "—" not in page
    assert re.search(
        r'<input id="id_seat_1_name" name="seat_1_name"[^>]* list="seat-players"', page
    )
    datalist = re.search(r'<datalist id="seat-players">(.*?)</datalist>', page).group(1)
    assert re.findall(r'<option value="([^"]+)">', datalist) == ["Ana", "Ben", "Cy", "Dee"]


def test_names_typed_in_the_seats_seat_known_players_and_new_ones(client, four):
    names = {"seat_1_name": "ana", "seat_2_name": "Ben", "seat_3_name": "Zoe", "first_dealer": 1}
    response = client.post("/games/new/coralon/", names)
    assert response.status_code == 302
    game = Game.objects.get()
    assert [p.name for p in game.seated_players()] == ["Ana", "Ben", "Zoe"]
    assert Player.objects.count() == 5 and game.first_dealer == 1


def test_a_refused_seat_keeps_its_typed_name_and_says_why_beside_it(client, four):
    names = {"seat_1_name": "Ana", "seat_2_name": "ANA", "seat_3_name": "Cy", "first_dealer": 0}
    response = client.post("/games/new/coralon/", names)
    page = response.content.decode()
    assert response.status_code == 422 and not Game.objects.exists()
    assert re.search(r'name="seat_2_name"[^>]* value="ANA"[^>]*aria-invalid="true"', page)
    assert page.index("Ana is already seated.") > page.index('name="seat_2_name"')


def test_the_target_and_the_stakes_come_before_the_seats(client):
    coralon = client.get("/games/new/coralon/").content.decode()
    assert coralon.index('name="target"') < coralon.index('name="seat_1_name"')
    baronet = client.get("/games/new/baronet/").content.decode()
    assert baronet.index('name="stakes"') < baronet.index('name="seat_1_name"')


def test_the_groups_usual_games_come_first_most_played_first(client):
    for _ in range(2):
        make_game("baronet", ("Ana", "Ben", "Cy", "Dee", "Eli"))
    make_game("chevalier")
    page = client.get("/games/new/").content.decode()
    usual = page[page.index("Usual here") : page.index("Every game")]
    assert re.findall(r"<strong>([^<]+)</strong>", usual) == ["Baronet", "Chevalier"]
    assert page.index('href="/games/new/baronet/"') < page.index('href="/games/new/coralon/"')


def test_a_group_with_no_games_yet_sees_the_list_of_games_alone(client):
    page = client.get("/games/new/").content.decode()
    assert "Usual here" not in page and "Coralon" in page
