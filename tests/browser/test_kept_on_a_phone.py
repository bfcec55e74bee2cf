"""A whole evening without the network: a game kept on the phone is scored
there by the server's own rules (Pyodide), refuses what the server refuses
in the same words, and, back online, the server makes the same of it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser.kept import assert_same_as_server, phone, play_offline_then_catch_up
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_coralon_scored_offline_on_the_phone_is_what_the_server_scores(
    browser: Browser, live_server
) -> None:
    game = make_game("coralon", target=500)
    tricks = [[3, 4, 2, 4], [5, 3, 3, 2], [1, 6, 3, 3], [4, 4, 4, 1], [2, 2, 7, 2]]
    hands = [{"bidder": (i + 1) % 4, "bid": 4 + i % 3, "tricks": tricks[i % 5]} for i in range(10)]
    wrong = (4, {"bidder": 1, "bid": 4, "tricks": [3, 3, 3, 3]})
    context, page = phone(browser, live_server)
    shown = play_offline_then_catch_up(page, context, game, hands, wrong)
    assert_same_as_server(game, shown)
    context.close()


def test_baronet_balances_offline_on_the_phone_are_the_servers(
    browser: Browser, live_server
) -> None:
    game = make_game("baronet", stakes=100)
    hands = [
        {
            "passed": False,
            "bidder": i % 4,
            "bid": 1 + i % 4,
            "partner": (i + 2) % 4,
            "points": (3 + 2 * i) % 11,
        }
        for i in range(10)
    ]
    own_partner = {"passed": False, "bidder": 1, "bid": 2, "partner": 1, "points": 5}
    context, page = phone(browser, live_server)
    shown = play_offline_then_catch_up(page, context, game, hands, (3, own_partner))
    assert_same_as_server(game, shown)
    context.close()


def test_mu_offline_on_the_phone_names_the_winner_the_server_names(
    browser: Browser, live_server
) -> None:
    # 265 is first reached in the tenth hand.
    game = make_game("mu", target=265)
    points = [[20, 15, 15, 10], [10, 25, 5, 20], [30, 10, 10, 10], [5, 5, 40, 10], [15, 15, 15, 15]]
    hands = [
        {
            "passed": False,
            "tie": False,
            "chief": i % 4,
            "bid": 2 + i % 4,
            "partner": (i + 1) % 4,
            "trump": "colour",
            "points": points[i % 5],
        }
        for i in range(10)
    ]
    short = dict(hands[6], points=[10, 10, 10, 20])  # 50 of the 60 card points
    context, page = phone(browser, live_server)
    shown = play_offline_then_catch_up(page, context, game, hands, (6, short))
    assert shown["winner"] == "🏆 Ana wins"
    assert_same_as_server(game, shown)
    context.close()


def test_a_duel_offline_on_the_phone_is_the_servers(browser: Browser, live_server) -> None:
    game = make_game("duel", ("Ana", "Ben"), stakes=30)
    hands = [{"damage": [2, 3]}] * 9 + [{"damage": [1, 4]}]
    context, page = phone(browser, live_server)
    shown = play_offline_then_catch_up(page, context, game, hands, (2, {"damage": [-3, 2]}))
    assert_same_as_server(game, shown)
    context.close()


def test_a_score_pad_offline_on_the_phone_is_the_servers(browser: Browser, live_server) -> None:
    game = make_game("pad", ("Ana", "Ben", "Cy"))
    hands = [{"points": [i * 3 - 5, 10 - i, 7]} for i in range(10)]
    too_many = {"points": [100001, 0, 0]}
    context, page = phone(browser, live_server)
    shown = play_offline_then_catch_up(page, context, game, hands, (5, too_many))
    assert_same_as_server(game, shown)
    context.close()
