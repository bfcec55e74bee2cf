"""A name over the limit is refused with a message beside the field, and
nothing is saved: never cut short without a word (the inputs carry no
maxlength for a browser to cut a pasted name with)."""

import re

import pytest

from tests.factories import make_player, seat_data
from vinescore.accounts.models import Group
from vinescore.table.models import Game, Player

pytestmark = pytest.mark.django_db

LONG = "Ana " + "x" * 196  # 200 characters


def no_maxlength_on(body: str, name: str) -> bool:
    tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', body)
    return tag is not None and "maxlength" not in tag.group(0)


def test_a_200_character_player_name_is_refused_and_nothing_saved(client):
    assert no_maxlength_on(client.get("/players/").content.decode(), "name")
    response = client.post("/players/", {"name": LONG})
    assert response.status_code == 422
    assert "A name has at most 40 characters; this has 200." in response.content.decode()
    assert not Player.objects.exists()


def test_renaming_to_a_200_character_name_is_refused(client):
    ana = make_player("Ana")
    url = f"/players/{ana.pk}/rename/"
    assert no_maxlength_on(client.get(url).content.decode(), "name")
    response = client.post(url, {"name": LONG})
    assert response.status_code == 422
    assert "at most 40 characters" in response.content.decode()
    ana.refresh_from_db()
    assert ana.name == "Ana"


def test_a_seat_given_a_200_character_new_name_is_refused_and_no_game_starts(client):
    ana, ben, cy = (make_player(n) for n in ("Ana", "Ben", "Cy"))
    page = client.get("/games/new/coralon/").content.decode()
    assert no_maxlength_on(page, "seat_4_name")
    data = seat_data(ana, ben, cy) | {"seat_4_name": LONG, "target": 40}
    response = client.post("/games/new/coralon/", data)
    assert response.status_code == 422
    assert "at most 40 characters" in response.content.decode()
    assert not Game.objects.exists() and Player.objects.count() == 3


def test_a_pad_named_with_200_characters_is_refused(client):
    ana, ben = make_player("Ana"), make_player("Ben")
    assert no_maxlength_on(client.get("/games/new/pad/").content.decode(), "title")
    response = client.post("/games/new/pad/", seat_data(ana, ben) | {"title": "P" * 200})
    assert response.status_code == 422
    assert "at most 60 characters" in response.content.decode()
    assert not Game.objects.exists()


def test_a_group_named_with_200_characters_is_refused(client):
    before = Group.objects.count()
    assert no_maxlength_on(client.get("/accounts/").content.decode(), "name")
    response = client.post("/groups/new/", {"name": "G" * 200})
    assert response.status_code == 422
    assert "at most 60 characters" in response.content.decode()
    assert Group.objects.count() == before
