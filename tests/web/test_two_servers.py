"""Two app servers (two gunicorn processes on their own ports) on one
PostgreSQL database, each with its own memory or sharing one Redis, show the
same sheet the moment a hand is entered on either: nothing a server keeps
between requests can go stale. With Redis stopped mid-game, both go on
serving the table, rendering without the cache, and say so in their logs."""

from __future__ import annotations

import http.cookiejar
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis as redis_client
from django.conf import settings
from django.db import connection

from tests.factories import make_game, make_member, session_cookie
from tests.redis_server import free_port, own_redis, running_redis

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


class AppServer:
    def __init__(self, base: str, log: Path):
        self.base = base
        self.log = log


@contextmanager
def app_server(database_url: str, tmp_path: Path, redis_url: str = ""):
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,  # none: each server keeps its own cache in memory
        "SECRET_KEY": settings.SECRET_KEY,  # the phones' sessions are signed with it
        "HTTPS_ONLY": "false",
        "DEBUG": "false",
    }
    log = tmp_path / f"server-{port}.log"
    with log.open("w") as errors:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "vinescore.asgi", "--bind", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        started = time.monotonic()
        while time.monotonic() - started < 60:  # a busy machine may take a while
            try:
                urllib.request.urlopen(f"{base}/up/", timeout=10)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if server.poll() is not None:
                    raise RuntimeError(log.read_text()) from None
                time.sleep(0.2)
        yield AppServer(base, log)
    finally:
        server.terminate()
        server.wait(10)


class Phone:
    """A phone with its own cookies, talking to one server, signed in as a
    member of the factories' group."""

    def __init__(self, server: AppServer):
        self.base = base = server.base
        jar = http.cookiejar.CookieJar()
        name, value = session_cookie(make_member("member"))
        host = urllib.parse.urlsplit(base).hostname
        jar.set_cookie(
            http.cookiejar.Cookie(
                0, name, value, None, False, host, False, False, "/", True, False, None,
                False, None, None, {},
            )
        )  # fmt: skip
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def get(self, path: str, **headers) -> tuple[int, str]:
        request = urllib.request.Request(self.base + path, headers=headers)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as answer:
            return answer.code, answer.read().decode()

    def post(self, path: str, data: dict, **headers) -> tuple[int, str]:
        body = urllib.parse.urlencode(data, doseq=True).encode()
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as answer:
            return answer.code, answer.read().decode()


def form_value(page: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]+)"', page).group(1)


def postgresql_url() -> str:
    if connection.vendor != "postgresql":
        pytest.skip("two processes share the database only on PostgreSQL (as CI runs it)")
    return "postgres://{USER}@{HOST}:{PORT}/{NAME}".format(**connection.settings_dict)


@contextmanager
def shared_redis(shared: bool):
    if not shared:
        yield ""
        return
    with running_redis() as url:
        yield url


def enter_hand(phone: Phone, game, facts: dict) -> tuple[int, str]:
    _, page = phone.get(game.get_absolute_url())
    return phone.post(
        f"/games/{game.pk}/hands/",
        {
            "csrfmiddlewaretoken": form_value(page, "csrfmiddlewaretoken"),
            "version": form_value(page, "version"),
            "key": form_value(page, "key"),
            **facts,
        },
        **{"HX-Request": "true"},
    )


CY_5 = {"bidder": "2", "bid": "5", "tricks": ["2", "3", "5", "3"]}
DEE_4 = {"bidder": "3", "bid": "4", "tricks": ["3", "2", "4", "4"]}


@pytest.mark.parametrize("shared", [False, True], ids=["own-memory", "one-redis"])
def test_a_hand_entered_on_one_server_is_on_the_other_at_once(shared, tmp_path):
    url = postgresql_url()
    game = make_game(hands=[EXACT_BEN])
    with (
        shared_redis(shared) as redis_url,
        app_server(url, tmp_path, redis_url) as a,
        app_server(url, tmp_path, redis_url) as b,
    ):
        ana, ben = Phone(a), Phone(b)
        status, before = ben.get(game.get_absolute_url())
        assert status == 200 and "Score hand 2" in before
        shown = form_value(before, "version")
        status, _ = enter_hand(ana, game, CY_5)
        assert status == 200
        status, after = ben.get(game.get_absolute_url())
        assert "Score hand 3" in after and "Cy bid 5 and took exactly 5" in after
        status, live = ben.get(
            f"/games/{game.pk}/live/",
            **{
                "HX-Request": "true",
                "If-None-Match": f'"{game.pk}.{shown}.en-gb"',
                "X-Hand-Typed": "true",
            },
        )
        assert status == 200 and "Hand 2 was already entered on another phone." in live
        stale_note = {
            "csrfmiddlewaretoken": form_value(before, "csrfmiddlewaretoken"),
            "version": shown,
            "key": "n" * 20,
            "note": "late",
        }
        status, refused = ben.post(f"/games/{game.pk}/note/", stale_note)
        assert status == 409 and "Hand 2 was already entered on another phone" in refused


def test_a_page_kept_by_one_server_is_never_served_stale_by_the_other(tmp_path):
    url = postgresql_url()
    game = make_game(hands=[EXACT_BEN])
    cy = game.seats.get(position=2).player
    pages = ("/", "/history/", game.get_absolute_url(), f"/players/{cy.pk}/")
    with (
        running_redis() as redis_url,
        app_server(url, tmp_path, redis_url) as a,
        app_server(url, tmp_path, redis_url) as b,
    ):
        ana, ben = Phone(a), Phone(b)
        for path in pages:  # each kept in the shared cache by server a
            assert ana.get(path)[0] == 200
        assert redis_client.Redis.from_url(redis_url).dbsize() > 0
        assert enter_hand(ben, game, CY_5)[0] == 200
        assert ">2 hands " in ana.get("/")[1]
        history = ana.get("/history/")[1]
        assert "· 2 hands" in history and "Cy <strong>5</strong>" in history
        assert "Cy bid 5 and took exactly 5" in ana.get(game.get_absolute_url())[1]
        bids_made = '<span class="who">Bids made</span><span class="score">1/1</span>'
        assert bids_made in ana.get(f"/players/{cy.pk}/")[1]
        _, form = ben.get(f"/players/{cy.pk}/rename/")
        status, _ = ben.post(
            f"/players/{cy.pk}/rename/",
            {"csrfmiddlewaretoken": form_value(form, "csrfmiddlewaretoken"), "name": "Cyrus"},
        )
        assert status == 200
        assert "<h1>Cyrus</h1>" in ana.get(f"/players/{cy.pk}/")[1]
        assert "Cyrus bid 5 and took exactly 5" in ana.get(game.get_absolute_url())[1]


def test_with_redis_stopped_mid_game_both_servers_go_on_serving_the_table(tmp_path):
    url = postgresql_url()
    game = make_game(hands=[EXACT_BEN])
    with (
        own_redis() as redis,
        app_server(url, tmp_path, redis.url) as a,
        app_server(url, tmp_path, redis.url) as b,
    ):
        ana, ben = Phone(a), Phone(b)
        status, before = ben.get(game.get_absolute_url())
        assert status == 200 and "Score hand 2" in before
        assert ana.get("/up/") == (200, "ok")
        redis.stop()
        for phone in (ana, ben):
            for path in ("/", "/history/", "/players/", game.get_absolute_url()):
                assert phone.get(path)[0] == 200, path
            assert phone.get("/up/") == (503, "cache unavailable")
        assert enter_hand(ana, game, CY_5)[0] == 200
        status, live = ben.get(
            f"/games/{game.pk}/live/",
            **{
                "HX-Request": "true",
                "If-None-Match": f'"{game.pk}.{form_value(before, "version")}.en-gb"',
            },
        )
        assert status == 200 and "Cy bid 5 and took exactly 5" in live
        assert enter_hand(ben, game, DEE_4)[0] == 200
        assert "Dee bid 4 and took exactly 4" in ana.get(game.get_absolute_url())[1]
    for server in (a, b):
        log = server.log.read_text()
        assert "The cache (Redis) cannot be reached" in log
        assert "Internal Server Error" not in log
