import csv
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from tests.factories import make_game
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
