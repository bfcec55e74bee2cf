import csv
import io
import json
import tracemalloc
from collections.abc import Iterator

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import default_group, make_game
from vinescore.records import export
from vinescore.records.importer import import_records
from vinescore.records.reader import read_records
from vinescore.table.models import Game, Hand

pytestmark = pytest.mark.django_db
BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
ANA_MISSES = {"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}


def body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_a_game_downloads_as_a_json_record(client):
    game = make_game(hands=[ANA_MISSES, BEN_13])
    response = client.get(f"/games/{game.pk}/export.json")
    assert (
        response["Content-Disposition"]
        == f'attachment; filename="vinescore-coralon-{game.pk}.json"'
    )
    data = json.loads(body(response))
    record = data["games"][0]
    assert record["players"] == ["Ana", "Ben", "Cy", "Dee"]
    assert [h["facts"]["bid"] for h in record["hands"]] == [5, 13]
    assert record["hands"][1]["totals"] == [0, 17, 4, 2]


def test_a_game_downloads_as_a_csv_score_sheet(client):
    game = make_game(hands=[ANA_MISSES, BEN_13])
    response = client.get(f"/games/{game.pk}/export.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:5] == ["hand", "dealer", "explanation", "Ana scored", "Ana total"]
    assert rows[2][0] == "2" and rows[2][1] == "Ben"
    assert rows[2][2].startswith("Ben bid 13 and took exactly 13")
    assert rows[2][5:7] == ["13", "17"]


@pytest.mark.parametrize(
    "download",
    [
        "/games/{pk}/export.json",
        "/games/{pk}/export.csv",
        "/games/export.json",
        "/games/bgstats.zip",
    ],
)
def test_a_download_of_the_groups_games_is_kept_by_no_shared_cache(client, download):
    game = make_game(hands=[BEN_13] * 4)  # finished: BG Stats' zip holds it too
    response = client.get(download.format(pk=game.pk))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    said = {part.strip() for part in response["Cache-Control"].split(",")}
    assert {"private", "no-store"} <= said
    body(response)


def test_downloading_all_games_matches_the_export_command(client):
    make_game(hands=[BEN_13])
    make_game("chevalier")
    out = io.StringIO()
    call_command("export_games", stdout=out)
    assert body(client.get("/games/export.json")).decode() == out.getvalue()


def test_uploading_a_file_imports_its_games(client):
    make_game(hands=[ANA_MISSES, BEN_13])
    exported = body(client.get("/games/export.json"))
    Game.objects.all().delete()
    upload = SimpleUploadedFile("games.json", exported, content_type="application/json")
    response = client.post("/games/import/", {"file": upload})
    assert response.status_code == 200
    assert "Imported 1 game." in response.content.decode()
    assert Game.objects.get().final_totals == [0, 17, 4, 2]


def test_a_file_with_a_hand_after_the_win_imports_nothing_and_says_which(client):
    game = make_game("pad", ("Ana", "Ben", "Cy"), target=70, hands=[{"points": [10, 0, 0]}] * 7)
    make_game(hands=[ANA_MISSES])
    data = json.loads(body(client.get("/games/export.json")))
    won = next(record for record in data["games"] if record["id"] == str(game.uid))
    won["title"] = "Thursday"
    won["hands"].append({"facts": {"points": [0, 5, 0]}})
    Game.objects.all().delete()
    upload = SimpleUploadedFile("games.json", json.dumps(data).encode())
    response = client.post("/games/import/", {"file": upload})
    assert response.status_code == 422
    text = response.content.decode()
    assert "Nothing was imported." in text
    assert "Game 1 (Thursday), hand 8 comes after the game was won on hand 7" in text
    assert not Game.objects.exists() and not Hand.objects.exists()


def test_a_bad_file_imports_nothing_and_says_where(client):
    make_game(hands=[ANA_MISSES])
    data = json.loads(body(client.get("/games/export.json")))
    data["games"][0]["hands"][0]["facts"]["tricks"] = [3, 4, 4, 3]
    Game.objects.all().delete()
    upload = SimpleUploadedFile("games.json", json.dumps(data).encode())
    response = client.post("/games/import/", {"file": upload})
    assert response.status_code == 422
    text = response.content.decode()
    assert "Nothing was imported." in text and "Game 1 (Coralon), hand 1, tricks" in text
    assert not Game.objects.exists() and not Hand.objects.exists()


@pytest.mark.parametrize("content", [b"", b"not json", b"[]", b'{"format": "other"}'])
def test_files_that_are_not_games_files_are_refused(client, content):
    upload = SimpleUploadedFile("x.json", content)
    response = client.post("/games/import/", {"file": upload})
    assert response.status_code == 422


def test_posting_no_file_is_refused_beside_the_field(client):
    response = client.post("/games/import/", {})
    assert response.status_code == 422
    assert 'id="file-error"' in response.content.decode()


def test_the_format_page_publishes_the_schema_and_an_example(client):
    page = client.get("/records/").content.decode()
    assert "vinescore-games" in page and "&quot;players&quot;" in page
    schema = client.get("/records/schema.json")
    assert schema["Content-Type"] == "application/schema+json"
    assert json.loads(schema.content)["$schema"].startswith("https://json-schema.org/")


def test_downloading_all_games_streams_them_game_by_game(client, monkeypatch):
    monkeypatch.setattr(export, "CHUNK_SIZE", 5)  # games read from the database at a time
    for _ in range(12):
        make_game(hands=[BEN_13])
    response = client.get("/games/export.json")
    assert response.streaming and isinstance(response.streaming_content, Iterator)
    pieces = iter(response.streaming_content)
    with CaptureQueriesContext(connection) as read:
        first = next(pieces)
    assert first == b"{\n" and not read.captured_queries  # before any game is read
    with CaptureQueriesContext(connection) as read:
        rest = b"".join(pieces)
    assert len(json.loads(first + rest)["games"]) == 12
    # The games come a few at a time (their seats read for each few), their
    # hands game by game.
    seats_read = [q for q in read.captured_queries if 'FROM "table_seat"' in q["sql"]]
    hands_read = [q for q in read.captured_queries if 'FROM "table_hand"' in q["sql"]]
    assert len(seats_read) == 3 and len(hands_read) == 12


def test_downloading_all_games_holds_a_few_games_at_a_time_not_the_file(client, monkeypatch):
    monkeypatch.setattr(export, "CHUNK_SIZE", 5)
    make_game(target=99_999, hands=[ANA_MISSES, BEN_13] * 50)
    one = json.loads(body(client.get("/games/export.json")))
    one["games"] *= 40
    import_records(read_records(io.StringIO(json.dumps(one))), default_group(), copy=True)
    response = client.get("/games/export.json")
    size = 0
    tracemalloc.start()
    try:
        for piece in response.streaming_content:
            size += len(piece)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert size > 1024 * 1024  # 41 games of 100 hands
    assert peak < size / 2, (peak, size)  # the whole file held would be more than size
