"""Two phones on one game served as `make run` serves it (gunicorn with
uvicorn workers, on PostgreSQL): a hand scored on one is painted on the
other in under a second by the pushed stream, while that phone asks the
poll nothing; and a phone whose stream cannot get through (a proxy that
refuses it) still follows the game by polling."""

from __future__ import annotations

import re
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE
from tests.browser.sheet import on_screen, score_hand, totals
from tests.browser.test_table_link import EXACT_BEN, show_table_link
from tests.browser.test_two_phones import fill_tricks, tap_chip
from tests.factories import make_game, make_member, session_cookie
from tests.web.test_two_servers import app_server, postgresql_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def phone_on(browser: Browser, base: str, path: str, block_stream: bool = False) -> Page:
    context = browser.new_context(base_url=base, **PHONE)
    context.set_default_timeout(10_000)
    name, value = session_cookie(make_member("member"))
    context.add_cookies([{"name": name, "value": value, "url": base}])
    if block_stream:
        context.route(re.compile(r"/stream/"), lambda route: route.abort())
    phone = context.new_page()
    phone.asked = []  # the paths this phone asked for, in order
    phone.on("request", lambda request: phone.asked.append(request.url.removeprefix(base)))
    errors: list[str] = []
    phone.on("pageerror", lambda exc: errors.append(str(exc)))
    phone.errors = errors
    phone.goto(path)
    return phone


def score_ben_4(phone: Page, number: int = 1) -> None:
    tap_chip(phone, "bidder", "Ben")
    tap_chip(phone, "bid", "4")
    fill_tricks(phone, {"Ana": 3, "Ben": 4, "Cy": 2})
    score_hand(phone, number)


def test_a_hand_on_one_phone_is_painted_on_the_other_by_the_stream(browser, tmp_path):
    game = make_game()
    with app_server(postgresql_url(), tmp_path) as server:
        ana = phone_on(browser, server.base, game.get_absolute_url())
        ben = phone_on(browser, server.base, game.get_absolute_url())
        ben.wait_for_function("() => document.getElementById('live-stream') !== null")
        # the stream is up once its first event (the sheet as it is) has come
        deadline = time.monotonic() + 10
        while not any("/stream/" in path for path in ben.asked):
            assert time.monotonic() < deadline, ben.asked
            ben.wait_for_timeout(100)
        ben.wait_for_timeout(2_500)  # a poll would have asked by now
        asked_before = len(ben.asked)
        bidders = ben.locator('#hand-form fieldset[data-field="bidder"]')
        bidders.scroll_into_view_if_needed()
        scrolled = ben.evaluate("window.scrollY")

        score_ben_4(ana)
        expect(ben.locator("tbody.hand")).to_have_count(1, timeout=1_000)
        assert totals(ben) == {"Ana": 0, "Ben": 4, "Cy": 0, "Dee": 0}
        # Ben's page held, the new totals and his form both on his screen
        assert ben.evaluate("window.scrollY") == scrolled
        assert on_screen(ben, ben.locator("#live > ol.totals")) and on_screen(ben, bidders)
        ben.wait_for_timeout(2_500)
        assert not [p for p in ben.asked if "/live/" in p], ben.asked
        # nothing asked at all after the page and its stream: the sheet came pushed
        assert ben.asked[asked_before:] == []

        # Ben is typing hand 2 when Ana scores it: the news comes by the
        # stream, his phone asks once what moved on, keeps what he typed
        # and tells him.
        tap_chip(ben, "bidder", "Cy")
        tap_chip(ben, "bid", "5")
        where = bidders.bounding_box()["y"]
        tap_chip(ana, "bidder", "Cy")
        tap_chip(ana, "bid", "5")
        fill_tricks(ana, {"Ana": 3, "Ben": 3, "Cy": 5})
        score_hand(ana, 2)
        expect(ben.locator("tbody.hand")).to_have_count(2, timeout=3_000)
        expect(ben.locator("[data-moved]")).to_contain_text(
            "Hand 2 was already entered on another phone. Check the hand you are entering"
        )
        expect(ben.locator('#hand-form input[name="bid"][value="5"]')).to_be_checked()
        assert bidders.bounding_box()["y"] == pytest.approx(where, abs=1)
        assert ana.errors == [] and ben.errors == []
        ana.context.close()
        ben.context.close()


def test_a_phone_whose_stream_is_refused_follows_by_polling(browser, tmp_path):
    game = make_game()
    with app_server(postgresql_url(), tmp_path) as server:
        ana = phone_on(browser, server.base, game.get_absolute_url())
        ben = phone_on(browser, server.base, game.get_absolute_url(), block_stream=True)
        score_ben_4(ana)
        expect(ben.locator("tbody.hand")).to_have_count(1, timeout=5_000)
        assert totals(ben) == {"Ana": 0, "Ben": 4, "Cy": 0, "Dee": 0}
        assert any("/live/" in p for p in ben.asked)
        ana.context.close()
        ben.context.close()


def test_a_guest_on_the_stream_follows_the_table_into_the_rematch(browser, tmp_path):
    game = make_game(hands=[EXACT_BEN] * 3)
    with app_server(postgresql_url(), tmp_path) as server:
        member = phone_on(browser, server.base, game.get_absolute_url())
        address = show_table_link(member, game)
        guest_context = browser.new_context(base_url=server.base, **PHONE)
        guest_context.set_default_timeout(10_000)
        guest = guest_context.new_page()
        guest.asked = []
        guest.on("request", lambda request: guest.asked.append(request.url))
        guest.errors = []
        guest.on("pageerror", lambda exc: guest.errors.append(str(exc)))
        guest.goto(urlsplit(address).path)  # the server's own name for this machine
        guest.locator(".who-are-you").get_by_role("button", name="Cy").tap()
        # Ben, at 39, bids 4 and makes it: the game is over on the guest's phone.
        score_ben_4(guest, 4)
        expect(guest.get_by_role("heading", name=re.compile("Ben wins"))).to_be_visible()
        deadline = time.monotonic() + 10
        while not any("/stream/" in url for url in guest.asked):
            assert time.monotonic() < deadline, guest.asked
            guest.wait_for_timeout(100)
        asked_before = len(guest.asked)

        member.goto(game.get_absolute_url())
        member.get_by_role("button", name="Rematch").tap()
        expect(member).to_have_url(re.compile(rf"/games/(?!{game.pk}/)\d+/$"))
        rematch = member.url.rstrip("/").rsplit("/", 1)[1]
        # The guest's sheet goes on to the rematch by itself, told by its stream.
        expect(guest).to_have_url(re.compile(rf"/games/{rematch}/$"), timeout=3_000)
        assert not [url for url in guest.asked[asked_before:] if "/live/" in url], guest.asked
        expect(guest.get_by_role("heading", name="Who are you?")).to_have_count(0)
        score_ben_4(guest)
        assert totals(guest) == {"Ana": 0, "Ben": 4, "Cy": 0, "Dee": 0}

        member.goto(f"/games/{rematch}/log/")
        expect(member.get_by_text("Entered by Cy's phone (guest).")).to_be_visible()
        assert guest.errors == [] and member.errors == []
        guest_context.close()
        member.context.close()
