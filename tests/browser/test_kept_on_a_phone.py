"""A whole evening without the network: a game kept on the phone is scored
there by the server's own rules (Pyodide), refuses what the server refuses
in the same words, and, back online, the server makes the same of it.

One game of each family: a trick game, a coin game, Mü, the duel and the
pad. Each refuses one hand on the way, for a wrong sum where the game's
rules check one."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.kept import READY, an_evening_offline, phone
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_coralon_scored_offline_on_the_phone_is_what_the_server_scores(
    browser: Browser, live_server
) -> None:
    # 27 is first reached in the tenth hand, by Cy (27) and Ben (28): the higher wins.
    game = make_game("coralon", target=27)
    tricks = [[3, 4, 2, 4], [5, 3, 3, 2], [1, 6, 3, 3], [4, 4, 4, 1], [2, 2, 7, 2]]
    hands = [{"bidder": (i + 1) % 4, "bid": 4 + i % 3, "tricks": tricks[i % 5]} for i in range(10)]
    twelve_tricks = {"bidder": 1, "bid": 4, "tricks": [3, 3, 3, 3]}  # of the 13 in a hand
    shown = an_evening_offline(browser, live_server, game, hands, (4, twelve_tricks))
    assert shown["refused"] == [("tricks", "Tricks: 13 in a 4-player hand; these add up to 12.")]
    assert shown["winner"] == "🏆 Ben wins"


def test_up_and_down_coins_offline_on_the_phone_are_the_servers(
    browser: Browser, live_server
) -> None:
    # The coin family's sum check is Up and Down's: Baronet's one number of
    # point cards has no sum to get wrong. Coins have no target: the session
    # goes on until the table ends it, so no hand names a winner.
    game = make_game("up-and-down", ("Ana", "Ben", "Cy", "Dee", "Eve"), stakes=30)
    hands = [
        {
            "take_back": False,
            "leader": i % 5,
            "red": False,
            "partner": (i + 2) % 5,
            "side_points": 5 + (3 * i) % 8,
            "others_points": 17 - (3 * i) % 8 - i % 3,
        }
        for i in range(10)
    ]
    hands[3] = {"take_back": False, "leader": 3, "red": True, "side_points": 9, "others_points": 9}
    hands[6] = {"take_back": True}
    too_many = {
        "take_back": False,
        "leader": 1,
        "red": False,
        "partner": 3,
        "side_points": 12,
        "others_points": 12,
    }
    shown = an_evening_offline(browser, live_server, game, hands, (5, too_many))
    assert shown["refused"] == [
        (
            "others_points",
            "Points: a hand holds 11 to 22 (11 tricks, each whole or split in two); "
            "these add up to 24.",
        )
    ]
    assert shown["winner"] is None


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
    shown = an_evening_offline(browser, live_server, game, hands, (6, short))
    assert shown["refused"] == [
        ("points", "Card points: 60 in a 4-player hand; these add up to 50.")
    ]
    assert shown["winner"] == "🏆 Ana wins"


def test_a_duel_offline_on_the_phone_is_the_servers(browser: Browser, live_server) -> None:
    # Ana wins rounds 1 and 3, Ben round 2: the match (2 rounds) is Ana's in
    # the tenth exchange.
    game = make_game("duel", ("Ana", "Ben"), stakes=10, target=2)
    damage = [[2, 3], [2, 3], [2, 3], [1, 4], [4, 1], [4, 2], [3, 0], [2, 5], [0, 4], [1, 3]]
    hands = [{"damage": d} for d in damage]
    # Each player's damage stands alone (no sum to check): the refusal is
    # the closest the rules make, a number out of its range.
    negative = {"damage": [-3, 2]}
    shown = an_evening_offline(browser, live_server, game, hands, (2, negative))
    assert shown["refused"] == [
        ("damage", "Damage taken for Ana must be from 0 to 99; -3 is out of range.")
    ]
    assert shown["winner"] == "🏆 Ana wins"


def test_a_score_pad_offline_on_the_phone_is_the_servers(browser: Browser, live_server) -> None:
    # 80 is first reached in the tenth round, by Ana (85).
    game = make_game("pad", ("Ana", "Ben", "Cy"), target=80)
    hands = [{"points": [i * 3 - 5, 10 - i, 7]} for i in range(10)]
    # A round's points have no total (no sum to check): the refusal is the
    # closest the rules make, a number past the pad's limit.
    too_many = {"points": [100001, 0, 0]}
    shown = an_evening_offline(browser, live_server, game, hands, (5, too_many))
    assert shown["refused"] == [
        (
            "points",
            "Points this round for Ana must be from -100000 to 100000; 100001 is out of range.",
        )
    ]
    assert shown["winner"] == "🏆 Ana wins"


def test_keeping_a_game_on_a_network_that_hangs_says_so_and_can_be_tried_again(
    browser: Browser, live_server
) -> None:
    game = make_game("coralon")
    context, page = phone(browser, live_server)
    hung = []
    # The game's record is asked for and never answered (a network that
    # hangs rather than fails): the phone gives up after 10 s and says so.
    page.route("**/export.json", lambda route: hung.append(route))
    page.goto(game.get_absolute_url())
    page.get_by_role("button", name="Keep this game on this phone").tap()
    expect(page.locator("#keep")).to_contain_text(
        "This phone could not keep the game (no answer in 10 seconds). Try again.",
        timeout=20_000,
    )
    assert hung
    page.unroute("**/export.json")
    page.get_by_role("button", name="Keep this game on this phone").tap()
    expect(page.locator("#keep[data-keep-ready]")).to_have_count(1, timeout=READY)
    assert page.script_errors == []
    context.close()
