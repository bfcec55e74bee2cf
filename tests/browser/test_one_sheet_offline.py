"""One sheet, online or not: a kept game offline shows the server's sheet
with the hands not sent yet in it (totals, "1st", who deals, the rows), and
the server agrees once the phone catches up; a game not kept says what its
totals leave out; a hand refused because another phone scored first comes
back in the form; the live sum says at once when a hand does not add up."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import go_offline
from tests.browser.kept import PHONE_ROWS, READY, enter, phone, phone_totals
from tests.browser.test_rules_pad_and_mu import start_game
from tests.factories import make_game, make_player
from vinescore.scoring import REGISTRY
from vinescore.table.models import Game
from vinescore.table.sheet_parts import signed

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HANDS = [
    {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]},
    {"bidder": 2, "bid": 5, "tricks": [3, 3, 5, 2]},
    {"bidder": 0, "bid": 6, "tricks": [6, 2, 3, 2]},
    {"bidder": 3, "bid": 4, "tricks": [2, 3, 4, 4]},
]


def first_chip(page: Page) -> str:
    """The seat whose bidder chip carries the "1st" marker."""
    marked = page.locator('#hand-form fieldset[data-field="bidder"] label.chip.first input')
    return marked.get_attribute("value")


def test_a_kept_game_offline_shows_one_sheet_that_the_server_then_agrees_with(
    browser: Browser, live_server
) -> None:
    for name in ("Ana", "Ben", "Cy", "Dee"):
        make_player(name)
    context, page = phone(browser, live_server)
    page.goto("/")
    start_game(page, "Coralon", "New Coralon game", ("Ana", "Ben", "Cy", "Dee"), dealer="Ana")
    page.get_by_role("button", name="Start game").tap()
    expect(page.locator("#keep[data-keep-ready]")).to_have_count(1, timeout=READY)

    # Hand 1 is scored online: the copy this phone keeps must have it too.
    enter(page, HANDS[0])
    page.get_by_role("button", name="Score hand 1").tap()
    expect(page.locator("#live tbody.hand")).to_have_count(1)
    page.wait_for_timeout(500)  # the kept record is fetched again as the sheet moves on

    go_offline(context)
    shown = []
    for number, facts in enumerate(HANDS[1:], start=2):
        enter(page, facts)
        page.get_by_role("button", name=f"Score hand {number}").tap()
        waiting = number - 1
        expect(page.locator(PHONE_ROWS)).to_have_count(waiting)
        expect(page.locator("#next-hand")).to_contain_text(f"Hand {number + 1} ·")
        expect(page.locator("#next-hand")).to_contain_text(
            "1 hand not sent yet" if waiting == 1 else f"{waiting} hands not sent yet"
        )
        expect(page.locator("#unsent-note")).to_contain_text("not sent yet")
        expect(page.get_by_role("button", name=f"Score hand {number + 1}")).to_be_visible()
        # One sheet: no second block of totals anywhere.
        assert page.locator("#live ol.totals").count() == 1
        shown.append(
            {
                "totals": phone_totals(page),
                "first": first_chip(page),
                "next": page.locator("#next-hand").inner_text(),
                "last": page.locator("#just-scored").inner_text(),
                # What the last hand gave each side, under its total.
                "changes": page.locator("#live ol.totals .change:visible").all_inner_texts(),
            }
        )

    page.wait_for_timeout(1500)  # a while offline: the hands are stamped when they were played
    back_online = timezone.now()
    context.set_offline(False)
    expect(page.locator("#outbox")).to_have_count(0, timeout=60_000)
    expect(page.locator("#live tbody.hand")).to_have_count(len(HANDS))
    expect(page.locator(PHONE_ROWS)).to_have_count(0)
    game = Game.objects.get()
    sheet = game.sheet()
    assert [h["bidder"] for h in (x.facts for x in game.live_hands())] == [1, 2, 0, 3]
    names = sheet.setup.names
    for i, step in enumerate(shown, start=1):
        # After hand i + 1 (hand 1 online, the rest offline): the server's figures.
        assert step["totals"] == list(sheet.rows[i].totals)
        table = sheet.table_for(i + 1)
        assert step["first"] == str(table.left_of(table.dealer))
        assert f"{names[table.dealer]} deals" in step["next"]
        assert f"{names[table.left_of(table.dealer)]} bids first" in step["next"]
        assert f"Hand {i + 1} scored · not sent yet" in step["last"]
        assert sheet.rows[i].result.explanation in step["last"]
        assert step["changes"] == [signed(award) for award in sheet.rows[i].result.awards]
    # Stamped when each was scored on the phone, in order, not when they reached the server.
    played = [h.played_at for h in game.live_hands()]
    assert played == sorted(played)
    assert all(game.created_at <= at < back_online for at in played)
    # Caught up: the sheet is the server's, and so is the marker.
    assert phone_totals(page) == list(sheet.totals)
    assert first_chip(page) == str(sheet.next_table.left_of(sheet.next_table.dealer))
    expect(page.locator("#unsent-note")).to_be_hidden()
    assert page.script_errors == [], page.script_errors
    context.close()


def test_a_game_not_kept_says_in_one_line_what_its_totals_leave_out(
    browser: Browser, live_server
) -> None:
    game = make_game("coralon", target=500)
    context, page = phone(browser, live_server)
    page.goto(game.get_absolute_url())
    go_offline(context)
    for number, facts in enumerate(HANDS[:2], start=1):
        enter(page, facts)
        page.get_by_role("button", name=f"Score hand {number}").tap()
        expect(page.locator("#outbox li")).to_have_count(number)
    expect(page.locator("#unsent-note")).to_have_text(
        "These totals leave out 2 hands not sent yet. "
        "Keep this game on this phone to score them here"
    )
    expect(page.locator("#next-hand")).to_have_text(
        "Hand 3 · 2 hands not sent yet", use_inner_text=True
    )
    assert phone_totals(page) == [0, 0, 0, 0]

    context.set_offline(False)
    expect(page.locator("#outbox")).to_have_count(0, timeout=60_000)
    expect(page.locator("#unsent-note")).to_be_hidden()
    expect(page.locator("#next-hand")).to_have_text(
        "Hand 3 · Cy deals · Dee bids first", use_inner_text=True
    )
    assert phone_totals(page) == list(Game.objects.get().sheet().totals)
    assert page.script_errors == [], page.script_errors
    context.close()


def test_a_hand_refused_because_another_phone_scored_first_comes_back_in_the_form(
    browser: Browser, live_server
) -> None:
    game = make_game("coralon", target=500)
    context, page = phone(browser, live_server)
    # This phone hears nothing of the other (its poll and stream cut), as
    # when both tap at the same instant.
    page.route("**/live/**", lambda route: route.abort())
    page.route("**/stream/**", lambda route: route.abort())
    page.goto(game.get_absolute_url())
    enter(page, HANDS[1])

    rules = REGISTRY["coralon"]
    game.add_hand(rules.clean(dict(HANDS[0], earlier_zeros=[]), game.sheet().next_table))
    game.refresh_result()

    page.get_by_role("button", name="Score hand 1").tap()
    told = page.locator("#hand-form [data-moved]")
    expect(told).to_contain_text(
        "Hand 1 was already entered on another phone. The hand you sent is back in the form: "
        "score it as the next hand, or drop it."
    )
    expect(page.locator('#hand-form [data-field="bidder"] input[value="2"]')).to_be_checked()
    expect(page.locator('#hand-form [data-field="bid"] input[value="5"]')).to_be_checked()
    assert page.locator('#hand-form input[name="tricks"]').evaluate_all(
        "boxes => boxes.map(b => b.value)"
    ) == ["3", "3", "5", "2"]
    expect(told).to_be_in_viewport()

    page.unroute("**/live/**")
    page.unroute("**/stream/**")
    page.get_by_role("button", name="Score hand 2").tap()
    expect(page.locator("#live tbody.hand")).to_have_count(2)
    assert [h.facts["bidder"] for h in game.live_hands()] == [1, 2]
    assert page.script_errors == [], page.script_errors
    context.close()


def test_the_live_sum_says_at_once_when_every_box_is_filled_and_it_does_not_add_up(
    browser: Browser, live_server
) -> None:
    game = make_game("coralon", target=500)
    context, page = phone(browser, live_server)
    page.goto(game.get_absolute_url())
    enter(page, {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, None]})
    line = page.locator('#hand-form fieldset[data-field="tricks"] [data-sum-line]')
    expect(line).to_contain_text("worked out")
    enter(page, {"tricks": [3, 4, 2, 3]})
    expect(line).to_have_text("12 of 13: 1 missing")
    expect(line).to_have_class("sum-line over")
    enter(page, {"tricks": [3, 4, 2, 4]})
    expect(line).to_have_text("13 of 13: all there")
    assert page.script_errors == [], page.script_errors
    context.close()
