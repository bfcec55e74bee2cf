"""Served over ASGI, each request's ordinary code runs in a thread of its
own. A connection kept per thread would outlive its thread, and a table of
phones polling would soon meet PostgreSQL's "too many clients" (a 500 on
every phone). Each app process borrows its connections from a pool of at
most DB_POOL_SIZE instead. On SQLite, where a connection is a file opened,
each of the process's few threads keeps its own."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import RequestFactory

from tests.factories import make_game
from tests.web.test_two_servers import Phone, app_server, postgresql_url
from vinescore import asgi

pytestmark = pytest.mark.django_db(transaction=True)

WORKERS = 2  # gunicorn.conf.py
POOL = 3


def connections_to_the_test_database() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def test_many_phones_polling_at_once_hold_no_more_connections_than_the_pools(tmp_path, monkeypatch):
    url = postgresql_url()
    game = make_game(hands=[{"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}])
    monkeypatch.setenv("DB_POOL_SIZE", str(POOL))
    before = connections_to_the_test_database()  # this process's own
    with app_server(url, tmp_path) as server:
        phones = [Phone(server) for _ in range(12)]
        answers: list[int] = []
        start = threading.Barrier(len(phones))

        def poll(phone: Phone) -> None:
            start.wait()
            for _ in range(5):
                status, _ = phone.get(f"/games/{game.pk}/live/", **{"HX-Request": "true"})
                answers.append(status)

        threads = [threading.Thread(target=poll, args=(phone,)) for phone in phones]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert answers == [200] * 60
        assert connections_to_the_test_database() - before <= WORKERS * POOL


def test_a_page_thread_keeps_its_sqlite_connection_and_gives_a_postgresql_one_back():
    # Opening the SQLite file (and setting WAL) took a tenth of a kept sheet's page.
    assert asgi.pages.respond(RequestFactory().get("/up/")).status_code == 200
    held = connection.connection
    assert asgi.pages.respond(RequestFactory().get("/up/")).status_code == 200
    if connection.vendor == "sqlite":
        assert held is not None and connection.connection is held
    else:
        assert held is None  # back in the process's pool until the next page
