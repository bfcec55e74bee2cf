"""A double tap on "Start game" starts one game: the start form carries a
one-time key, and the same form sent again opens the game the first one
started, whether it comes a moment later or at the same instant."""

from __future__ import annotations

import re

import pytest
from django.db import connection

from tests.factories import make_player, seat_data
from tests.web.test_races import REPEATS, phone, race
from vinescore.table.models import Game, StartKey

KEY = "start-key-0123456789"


def form_key(response) -> str:
    return re.search(r'name="key" value="([A-Za-z0-9_-]+)"', response.content.decode())[1]


@pytest.mark.django_db
def test_the_start_form_carries_a_fresh_key_each_time(client):
    first, second = (form_key(client.get("/games/new/coralon/")) for _ in range(2))
    assert first != second and len(first) >= 16


@pytest.mark.django_db
def test_the_same_start_form_sent_twice_opens_the_game_the_first_one_started(client):
    four = [make_player(n) for n in ("Ana", "Ben", "Cy", "Dee")]
    key = form_key(client.get("/games/new/coralon/"))
    first = client.post("/games/new/coralon/", seat_data(*four, key=key))
    second = client.post("/games/new/coralon/", seat_data(*four, key=key))
    game = Game.objects.get()
    assert first["Location"] == second["Location"] == game.get_absolute_url()
    sheet = client.get(second["Location"]).content.decode()
    assert "Ana" in sheet and "Dee" in sheet


@pytest.mark.django_db
def test_two_start_forms_start_two_games(client):
    four = [make_player(n) for n in ("Ana", "Ben", "Cy", "Dee")]
    client.post("/games/new/coralon/", seat_data(*four, key=KEY))
    client.post("/games/new/coralon/", seat_data(*four, key=KEY.upper()))
    assert Game.objects.count() == 2


@pytest.mark.django_db
def test_a_refused_start_form_keeps_its_key_and_starts_once_when_put_right(client):
    four = [make_player(n) for n in ("Ana", "Ben", "Cy", "Dee")]
    refused = client.post("/games/new/coralon-partners/", seat_data(*four[:3], key=KEY))
    assert refused.status_code == 422 and form_key(refused) == KEY
    assert not Game.objects.exists()
    started = client.post("/games/new/coralon-partners/", seat_data(*four, key=KEY))
    again = client.post("/games/new/coralon-partners/", seat_data(*four, key=KEY))
    assert started["Location"] == again["Location"] == Game.objects.get().get_absolute_url()


@pytest.mark.django_db
def test_a_key_used_in_another_group_starts_a_game_of_its_own(client):
    from tests.factories import make_user
    from tests.phone import Phone
    from vinescore.accounts.models import Group

    four = [make_player(n) for n in ("Ana", "Ben", "Cy", "Dee")]
    ours = client.post("/games/new/coralon/", seat_data(*four, key=KEY))
    other = make_user("zoe")
    group = Group.objects.start("Elsewhere", other)
    elsewhere = Phone(user=None)
    elsewhere.force_login(other)
    theirs = [make_player(n, group) for n in ("Zoe", "Yan", "Xi")]
    response = elsewhere.post("/games/new/coralon/", seat_data(*theirs, key=KEY))
    game = Game.objects.get(group=group)
    assert response["Location"] == game.get_absolute_url() != ours["Location"]
    assert [p.name for p in game.seated_players()] == ["Zoe", "Yan", "Xi"]


@pytest.mark.django_db(transaction=True)
def test_two_taps_at_the_same_instant_start_one_game_and_both_phones_open_it():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL's concurrent writers: CI runs the suite on PostgreSQL")
    four = [make_player(n) for n in ("Ana", "Ben", "Cy", "Dee")]
    for i in range(REPEATS):
        data = seat_data(*four, key=f"double-tap-{i:010d}")
        answers = race(phone("/games/new/coralon/", data), phone("/games/new/coralon/", data))
        statuses = [getattr(a, "status_code", repr(a)) for a in answers]
        assert statuses == [302, 302], statuses
        game = Game.objects.get(pk=StartKey.objects.get(key=data["key"]).game_id)
        assert answers[0]["Location"] == answers[1]["Location"] == game.get_absolute_url()
    assert Game.objects.count() == REPEATS
