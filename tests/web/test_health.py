"""/up/, the health check a load balancer or a container asks: "ok" only
when this server can do its job, else 503 and the one thing that is wrong,
in a line that says nothing else about the server."""

from __future__ import annotations

import logging
from unittest import mock

import pytest
from django.db import InterfaceError, OperationalError, connection
from django.test import Client, override_settings

from tests.factories import make_game
from tests.redis_server import own_redis, redis_cache

pytestmark = pytest.mark.django_db
BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def test_the_health_check_says_ok_to_anyone_while_the_database_answers():
    response = Client().get("/up/")
    assert response.status_code == 200
    assert response.content == b"ok"
    assert response["Content-Type"].startswith("text/plain")
    assert "no-cache" in response["Cache-Control"]


def test_the_health_check_reads_the_database_with_one_query(django_assert_num_queries):
    with django_assert_num_queries(1):
        assert Client().get("/up/").status_code == 200


@pytest.mark.parametrize("failure", [OperationalError, InterfaceError])
def test_the_health_check_answers_503_while_the_database_cannot_be_reached(caplog, failure):
    refused = failure('connection to server at "10.1.2.3", port 5432 failed')
    with mock.patch.object(connection, "cursor", side_effect=refused):
        response = Client().get("/up/")
    assert response.status_code == 503
    assert response.content == b"database unavailable"
    assert response["Content-Type"].startswith("text/plain")
    # Where the database is goes to the log, never to whoever asks.
    assert "10.1.2.3" in caplog.text


@override_settings(SECURE_SSL_REDIRECT=True, SECURE_REDIRECT_EXEMPT=[r"^up/$"])
def test_the_health_check_tells_its_failure_over_plain_http_too():
    with mock.patch.object(connection, "cursor", side_effect=OperationalError("gone")):
        assert Client().get("/up/").status_code == 503


def test_the_health_check_says_ok_while_redis_answers_and_503_once_it_stopped(client, caplog):
    game = make_game(hands=[BEN_13])
    with own_redis() as redis, override_settings(CACHES=redis_cache(redis.url)):
        assert Client().get("/up/").content == b"ok"
        assert "Score hand 2" in client.get(game.get_absolute_url()).text
        redis.stop()
        with caplog.at_level(logging.WARNING):
            response = Client().get("/up/")
            assert response.status_code == 503
            assert response.content == b"cache unavailable"
            # The players' pages are still served, rendered without the cache.
            page = client.get(game.get_absolute_url())
        assert page.status_code == 200 and "Score hand 2" in page.text
        assert "cannot be reached" in caplog.text
