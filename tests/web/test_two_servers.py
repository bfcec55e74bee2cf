"""Two app servers (two gunicorn processes on their own ports, each with its
own memory) on one PostgreSQL database show the same sheet the moment a hand
is entered on either: nothing a server keeps between requests can go stale."""

from __future__ import annotations

import http.cookiejar
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.factories import make_game, make_member
from vinescore.accounts.sessions import session_cookie

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def app_server(database_url: str):
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": settings.SECRET_KEY,  # the phones' sessions are signed with it
        "HTTPS_ONLY": "false",
        "DEBUG": "false",
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "vinescore.wsgi", "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):  # up to 20 s to start
            try:
                urllib.request.urlopen(f"{base}/up/", timeout=2)
                break
            except (urllib.error.URLError, ConnectionError):
                if server.poll() is not None:
                    raise RuntimeError(server.stderr.read().decode()) from None
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(10)


class Phone:
    """A phone with its own cookies, talking to one server, signed in as a
    member of the factories' group."""

    def __init__(self, base: str):
        self.base = base
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
            with self.opener.open(request, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as answer:
            return answer.code, answer.read().decode()

    def post(self, path: str, data: dict, **headers) -> tuple[int, str]:
        body = urllib.parse.urlencode(data, doseq=True).encode()
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as answer:
            return answer.code, answer.read().decode()


def form_value(page: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]+)"', page).group(1)


def test_a_hand_entered_on_one_server_is_on_the_other_at_once():
    if connection.vendor != "postgresql":
        pytest.skip("two processes share the database only on PostgreSQL (as CI runs it)")
    game = make_game(hands=[EXACT_BEN])
    url = "postgres://{USER}@{HOST}:{PORT}/{NAME}".format(**connection.settings_dict)
    with app_server(url) as a, app_server(url) as b:
        ana, ben = Phone(a), Phone(b)
        status, before = ben.get(game.get_absolute_url())
        assert status == 200 and "Score hand 2" in before
        shown = form_value(before, "version")
        _, page = ana.get(game.get_absolute_url())
        status, _ = ana.post(
            f"/games/{game.pk}/hands/",
            {
                "csrfmiddlewaretoken": form_value(page, "csrfmiddlewaretoken"),
                "version": form_value(page, "version"),
                "key": form_value(page, "key"),
                "bidder": "2",
                "bid": "5",
                "tricks": ["2", "3", "5", "3"],
            },
            **{"HX-Request": "true"},
        )
        assert status == 200
        status, after = ben.get(game.get_absolute_url())
        assert "Score hand 3" in after and "Cy bid 5 and took exactly 5" in after
        status, live = ben.get(
            f"/games/{game.pk}/live/",
            **{"HX-Request": "true", "If-None-Match": f'"{game.pk}.{shown}"'},
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
