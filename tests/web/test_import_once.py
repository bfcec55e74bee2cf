"""Importing the same game twice: a record carries the game's identity, and
a game the group already holds is refused by name unless it is imported as
a copy."""

from __future__ import annotations

import html
import io
import json
import uuid
from datetime import UTC, datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, connection

from tests.factories import default_group, make_game, make_user
from vinescore.accounts.models import Group
from vinescore.records import importer as records
from vinescore.records.export import write_records
from vinescore.records.format import RecordInvalid
from vinescore.records.importer import import_file, import_records
from vinescore.records.reader import read_records
from vinescore.table.models import Game, Hand, Player

pytestmark = pytest.mark.django_db
BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
ALREADY = (
    "Coralon of 3 May 2026 with Ana, Ben, Cy and Dee is already in this group. To add it "
    "again as a game of its own, import the file as a copy."
)


def played_in_may() -> Game:
    game = make_game(hands=[BEN_13, BEN_13])
    Game.objects.filter(pk=game.pk).update(created_at=datetime(2026, 5, 3, 20, tzinfo=UTC))
    game.refresh_from_db()
    return game


def exported(games=None) -> str:
    out = io.StringIO()
    write_records(Game.objects.order_by("pk") if games is None else games, out)
    return out.getvalue()


def upload(client, text: str, **extra):
    return client.post(
        "/games/import/",
        {"file": SimpleUploadedFile("games.json", text.encode()), **extra},
    )


def counts() -> tuple[int, int, int]:
    return Game.objects.count(), Player.objects.count(), Hand.objects.count()


def test_every_game_has_its_own_identity_and_the_record_carries_it():
    first, second = make_game(), make_game()
    assert first.uid != second.uid
    records = json.loads(exported())["games"]
    assert [record["id"] for record in records] == [str(first.uid), str(second.uid)]


def test_importing_a_game_the_group_holds_is_refused_by_name(client):
    played_in_may()
    before = counts()
    response = upload(client, exported())
    assert response.status_code == 422
    assert f"Nothing was imported. Game 1 (Coralon): {ALREADY}" in response.content.decode()
    assert counts() == before


def test_importing_a_game_the_group_deleted_says_it_can_be_restored(client):
    game = played_in_may()
    record = exported()
    game.delete_game()
    before = counts()
    response = upload(client, record)
    assert response.status_code == 422
    assert (
        "Game 1 (Coralon): Coralon of 3 May 2026 with Ana, Ben, Cy and Dee is among this "
        "group's deleted games: restore it from Deleted games, or import the file as a copy "
        "to add it as a game of its own."
    ) in html.unescape(response.content.decode())
    assert counts() == before


def test_a_copy_is_imported_as_a_new_game_with_its_own_identity(client):
    game = played_in_may()
    response = upload(client, exported(), copy="on")
    assert response.status_code == 200 and "Imported 1 game." in response.content.decode()
    copy = Game.objects.exclude(pk=game.pk).get()
    assert copy.uid != game.uid
    assert (copy.final_totals, copy.hand_count) == (game.final_totals, game.hand_count)
    # The copy is a game of its own: importing the file again is still refused.
    assert upload(client, exported(Game.objects.filter(pk=copy.pk))).status_code == 422


def test_a_game_moves_to_another_group_keeping_its_identity():
    game = played_in_may()
    other = Group.objects.start("Thursdays", make_user("thea"))
    (moved,) = import_records(read_records(io.StringIO(exported())), other)
    assert moved.uid == game.uid and moved.group == other
    assert exported(Game.objects.filter(pk=moved.pk)) == exported(Game.objects.filter(pk=game.pk))


def test_a_file_holding_one_game_twice_is_refused():
    make_game(hands=[BEN_13])
    data = json.loads(exported())
    Game.objects.all().delete()
    data["games"].append(data["games"][0])
    with pytest.raises(RecordInvalid) as caught:
        import_records(read_records(io.StringIO(json.dumps(data))), default_group())
    assert str(caught.value) == (
        "Game 2 (Coralon): the file holds this game twice (the same id as game 1). To add it "
        "twice, import the file as a copy."
    )
    assert not Game.objects.exists()
    games = import_records(read_records(io.StringIO(json.dumps(data))), default_group(), copy=True)
    assert len({game.uid for game in games}) == 2


def test_a_record_written_before_games_had_an_identity_still_imports():
    make_game(hands=[BEN_13])
    data = json.loads(exported())
    del data["games"][0]["id"]
    text = json.dumps(data)
    first = import_records(read_records(io.StringIO(text)), default_group())
    second = import_records(read_records(io.StringIO(text)), default_group())
    assert Game.objects.count() == 3 and first[0].uid != second[0].uid


@pytest.mark.parametrize(
    "bad", ["game-one", 12, "0" * 100, "0f5b7d3e-6a1c-4e8b-9d2f-3c4a5b6c7d8e\n"]
)
def test_an_identity_that_is_not_one_is_refused(bad):
    make_game()
    data = json.loads(exported())
    Game.objects.all().delete()
    data["games"][0]["id"] = bad
    with pytest.raises(RecordInvalid, match=r"Game 1 \(Coralon\), id: must be the game's"):
        import_records(read_records(io.StringIO(json.dumps(data))), default_group())


def test_the_command_refuses_a_game_the_group_holds_unless_asked_for_a_copy(tmp_path):
    played_in_may()
    path = tmp_path / "games.json"
    path.write_text(exported(), encoding="utf-8")
    with pytest.raises(CommandError) as caught:
        call_command("import_games", str(path))
    assert str(caught.value) == f"Game 1 (Coralon): {ALREADY}"
    assert Game.objects.count() == 1
    out = io.StringIO()
    call_command("import_games", str(path), "--copy", stdout=out)
    assert "Imported 1 game." in out.getvalue()
    assert Game.objects.count() == 2 and len(set(Game.objects.values_list("uid", flat=True))) == 2


def test_the_import_page_offers_to_import_as_a_copy(client):
    page = client.get("/games/import/").content.decode()
    assert 'name="copy"' in page and "Import as a copy" in page


def test_the_schema_describes_the_identity(client):
    schema = client.get("/records/schema.json").json()
    assert schema["$defs"]["game"]["properties"]["id"]["format"] == "uuid"
    assert str(uuid.UUID(json.loads(exported([make_game()]))["games"][0]["id"]))


# --- checked whole, then saved in short transactions ---------------------------


def five_games() -> bytes:
    for _ in range(5):
        make_game(hands=[BEN_13])
    text = exported()
    Game.objects.all().delete()
    Player.objects.exclude(name="Ana").delete()
    return text.encode()


def test_the_whole_file_is_checked_before_anything_is_saved(monkeypatch):
    data = json.loads(five_games())
    data["games"][4]["hands"][0]["facts"]["tricks"] = [0, 13, 0, 1]
    saved = []
    monkeypatch.setattr(records, "_save_batch", lambda *args: saved.append(args))
    with pytest.raises(RecordInvalid, match=r"^Game 5 \(Coralon\), hand 1, tricks"):
        import_file(io.BytesIO(json.dumps(data).encode()), default_group())
    assert saved == []


def test_a_failure_part_way_through_saving_removes_what_was_saved(monkeypatch):
    text = five_games()
    ana = Player.objects.get(name="Ana")  # in the group before: she stays
    monkeypatch.setattr(records, "BATCH", 2)
    real_save, batches = records._save_batch, []

    def save_then_fail(batch, players):
        batches.append(len(batch))
        if len(batches) == 3:
            raise IntegrityError("a player of that name was added meanwhile")
        return real_save(batch, players)

    monkeypatch.setattr(records, "_save_batch", save_then_fail)
    with pytest.raises(RecordInvalid) as caught:
        import_file(io.BytesIO(text), default_group())
    assert str(caught.value) == records.RACED
    assert batches == [2, 2, 1]
    assert counts() == (0, 1, 0) and Player.objects.get() == ana


def test_each_batch_is_saved_in_a_transaction_of_its_own(monkeypatch):
    text = five_games()
    monkeypatch.setattr(records, "BATCH", 2)
    real_save, depths = records._save_batch, []

    def save(batch, players):
        depths.append(len(connection.atomic_blocks))
        return real_save(batch, players)

    monkeypatch.setattr(records, "_save_batch", save)
    count, kept = import_file(io.BytesIO(text), default_group(), keep=3)
    assert (count, len(kept), Game.objects.count()) == (5, 3, 5)
    # One atomic block each (inside the test's own), not one for the file.
    assert depths == [depths[0]] * 3 and len(connection.atomic_blocks) == depths[0] - 1


def test_a_game_twice_in_a_file_far_apart_is_refused_and_nothing_kept(monkeypatch):
    text = five_games()
    data = json.loads(text)
    data["games"].append(data["games"][0])
    monkeypatch.setattr(records, "BATCH", 2)
    with pytest.raises(RecordInvalid) as caught:
        import_file(io.BytesIO(json.dumps(data).encode()), default_group())
    assert str(caught.value) == (
        "Game 6 (Coralon): the file holds this game twice (the same id as a game before "
        "it). To add it twice, import the file as a copy."
    )
    assert counts() == (0, 1, 0)
