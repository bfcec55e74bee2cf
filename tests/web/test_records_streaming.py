"""Reading a games file as a stream: any chunk boundary, any size."""

import io
import json

import pytest

from tests.factories import make_game
from vinescore.table import records
from vinescore.table.models import Game
from vinescore.table.records import RecordInvalid, read_records, write_records

pytestmark = pytest.mark.django_db
BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def exported() -> str:
    make_game(hands=[BEN_13] * 3)
    make_game("chevalier")
    make_game("duel", ("Ana", "Ben"), target=12345, stakes=10, hands=[{"damage": [0, 3]}])
    out = io.StringIO()
    write_records(Game.objects.order_by("pk"), out)
    return out.getvalue()


@pytest.mark.parametrize("chunk", [1, 7, 64 * 1024])
def test_every_record_is_read_whatever_the_chunk_size(monkeypatch, chunk):
    text = exported()
    monkeypatch.setattr(records, "CHUNK", chunk)
    streamed = list(read_records(io.BytesIO(text.encode())))
    assert streamed == json.loads(text)["games"]
    assert streamed[2]["target"] == 12345  # a number across chunk boundaries


def test_a_byte_order_mark_is_allowed():
    text = exported()
    assert len(list(read_records(io.BytesIO(b"\xef\xbb\xbf" + text.encode())))) == 3


def test_games_before_the_format_are_refused():
    with pytest.raises(RecordInvalid, match="must come before"):
        list(read_records(io.StringIO('{"games": [], "format": "vinescore-games", "version": 1}')))


def test_a_truncated_file_is_refused(monkeypatch):
    monkeypatch.setattr(records, "CHUNK", 5)
    text = exported()
    with pytest.raises(RecordInvalid, match="not JSON"):
        list(read_records(io.StringIO(text[: len(text) // 2])))


def test_an_empty_games_list_reads_as_no_games():
    text = '{"format": "vinescore-games", "version": 1, "games": []}'
    assert list(read_records(io.StringIO(text))) == []
