"""Game records and groups: export is per group, import goes into a group
the person may change, and the record names no group, so it moves between
groups and servers."""

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from tests.factories import default_group, make_game, make_member
from vinescore.accounts.models import Group, Membership
from vinescore.table.models import Game, Player

pytestmark = pytest.mark.django_db
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def body(response) -> bytes:
    return b"".join(response.streaming_content)


def test_download_all_games_is_the_games_of_the_group_shown(client):
    make_game(hands=[EXACT_BEN])
    club = Group.objects.start("Club", make_member("member"))
    make_game("chevalier", group=club)
    client.post("/groups/switch/", {"group": default_group().pk})
    data = json.loads(body(client.get("/games/export.json")))
    assert [g["game"] for g in data["games"]] == ["coralon"]
    assert "group" not in json.dumps(data)


def test_a_record_moves_into_another_group_with_players_of_its_own(client):
    make_game(hands=[EXACT_BEN])
    exported = body(client.get("/games/export.json"))
    club = Group.objects.start("Club", make_member("member"))
    upload = SimpleUploadedFile("games.json", exported, content_type="application/json")
    response = client.post("/games/import/", {"group": club.pk, "file": upload})
    assert response.status_code == 200
    moved = Game.objects.get(group=club)
    assert {s.player.group for s in moved.seats.all()} == {club}
    assert Player.objects.filter(name="Ana").count() == 2  # one in each group


def test_importing_into_a_group_where_i_only_view_is_refused(client):
    make_game(hands=[EXACT_BEN])
    exported = body(client.get("/games/export.json"))
    club = Group.objects.start("Club", make_member("cleo"))
    make_member("member", Membership.VIEWER, club)
    upload = SimpleUploadedFile("games.json", exported)
    response = client.post("/games/import/", {"group": club.pk, "file": upload})
    assert response.status_code == 422
    assert "Choose a group you can add games to." in response.content.decode()
    assert not Game.objects.filter(group=club).exists()


def test_the_commands_export_a_group_and_import_into_one(tmp_path):
    make_game(hands=[EXACT_BEN])
    club = Group.objects.start("Club", make_member("cleo"))
    make_game("chevalier", group=club)
    out = io.StringIO()
    call_command("export_games", "--group", str(club.pk), stdout=out)
    assert [g["game"] for g in json.loads(out.getvalue())["games"]] == ["chevalier"]
    Game.objects.filter(group=club).delete()
    path = tmp_path / "club.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    call_command("import_games", str(path), "--group", str(club.pk), stdout=io.StringIO())
    assert Game.objects.get(group=club).kind == "chevalier"
