"""The club's big screen moves within a second of a hand entered at any
table, pushed by its stream from app processes served as `make run` serves
them; they share the database only on PostgreSQL, so CI runs this beside
test_pushed_sheet.py on it."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser.test_big_screen import tv
from tests.club.nights import club_night, play_hand, tables_of
from tests.web.test_two_servers import app_server, postgresql_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_hand_at_a_table_moves_the_tv_within_a_second(browser, tmp_path):
    event = club_night(40)
    games = tables_of(event)
    leader = games[6].seats.get(position=2).player.name
    with app_server(postgresql_url(), tmp_path) as server:
        screen = tv(browser, server.base, f"/screen/{event.screen_token}/")
        table = screen.locator(".screen-tables li").nth(6)
        expect(table).to_contain_text("hand 0 of 8")
        deadline = time.monotonic() + 10
        while not any("/stream/" in path for path in screen.asked):
            assert time.monotonic() < deadline, screen.asked
            screen.wait_for_timeout(100)
        screen.wait_for_timeout(500)  # the stream has taken its first look

        play_hand(games[6], bidder=2)
        expect(table).to_contain_text(f"hand 1 of 8 · {leader} leads", timeout=1_000)
        expect(screen.locator(".screen-standings li").first).to_contain_text(leader)
        assert not [path for path in screen.asked if "/live/" in path]  # pushed, not polled
        assert screen.errors == []
        screen.context.close()  # its stream closed: the server stops at once
