"""A big group on SQLite, as `make run` serves it: an import of 2,000 games
does not hold up a table entering a hand, and the whole group downloads
through gunicorn however long that takes.

Everything runs in processes of its own on a SQLite file (the test
database is in memory, shared by threads, which is not how the app runs)."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.commands import manage

ROOT = Path(__file__).resolve().parents[2]
GAMES, HANDS = 2_000, 5
BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


SET_UP = """
import json
from django.contrib.auth import get_user_model
from vinescore.accounts.models import Group
from tests.commands import manage
from tests.factories import session_cookie
from vinescore.table.models import Game, Player, Seat
user = get_user_model().objects.create_user("host")
group = Group.objects.start("Big night", user)
game = Game.objects.create(kind="coralon", group=group, rules_version="x", target=40)
for i, name in enumerate(["Ana", "Ben", "Cy", "Dee"]):
    player = Player.objects.create(name=name, group=group)
    Seat.objects.create(game=game, player=player, position=i)
game.refresh_result()
print(json.dumps({"group": group.pk, "game": game.pk, "cookie": session_cookie(user)}))
"""

# Waits for the import to start saving, then enters a hand the way a phone
# does (a POST to the sheet), and says what it got and how many games were
# saved as it was sent and once it was stored.
HAND_AT_A_TABLE = """
import json, time
from django.contrib.auth import get_user_model
from django.test import Client
from vinescore.table.models import Game, Hand
game = {game}
while Game.objects.count() < 2:
    time.sleep(0.02)
phone = Client(HTTP_HOST="127.0.0.1")
phone.force_login(get_user_model().objects.get(username="host"))
version = Game.objects.get(pk=game).version  # the sheet as the phone loaded it
games_before = Game.objects.count()
response = phone.post(f"/games/{{game}}/hands/", {{"bidder": "1", "bid": "13",
    "tricks": ["0", "13", "0", "0"], "version": str(version)}})
print(json.dumps({{
    "status": response.status_code,
    "games_before": games_before,
    "games_then": Game.objects.count(),
    "hands": Hand.objects.filter(game_id=game).count(),
}}))
"""


@pytest.fixture(scope="module")
def big_group(tmp_path_factory):
    """A SQLite file with a group, a game in progress, and 2,000 games
    imported while a hand was entered at that game."""
    folder = tmp_path_factory.mktemp("big")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder / 'tables.sqlite3'}",
        "SECRET_KEY": "test-only-not-secret",
        "HTTPS_ONLY": "false",
        "DEBUG": "false",
    }
    manage(env, "migrate", "--noinput")
    made = json.loads(manage(env, "shell", "--no-imports", "-c", SET_UP))
    record = {
        "game": "coralon",
        "players": ["Ana", "Ben", "Cy", "Dee"],
        "target": None,
        "stakes": None,
        "hands": [{"facts": BEN_13}] * HANDS,
    }
    path = folder / "games.json"
    path.write_text(
        json.dumps({"format": "vinescore-games", "version": 1, "games": [record] * GAMES})
    )
    table = subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "shell",
            "--no-imports",
            "-c",
            HAND_AT_A_TABLE.format(game=made["game"]),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        imported = manage(env, "import_games", str(path), "--group", str(made["group"]))
        out, err = table.communicate(timeout=120)
    finally:
        table.kill()
    assert table.returncode == 0, err
    return {**made, "env": env, "imported": imported, "hand": json.loads(out), "folder": folder}


def test_a_hand_entered_during_a_big_import_is_stored_at_once(big_group):
    hand = big_group["hand"]
    assert big_group["imported"].strip() == f"Imported {GAMES} games."
    # The hand was stored (a redirect to the sheet, not a lock timeout's
    # error) while the import was part way through its games: it had saved
    # some when the hand was sent, and not all once the hand was stored, so
    # the table never waited for the whole file.
    assert hand["status"] == 302 and hand["hands"] == 1
    assert 2 <= hand["games_before"] <= hand["games_then"] < GAMES + 1
    database = sqlite3.connect(big_group["env"]["DATABASE_URL"].removeprefix("sqlite:///"))
    assert database.execute("select count(*) from table_game").fetchone() == (GAMES + 1,)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def served(env: dict, *options: str):
    """gunicorn as `make run` starts it (its settings in gunicorn.conf.py)."""
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "vinescore.asgi",
            "--bind",
            f"127.0.0.1:{port}",
            *options,
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(f"{base}/up/", timeout=2)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if server.poll() is not None:
                    raise RuntimeError(server.stderr.read().decode()) from None
                time.sleep(0.2)
        yield base, server
    finally:
        server.terminate()
        server.wait(10)


def test_a_big_groups_download_completes_past_the_worker_timeout(big_group):
    # The worker timeout set far below what the download takes: a worker
    # that could not answer a long response would be killed part way.
    name, value = big_group["cookie"]
    with served(big_group["env"], "--timeout", "2") as (base, server):
        request = urllib.request.Request(
            f"{base}/games/export.json", headers={"Cookie": f"{name}={value}"}
        )
        with urllib.request.urlopen(request, timeout=300) as response:
            body = response.read()
        assert server.poll() is None
    data = json.loads(body)
    assert len(data["games"]) == GAMES + 1
    assert [len(g["hands"]) for g in data["games"]].count(HANDS) == GAMES
    assert data["games"][-1]["hands"][0]["facts"] == BEN_13
