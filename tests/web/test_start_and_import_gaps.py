"""The last validation gaps: what the start form and an imported record
refuse alike (a coin game's target, a points game's stakes, Mü's dealer
sitting out at a table not of six, a "less" bid whose zero came after it)."""

from __future__ import annotations

import io
import json

import pytest

from tests.factories import NAMES, default_group, make_player, seat_data
from vinescore.records.format import RecordInvalid
from vinescore.records.importer import import_records
from vinescore.records.reader import read_records
from vinescore.scoring import REGISTRY
from vinescore.table.models import Game, Hand, Player

pytestmark = pytest.mark.django_db


def seated(count: int) -> list[Player]:
    return [make_player(name) for name in NAMES[:count]]


def one_game(kind: str, players: int, hands: list[dict], **extra) -> str:
    rules = REGISTRY[kind]
    record = {
        "game": kind,
        "players": list(NAMES[:players]),
        "target": rules.default_target(players),
        "stakes": rules.default_stakes(players),
        "hands": [{"facts": facts} for facts in hands],
        **extra,
    }
    return json.dumps({"format": "vinescore-games", "version": 1, "games": [record]})


def refused(text: str) -> str:
    before = (Game.objects.count(), Player.objects.count(), Hand.objects.count())
    with pytest.raises(RecordInvalid) as caught:
        import_records(read_records(io.StringIO(text)), default_group())
    assert (Game.objects.count(), Player.objects.count(), Hand.objects.count()) == before
    return str(caught.value)


BARONET_HAND = {"bidder": 0, "bid": 3, "partner": 2, "points": 4}


# --- a coin game has no target; a points game no stakes -----------------------


def test_an_imported_baronet_session_with_a_target_is_refused_not_won_after_a_hand():
    message = refused(one_game("baronet", 4, [BARONET_HAND], target=30))
    assert message == (
        "Game 1 (Baronet), target: Baronet is played for coins and has no target: the table "
        "ends the session, and the most coins wins. Give null."
    )


def test_an_imported_up_and_down_for_coins_with_a_target_is_refused():
    message = refused(one_game("up-and-down", 5, [], target=60))
    assert "Up and Down is played for coins and has no target" in message


def test_an_imported_points_game_with_stakes_is_refused():
    message = refused(one_game("coralon", 4, [], stakes=100))
    assert message == (
        "Game 1 (Coralon), stakes: Coralon is played for points and has no stakes. Give null."
    )


def test_a_coin_game_without_a_target_and_a_duel_with_its_health_still_import():
    import_records(
        read_records(io.StringIO(one_game("baronet", 4, [BARONET_HAND]))), default_group()
    )
    duel = one_game("duel", 2, [], target=1, stakes=20)
    import_records(read_records(io.StringIO(duel)), default_group())
    assert sorted(Game.objects.values_list("kind", "target", "stakes")) == [
        ("baronet", None, 100),
        ("duel", 1, 20),
    ]


def test_the_start_form_refuses_a_target_for_a_coin_game(client):
    response = client.post("/games/new/baronet/", seat_data(*seated(4), target="30"))
    assert response.status_code == 422
    assert "Baronet is played for coins and has no target" in response.content.decode()
    assert not Game.objects.exists()


def test_the_start_form_refuses_stakes_for_a_points_game(client):
    response = client.post("/games/new/coralon/", seat_data(*seated(4), stakes="100"))
    assert response.status_code == 422
    assert "Coralon is played for points and has no stakes." in response.content.decode()
    assert not Game.objects.exists()


def test_the_start_form_takes_a_coin_game_without_a_target(client):
    response = client.post("/games/new/baronet/", seat_data(*seated(4), target=""))
    assert response.status_code == 302
    assert Game.objects.values_list("target", "stakes").get() == (None, 100)


# --- Mü: the dealer sits out only at a table of six ---------------------------


def test_the_start_form_refuses_the_dealer_sitting_out_at_five(client):
    data = seat_data(*seated(5), options=["dealer_sits_out"])
    response = client.post("/games/new/mu/", data)
    assert response.status_code == 422
    assert (
        "“Six players: the dealer sits out” is only for exactly 6 players; 5 are seated."
        in response.content.decode()
    )
    assert not Game.objects.exists()


def test_the_start_form_takes_the_dealer_sitting_out_at_six(client):
    response = client.post("/games/new/mu/", seat_data(*seated(6), options=["dealer_sits_out"]))
    assert response.status_code == 302
    assert Game.objects.get().options == ["dealer_sits_out"]


def test_an_imported_mu_game_of_four_with_the_dealer_sitting_out_is_refused():
    message = refused(one_game("mu", 4, [], options=["dealer_sits_out"]))
    assert message == (
        "Game 1 (Mü), options: “Six players: the dealer sits out” is only for exactly 6 "
        "players; 4 are listed."
    )


# --- Coralon's "less" follows a zero in bidding order -------------------------


def test_an_imported_less_whose_zero_bidder_sits_after_it_is_refused():
    # Ana deals first: Ben bids first, then Cy, Dee, and Ana last.
    less = {"bidder": 2, "bid": "less", "earlier_zeros": [0], "tricks": [1, 6, 0, 6]}
    message = refused(one_game("coralon", 4, [less], options=["less", "zero"]))
    assert message.startswith(
        "Game 1 (Coralon), hand 1, earlier_zeros: Ana bids after Cy (bidding starts on the "
        "dealer's left, Ben, and goes once around)"
    )


def test_an_imported_less_after_an_earlier_zero_is_scored():
    less = {"bidder": 2, "bid": "less", "earlier_zeros": [1], "tricks": [6, 1, 0, 6]}
    text = one_game("coralon", 4, [less], options=["less", "zero"])
    (game,) = import_records(read_records(io.StringIO(text)), default_group())
    assert game.final_totals == [0, 0, 13, 0]
