"""Reading a games file as a stream: any chunk boundary, any size."""

import io
import json
import tracemalloc

import pytest

from tests.factories import make_game
from vinescore.records import reader
from vinescore.records.export import write_records
from vinescore.records.format import RecordInvalid
from vinescore.records.reader import read_records
from vinescore.table.models import Game

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
    monkeypatch.setattr(reader, "CHUNK", chunk)
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
    monkeypatch.setattr(reader, "CHUNK", 5)
    text = exported()
    with pytest.raises(RecordInvalid, match="not JSON"):
        list(read_records(io.StringIO(text[: len(text) // 2])))


def test_an_empty_games_list_reads_as_no_games():
    text = '{"format": "vinescore-games", "version": 1, "games": []}'
    assert list(read_records(io.StringIO(text))) == []


# --- hostile files: refused while streaming, in little memory ------------------

HEADER = b'{"format": "vinescore-games", "version": 1, "games": [\n'
GAME_START = b'{"game": "coralon", "players": ["Ana", "Ben", "Cy", "Dee"], "target": null, '
HAND = b'{"facts": {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}}'
SHORT_HAND = b'{"facts": {"bidder": 1, "bid": 2}}'
MB = 1024 * 1024


def write_file(path, *parts) -> int:
    """Parts are bytes, or (bytes, times) written piece by piece, never whole."""
    with path.open("wb") as out:
        for part in parts:
            piece, times = part if isinstance(part, tuple) else (part, 1)
            for _ in range(times):
                out.write(piece)
    return path.stat().st_size


def refused_within(path, megabytes: int) -> RecordInvalid:
    """Read the file as an import does; it must be refused, and the reader's
    peak memory stay under `megabytes`."""
    tracemalloc.start()
    try:
        with path.open("rb") as fp, pytest.raises(RecordInvalid) as caught:
            for _record in read_records(fp):
                pass
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < megabytes * MB, f"peak {peak / MB:.1f} MB"
    return caught.value


def test_a_game_of_one_point_six_million_hands_is_refused_at_hand_1001(tmp_path):
    path = tmp_path / "hands.json"
    size = write_file(
        path,
        HEADER,
        GAME_START + b'"hands": [' + SHORT_HAND,
        (b", " + SHORT_HAND, 1_600_000 - 1),
        b"]}]}",
    )
    assert size > 50 * MB
    invalid = refused_within(path, 20)
    assert str(invalid) == (
        "Game 1, hands: a game holds at most 1,000 hands; this one has more (it was refused "
        "at hand 1,001)."
    )
    assert (invalid.game, invalid.hand, invalid.field) == (1, 1001, "hands")


def test_a_value_that_runs_on_for_megabytes_is_refused(tmp_path):
    path = tmp_path / "note.json"
    write_file(path, HEADER, GAME_START + b'"note": "', (b"x" * 64 * 1024, 30 * 16), b'"}]}')
    invalid = refused_within(path, 20)
    assert "Game 1: one value runs on for more than 1 MB" in str(invalid)


def test_a_game_record_past_eight_megabytes_is_refused(tmp_path):
    # Every value short, every list short, but hand after hand of padding.
    long_hand = b'{"facts": {}, "explanation": "' + b"y" * 500_000 + b'"}'
    path = tmp_path / "long.json"
    write_file(
        path, HEADER, GAME_START + b'"hands": [' + long_hand, (b", " + long_hand, 40), b"]}]}"
    )
    invalid = refused_within(path, 40)
    assert str(invalid).startswith("Game 1: its record runs past 8 MB")


def test_an_object_of_a_million_keys_is_refused_at_its_hundred_and_first(tmp_path):
    path = tmp_path / "keys.json"
    write_file(
        path,
        HEADER,
        GAME_START + b'"hands": [{"facts": {"k0": 0',
        *((b', "k%d": 0' % i) for i in range(1, 1_000_000)),
        b"}}]}]}",
    )
    invalid = refused_within(path, 20)
    assert str(invalid) == (
        "Game 1: “facts” holds more than 100 keys, more than any part of a game record: "
        "this is not a vinescore games file."
    )


def test_many_good_games_are_read_one_at_a_time(tmp_path):
    # 12 games of the most hands a game holds, read one at a time: the peak is
    # about one game's worth (some 2.5 MB), not twelve.
    game = GAME_START + b'"hands": [' + b", ".join([HAND] * 1000) + b"]}"
    path = tmp_path / "many.json"
    write_file(path, HEADER, game, (b",\n" + game, 11), b"]}")
    tracemalloc.start()
    try:
        with path.open("rb") as fp:
            sizes = [len(record["hands"]) for record in read_records(fp)]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert sizes == [1000] * 12
    assert peak < 5 * MB, f"peak {peak / MB:.1f} MB"
