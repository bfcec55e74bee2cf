"""A game of a fixed number of hands (a club night's "8 hands a round"): the
sheet counts the hands down, the last one decides it, and no hand follows."""

import pytest

from tests.factories import default_group, make_game
from vinescore.records.export import game_record
from vinescore.records.format import RecordInvalid
from vinescore.records.importer import import_records
from vinescore.scoring import phone
from vinescore.table.models import Game, Hand

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
BEN_MAKES_4 = {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", ""]}


def post_hand(client, game, data):
    return client.post(f"/games/{game.pk}/hands/", data, headers=HTMX)


def test_the_sheet_says_which_hand_of_how_many_is_next(client):
    game = make_game(hand_limit=3, first_dealer=1)
    body = client.get(game.get_absolute_url()).content.decode()
    assert "Hand 1 of 3 · <strong>Ben</strong> deals" in body
    assert "To 40 · 3 hands" in " ".join(body.split())
    body = post_hand(client, game, BEN_MAKES_4).content.decode()
    assert "Hand 2 of 3 · <strong>Cy</strong> deals" in body


def test_after_the_last_hand_the_leader_wins_and_a_fourth_hand_is_refused(client):
    game = make_game(hand_limit=3)
    for _ in range(2):
        assert post_hand(client, game, BEN_MAKES_4).status_code == 200
    game.refresh_from_db()
    assert not game.is_finished
    body = post_hand(client, game, BEN_MAKES_4).content.decode()
    assert "Ben wins" in body and "Highest total after 3 hands." in body
    game.refresh_from_db()
    assert game.is_finished and game.winner_name == "Ben" and game.final_totals == [0, 12, 0, 0]
    response = post_hand(client, game, BEN_MAKES_4)
    assert response.status_code == 409
    assert "This game is finished: its 3 hands are played." in response.content.decode()
    assert Hand.objects.filter(game=game).count() == 3


def test_a_game_whose_hands_are_all_played_offers_a_rematch_not_play_on(client):
    game = make_game(hand_limit=3, hands=[{"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}] * 3)
    body = client.get(game.get_absolute_url()).content.decode()
    assert "Rematch" in body and f'href="/games/{game.pk}/reopen/"' not in body
    reopen = client.get(f"/games/{game.pk}/reopen/")
    assert reopen.status_code == 302 and reopen["Location"] == game.get_absolute_url()


def test_a_target_reached_first_still_ends_the_game_early(client):
    exact = {"bidder": "1", "bid": "13", "tricks": ["0", "13", "0", ""]}
    game = make_game(hand_limit=8)
    for _ in range(4):
        post_hand(client, game, exact)
    game.refresh_from_db()
    assert game.is_finished and game.hand_count == 4
    assert "First to reach 40, after hand 4." in client.get(game.get_absolute_url()).text


def test_the_rematch_plays_the_same_number_of_hands():
    game = make_game(hand_limit=3, hands=[{"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}] * 3)
    assert game.is_finished
    assert game.start_rematch().hand_limit == 3


def test_the_hand_limit_goes_out_and_comes_back_in_a_record():
    game = make_game(hand_limit=3, hands=[{"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}] * 3)
    record = game_record(game)
    assert record["hand_limit"] == 3
    assert record["winner"] == {"sides": ["Ben"], "reason": "highest total after 3 hands"}
    (copy,) = import_records([{**record, "id": None}], default_group())
    assert copy.hand_limit == 3 and copy.is_finished and copy.winner_name == "Ben"
    assert game_record(Game.objects.get(pk=copy.pk))["hands"] == record["hands"]


def test_a_record_with_a_hand_after_the_last_is_refused_saying_so():
    game = make_game(hand_limit=3, hands=[{"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}] * 3)
    record = game_record(game)
    record = {**record, "id": None, "hands": [*record["hands"], record["hands"][0]]}
    with pytest.raises(RecordInvalid) as refused:
        import_records([record], default_group())
    assert refused.value.hand == 4
    assert "comes after the game's last hand: it was played to 3 hands" in str(refused.value)


def test_a_hand_limit_the_record_format_does_not_allow_is_refused_naming_it():
    record = {**game_record(make_game()), "id": None, "hand_limit": 0}
    with pytest.raises(RecordInvalid, match=r"hand_limit: must be a whole number of hands from 1"):
        import_records([record], default_group())


def test_a_phone_without_the_server_counts_the_hands_and_ends_the_game_at_the_last():
    game = make_game(hand_limit=3, hands=[{"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}])
    record = game_record(game)
    sheet = phone.drawn(record, [])
    assert sheet["next"]["line"].startswith("Hand 2 of 3 · ")
    ben = [["bidder", "1"], ["bid", "4"], ["tricks", "3"], ["tricks", "4"], ["tricks", "2"]]
    ben.append(["tricks", ""])
    sheet = phone.drawn(record, [ben, ben])
    assert sheet["winner"]["title"] == "Ben wins"
    assert sheet["winner"]["reason"] == "Highest total after 3 hands."


def test_a_hand_limit_set_in_the_admin_decides_a_game_that_has_played_that_many(admin_client):
    game = make_game(hands=[{"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}] * 3)
    url = f"/admin/table/game/{game.pk}/change/"
    assert 'name="hand_limit"' in admin_client.get(url).content.decode()
    seats = game.seats.all()
    data = {
        "kind": game.kind,
        "rules_version": game.rules_version,
        "options": "[]",
        "target": game.target,
        "first_dealer": 0,
        "version": game.version,
        "hand_limit": 3,
        "seats-TOTAL_FORMS": len(seats),
        "seats-INITIAL_FORMS": len(seats),
        "seats-MIN_NUM_FORMS": 0,
        "seats-MAX_NUM_FORMS": 1000,
    }
    for i, seat in enumerate(seats):
        data[f"seats-{i}-id"] = seat.pk
        data[f"seats-{i}-game"] = game.pk
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    game.refresh_from_db()
    assert game.hand_limit == 3 and game.is_finished and game.winner_name == "Ben"


def test_a_german_phone_reads_the_count_and_the_win_in_german(client):
    german = {"Accept-Language": "de"}
    game = make_game(hand_limit=2)
    body = client.get(game.get_absolute_url(), headers=german).content.decode()
    assert "Runde 1 von 2" in body
    client.post(f"/games/{game.pk}/hands/", BEN_MAKES_4, headers={**HTMX, **german})
    body = client.post(
        f"/games/{game.pk}/hands/", BEN_MAKES_4, headers={**HTMX, **german}
    ).content.decode()
    assert "Höchster Stand nach 2 Runden." in body


def test_a_what_if_of_a_game_of_three_hands_says_its_win_once(client):
    game = make_game(hand_limit=3)
    for _ in range(3):
        post_hand(client, game, BEN_MAKES_4)
    body = " ".join(client.get(f"/games/{game.pk}/what-if/?target=99").content.decode().split())
    assert "highest total after 3 hands." in body
    assert "highest total after 3 hands, after hand 3" not in body
