"""The cache several app servers share (REDIS_URL): Django's own Redis
backend, which keeps the pages as the local one does, never shows an old
version of a game, and when Redis stops, leaves the pages rendered afresh
(slower, never wrong, never a server error) and says so in the log."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
import redis as redis_client
from django.core.cache.backends.redis import RedisCache
from django.test import override_settings

from tests.factories import make_game
from tests.redis_server import own_redis, redis_cache, running_redis
from vinescore.server.redis_cache import ForgivingRedisCache
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
HTMX = {"HX-Request": "true"}
BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
CY_5 = {"bidder": "2", "bid": "5", "tricks": ["2", "3", "5", "3"]}


def kept(url: str) -> int:
    return redis_client.Redis.from_url(url).dbsize()


def test_redis_url_puts_the_cache_in_redis():
    env = {
        **os.environ,
        "REDIS_URL": "redis://127.0.0.1:6379/1",
        "DJANGO_SETTINGS_MODULE": "vinescore.settings",
    }
    shown = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; print(settings.CACHES)"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "vinescore.server.redis_cache.ForgivingRedisCache" in shown
    assert "redis://127.0.0.1:6379/1" in shown
    assert "'socket_timeout': 0.5" in shown


def test_pages_are_kept_in_redis_and_a_new_hand_is_shown_at_once(client):
    game = make_game(hands=[BEN_13])
    with running_redis() as url, override_settings(CACHES=redis_cache(url)):
        assert "Score hand 2" in client.get(game.get_absolute_url()).text
        assert ">1 hand ·" in client.get("/").text
        assert kept(url) > 0
        response = client.post(f"/games/{game.pk}/hands/", CY_5, headers=HTMX)
        assert "Cy bid 5 and took exactly 5" in response.text
        page = client.get(game.get_absolute_url()).text
        assert "Score hand 3" in page and "Cy bid 5 and took exactly 5" in page
        assert "Score hand 2" not in page
        assert ">2 hands " in client.get("/").text


def test_with_redis_stopped_pages_render_hands_are_scored_and_one_warning_is_logged(client, caplog):
    game = make_game(hands=[BEN_13])
    with own_redis() as redis, override_settings(CACHES=redis_cache(redis.url)):
        client.get(game.get_absolute_url())
        redis.stop()
        with caplog.at_level(logging.WARNING, logger="vinescore.server.redis_cache"):
            for path in ("/", "/history/", "/players/", game.get_absolute_url()):
                assert client.get(path).status_code == 200
            response = client.post(f"/games/{game.pk}/hands/", CY_5, headers=HTMX)
            assert response.status_code == 200
            assert "Cy bid 5 and took exactly 5" in response.text
            page = client.get(game.get_absolute_url()).text
        assert "Score hand 3" in page
        assert Game.objects.get().final_totals == [0, 13, 5, 0]
        warnings = [r for r in caplog.records if r.name == "vinescore.server.redis_cache"]
        assert len(warnings) == 1
        assert "cannot be reached" in warnings[0].getMessage()


def test_the_cache_is_used_again_once_redis_is_back(client, monkeypatch):
    monkeypatch.setattr(ForgivingRedisCache, "rest_after_failure", 0.0)
    game = make_game(hands=[BEN_13])
    with running_redis() as url:
        absent = {"default": {**redis_cache(url)["default"], "LOCATION": "redis://127.0.0.1:1/0"}}
        with override_settings(CACHES=absent):
            assert client.get(game.get_absolute_url()).status_code == 200
        with override_settings(CACHES=redis_cache(url)):
            assert "Score hand 2" in client.get(game.get_absolute_url()).text
            assert kept(url) > 0


def test_a_redis_url_that_is_not_redis_still_leaves_the_pages_rendered(client, caplog):
    game = make_game(hands=[BEN_13])
    with own_redis() as redis:
        not_redis = redis.url.replace("redis://", "redis://wrong-user:wrong@")
        with override_settings(CACHES=redis_cache(not_redis)):
            page = client.get(game.get_absolute_url())
    assert page.status_code == 200 and "Score hand 2" in page.text
    assert "cannot be reached" in caplog.text


def test_after_a_failure_redis_is_left_alone_for_a_few_seconds(monkeypatch):
    tries = []

    def get(self, key, default=None, version=None):
        tries.append(key)
        raise redis_client.exceptions.ConnectionError("Connection refused.")

    monkeypatch.setattr(RedisCache, "get", get)
    shared = ForgivingRedisCache("redis://127.0.0.1:6379/13", {})
    assert shared.get("sheet", "not kept") == "not kept"
    assert shared.get("card") is None and shared.get_many(["a", "b"]) == {}
    assert shared.set("card", "<li>") is None and not shared.add("card", "<li>")
    assert tries == ["sheet"]  # one page's wait at most, then none for a few seconds
    shared.resting_until = 0.0  # the few seconds are over
    assert shared.get("card") is None
    assert tries == ["sheet", "card"]


def test_a_new_release_does_not_read_what_the_last_one_kept(tmp_path, monkeypatch):
    from vinescore import settings as project_settings

    (tmp_path / "vinescore").mkdir()
    (tmp_path / "templates").mkdir()
    sheet = tmp_path / "templates" / "game.html"
    sheet.write_text("<p>{{ total }}</p>")
    (tmp_path / "vinescore" / "views.py").write_text("WINDOW = 15\n")
    monkeypatch.setattr(project_settings, "BASE_DIR", tmp_path)
    before = project_settings.shared_cache("redis://127.0.0.1:6379/1")["KEY_PREFIX"]
    assert project_settings.release_digest() == before  # the same code, the same names
    sheet.write_text("<p><strong>{{ total }}</strong></p>")
    assert project_settings.shared_cache("redis://127.0.0.1:6379/1")["KEY_PREFIX"] != before
