"""One evening at the table, on a phone: add the players, start a Coralon
game, score hands by tapping, make a mistake, fix an old hand, play to 40."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.sheet import (
    SEATED_DEALERS,
    expect_next_hand,
    from_menu,
    last_explanation,
    score_hand,
    totals,
)

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Cy", "Dee")
SCREENSHOT = "/tmp/vinescore-sheet.png"


# --- helpers -----------------------------------------------------------------


def chip(page: Page, field: str, label: str) -> Locator:
    """The chip (a styled radio label) showing `label` in the hand form's `field`."""
    return page.locator(f'#hand-form fieldset[data-field="{field}"] label.chip').filter(
        has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")
    )


def tricks_input(scope: Page | Locator, name: str) -> Locator:
    return (
        scope.locator('fieldset[data-field="tricks"] .stepper')
        .filter(has_text=name)
        .locator("input")
    )


def step(scope: Page | Locator, name: str, sign: str, times: int = 1) -> None:
    label = "One more for" if sign == "+" else "One fewer for"
    button = scope.get_by_role("button", name=f"{label} {name}", exact=True)
    for _ in range(times):
        button.tap()


# --- the journey -------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_table_plays_coralon_to_forty_on_a_phone(page: Page) -> None:
    # 1. Players, added one by one through the htmx form.
    page.goto("/")
    expect(page.get_by_role("heading", name="Games")).to_be_visible()
    expect(page.get_by_text("No games yet.")).to_be_visible()
    from_menu(page, "Players")
    expect(page).to_have_url(re.compile(r"/players/$"))
    page.evaluate("window.__marker = 1")
    for name in NAMES:
        page.get_by_placeholder("Name").fill(name)
        page.get_by_role("button", name="Add", exact=True).tap()
        expect(page.locator("#players .list li span").filter(has_text=name)).to_have_count(1)
        expect(page.get_by_placeholder("Name")).to_have_value("")
    assert page.evaluate("window.__marker") == 1
    expect(page.locator("#players .list li span")).to_have_text(list(NAMES))

    # 2. A new Coralon game: seats, one move, the first dealer.
    page.locator("header.topbar").get_by_role("link", name="New game").tap()
    page.get_by_role("link", name=re.compile(r"^Coralon\b(?! Partners)")).tap()
    expect(page.get_by_role("heading", name="New Coralon game")).to_be_visible()
    seats = [page.locator(f"#id_seat_{i}_name") for i in range(1, 5)]
    for seat, name in zip(seats, ("Ben", "Ana", "Cy", "Dee"), strict=True):
        seat.fill(name)
    # vinescore.js relabels the first-dealer chips with the seated names and
    # marks the chips of empty seats hidden.
    dealer_chips = page.locator(SEATED_DEALERS)
    expect(dealer_chips).to_have_text(["Ben", "Ana", "Cy", "Dee"])

    page.get_by_role("button", name="Move Seat 2 up").tap()
    seated = [s.input_value() for s in seats]
    assert seated == ["Ana", "Ben", "Cy", "Dee"]
    expect(dealer_chips).to_have_text(list(NAMES))

    dealer_chips.filter(has_text="Dee").tap()
    expect(page.locator('[data-dealer-chips] input[value="3"]')).to_be_checked()
    page.get_by_role("button", name="Start game").tap()

    expect(page.get_by_role("heading", name="Coralon", exact=True)).to_be_visible()
    expect(page.locator(".game-head")).to_contain_text("To 40")
    expect_next_hand(page, 1, "Dee", "Ana")
    assert totals(page) == dict.fromkeys(NAMES, 0)

    # 3a. Hand 1: Ben bids 4 and takes exactly 4; Dee's tricks are worked out.
    chip(page, "bidder", "Ben").tap()
    chip(page, "bid", "4").tap()
    form = page.locator("#hand-form")
    step(form, "Ana", "+", 3)
    tricks_input(form, "Ben").fill("4")
    step(form, "Cy", "+", 2)
    expect(tricks_input(form, "Ana")).to_have_value("3")
    expect(tricks_input(form, "Cy")).to_have_value("2")
    expect(tricks_input(form, "Dee")).to_have_value("")
    expect(tricks_input(form, "Dee")).to_have_attribute("placeholder", "4")
    expect(tricks_input(form, "Dee")).to_have_class(re.compile(r"\bderived\b"))
    score_hand(page, 1)
    expect(last_explanation(page)).to_contain_text(
        "Dee dealt. Ben bid 4 and took exactly 4: only Ben scores."
    )
    assert totals(page) == {"Ana": 0, "Ben": 4, "Cy": 0, "Dee": 0}
    expect_next_hand(page, 2, "Ana", "Ben")

    # 3b. Hand 2: Cy bids 5 and takes 7: everyone scores their tricks.
    chip(page, "bidder", "Cy").tap()
    chip(page, "bid", "5").tap()
    tricks_input(page, "Ana").fill("2")
    step(page, "Ben", "+")
    tricks_input(page, "Cy").fill("7")
    expect(tricks_input(page, "Dee")).to_have_attribute("placeholder", "3")
    score_hand(page, 2)
    expect(last_explanation(page)).to_contain_text(
        "Ana dealt. Cy bid 5 and took 7: everyone scores their tricks."
    )
    assert totals(page) == {"Ana": 2, "Ben": 5, "Cy": 7, "Dee": 3}
    expect_next_hand(page, 3, "Ben", "Cy")

    # 3c. Hand 3: Dee bids 6 and takes 4; Cy is left blank.
    chip(page, "bidder", "Dee").tap()
    chip(page, "bid", "6").tap()
    step(page, "Ana", "+", 3)
    tricks_input(page, "Ben").fill("3")
    step(page, "Dee", "+", 5)
    step(page, "Dee", "-")
    expect(tricks_input(page, "Dee")).to_have_value("4")
    expect(tricks_input(page, "Cy")).to_have_attribute("placeholder", "3")
    score_hand(page, 3)
    expect(last_explanation(page)).to_contain_text(
        "Ben dealt. Dee bid 6 and took 4: Dee scores nothing; everyone else scores their tricks."
    )
    assert totals(page) == {"Ana": 5, "Ben": 8, "Cy": 10, "Dee": 3}
    expect_next_hand(page, 4, "Cy", "Dee")

    # 4. A hand whose tricks do not add up is refused beside the field.
    chip(page, "bidder", "Ana").tap()
    chip(page, "bid", "3").tap()
    for name in NAMES:
        tricks_input(page, name).fill("5")
    page.evaluate("window.__marker = 1")
    with page.expect_response(lambda r: r.url.endswith("/hands/")) as answer:
        page.get_by_role("button", name="Score hand 4").tap()
    assert answer.value.status == 422
    tricks_field = page.locator('#hand-form fieldset[data-field="tricks"]')
    expect(tricks_field.locator(".error")).to_have_text(
        "Tricks: 13 in a 4-player hand; these add up to 20."
    )
    expect(tricks_field).to_have_attribute("aria-invalid", "true")
    assert page.evaluate("window.__marker") == 1
    expect(page.locator("tbody.hand")).to_have_count(3)
    assert totals(page) == {"Ana": 5, "Ben": 8, "Cy": 10, "Dee": 3}
    expect_next_hand(page, 4, "Cy", "Dee")
    # What was tapped is kept, so only the mistake needs fixing.
    expect(page.locator('#hand-form fieldset[data-field="bidder"] input:checked')).to_have_value(
        "0"
    )
    expect(tricks_input(page, "Dee")).to_have_value("5")

    # 5. Hand 1 was wrong: Ben took 5, not 4, and Dee 3. Edit it.
    page.locator("tbody.hand").first.get_by_role("link", name="Edit").tap()
    expect(page.get_by_role("heading", name="Edit hand 1")).to_be_visible()
    expect(page.locator("p.warning")).to_have_text(
        "Changing this hand rescores the 2 hands after it: totals and the winner may change."
    )
    expect(page.locator("main .muted").first).to_have_text("Coralon · Dee dealt")
    edit = page.locator("form.hand-form")
    expect(edit.locator('fieldset[data-field="bidder"] input:checked')).to_have_value("1")
    expect(edit.locator('fieldset[data-field="bid"] input:checked')).to_have_value("4")
    expect(tricks_input(edit, "Ben")).to_have_value("4")
    expect(tricks_input(edit, "Dee")).to_have_value("4")
    step(edit, "Ben", "+")
    step(edit, "Dee", "-")
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    expect(page.locator("tbody.hand").first.locator("tr.explain")).to_contain_text(
        "Ben bid 4 and took 5: everyone scores their tricks."
    )
    # Hand 1 now scores 3, 5, 2, 3 instead of 0, 4, 0, 0.
    assert totals(page) == {"Ana": 8, "Ben": 9, "Cy": 12, "Dee": 6}
    expect_next_hand(page, 4, "Cy", "Dee")

    # 6. Ben bids 13 and takes all 13, three times: 9 + 39 = 48, past 40.
    dealers = [("Cy", "Dee"), ("Dee", "Ana"), ("Ana", "Ben")]
    for number, (dealer, first_bidder) in enumerate(dealers, start=4):
        expect_next_hand(page, number, dealer, first_bidder)
        chip(page, "bidder", "Ben").tap()
        chip(page, "bid", "13").tap()
        tricks_input(page, "Ana").fill("0")
        tricks_input(page, "Ben").fill("13")
        tricks_input(page, "Cy").fill("0")
        expect(tricks_input(page, "Dee")).to_have_attribute("placeholder", "0")
        score_hand(page, number)
        expect(last_explanation(page)).to_contain_text(
            f"{dealer} dealt. Ben bid 13 and took exactly 13: only Ben scores."
        )
    assert totals(page) == {"Ana": 8, "Ben": 48, "Cy": 12, "Dee": 6}

    banner = page.locator("section.winner")
    expect(banner.get_by_role("heading", level=2)).to_have_text("🏆 Ben wins")
    expect(banner).to_contain_text("First to reach 40, after hand 6.")
    expect(page.locator("#live > ol.totals li.won .who")).to_have_text("Ben")
    expect(page.locator("#hand-form")).to_have_count(0)
    expect(page.locator("#next-hand")).to_have_count(0)

    # The game list agrees, and the card leads back to the sheet.
    from_menu(page, "Games")
    expect(page.get_by_role("heading", name="Finished")).to_be_visible()
    card = page.locator(".card").filter(has_text="Coralon")
    expect(card).to_contain_text("Ana, Ben, Cy, Dee")
    expect(card).to_contain_text("6 hands")
    expect(card.locator(".winner-line")).to_have_text("🏆 Ben")
    card.tap()

    # 7. The final sheet, for a look at phone size.
    expect(banner).to_be_visible()
    page.screenshot(path=SCREENSHOT, full_page=True)
