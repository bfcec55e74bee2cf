"""Every hand on one screen, on a phone: after a hand is scored, the new
totals, the line that explains it and the whole form of the next hand (every
fact and its Score button) are on the screen together, without a scroll, and
the page stays where it was. Measured for every game at its largest table of
up to five seats, five hands in a row, at 390x844 and at 360x740; and in
German, whose longer words and lines take more room, for the tables whose
form is the tallest and for an ordinary one."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import PHONE, member, sign_in
from tests.browser.sheet import score_hand
from tests.browser.test_hand_in_few_actions import TYPICAL, Typical, enter
from tests.factories import NAMES, make_game
from vinescore.scoring import REGISTRY

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (360, 740)]
# Where to put a screenshot of each table after its fifth hand, to look at.
SHOTS = os.environ.get("ONE_SCREEN_SHOTS")

# The typical hands of test_hand_in_few_actions, played at five seats where
# the game allows five (the last player's number is left to the app).
FIVE = {
    "coralon": [
        ("bidder", "Ben"),
        ("bid", "4"),
        ("tricks", {"Ana": 3, "Ben": 4, "Cy": 2, "Dee": 1}),
    ],
    "thief": [("bidder", "Ana"), ("bid", 6), ("points", {"Ana": 6, "Ben": 5, "Cy": 2, "Dee": 2})],
    "ducks-and-geese-cutthroat": [
        ("bidder", "Cy"),
        ("bid", 6),
        ("bidder_points", "7"),
        ("cards", {"Ana": 2, "Ben": 1, "Dee": 1}),
    ],
    "mu": [
        ("chief", "Ana"),
        ("bid", 4),
        ("partner", "Cy"),
        ("trump", "A colour"),
        ("points", {"Ana": 20, "Ben": 12, "Cy": 18, "Dee": 5}),
    ],
    "pad": [("points", {"Ana": 5, "Ben": 3, "Cy": 7, "Dee": 1, "Eli": 2})],
}


def tables() -> list[tuple[str, Typical]]:
    out = []
    for rules in REGISTRY:
        typical = TYPICAL[rules.key]
        if rules.key in FIVE:
            typical = replace(typical, players=5, entries=FIVE[rules.key])
        out.append((rules.key, typical))
    return out


# What is off the screen of the next hand's form: each fact shown and the
# Score button, as drawn, against the window's own height ("More detail",
# optional facts folded away, comes after the button).
OFF_SCREEN = """() => {
  const form = document.getElementById("hand-form");
  if (!form) return ["no hand form"];
  const parts = [...form.querySelectorAll(
    "fieldset.fact, button[type=submit]")];
  const bottomBar = form.querySelector(".sticky");
  const under = bottomBar ? bottomBar.getBoundingClientRect().top : innerHeight;
  const off = [];
  for (const el of parts) {
    const box = el.getBoundingClientRect();
    const folded = el.matches("fieldset") && el.closest("details:not([open])");
    if (!box.height || el.closest("[hidden]") || folded) continue;
    const name = el.getAttribute("data-field") || el.textContent.trim().slice(0, 20);
    // A fact must end above the sticky Score bar; the bar itself inside the window.
    const limit = el.matches("button") ? innerHeight : under;
    const at = `${Math.round(box.top)}..${Math.round(box.bottom)} of ${Math.round(limit)}`;
    if (box.top < 0 || box.bottom > limit + 0.5) off.push(`${name} ${at}`);
  }
  const strip = document.querySelector("#live > ol.totals");
  const line = document.querySelector("#just-scored [data-explanation]");
  for (const [what, el] of [["totals", strip], ["explanation", line]]) {
    if (!el) { off.push(`no ${what}`); continue; }
    const box = el.getBoundingClientRect();
    const at = `${Math.round(box.top)}..${Math.round(box.bottom)}`;
    if (box.top < 0 || box.bottom > innerHeight) off.push(`${what} ${at}`);
  }
  // What stays stuck to the screen's edges takes at most 15% of it.
  const stuck = [document.querySelector(".topbar"), document.getElementById("next-hand"), bottomBar]
    .filter((el) => el && getComputedStyle(el).position === "sticky")
    .reduce((sum, el) => sum + el.getBoundingClientRect().height, 0);
  if (stuck > 0.15 * innerHeight) off.push(`sticky bars ${Math.round(stuck)}px`);
  return off;
}"""


# The tables played in German: the tallest forms (the longest names, an
# explanation line and a row of buttons that German makes longer), and
# Coralon for an ordinary table.
IN_GERMAN = ("mu", "up-and-down", "up-and-down-points", "chevalier", "coralon")
# The words a German phone shows on a chip, and on the buttons and titles.
GERMAN_CHIPS = {"A colour": "Eine Farbe"}
SCORE = {"en": "Score hand {number}", "de": "Runde {number} werten"}
SCORED = {"de": "Runde {number} gewertet"}


def play_five_hands(
    page: Page, key: str, typical: Typical, width: int, height: int, language: str = "en"
):
    """Five hands in a row; returns what was off the screen after each, and
    what the page did that it must never do (move, lose the focus)."""
    start = {"target": 999} if REGISTRY[key].default_target(typical.players) else {}
    game = make_game(key, NAMES[: typical.players], **(start | typical.start))
    page.set_viewport_size({"width": width, "height": height})
    page.goto(game.get_absolute_url())
    off_screen, wrong = [], []
    for number in range(1, 6):
        # (The first hand's form still carries its hints: what counts is
        # every hand after a hand was scored.)
        for name, value in typical.entries:
            if language == "de":
                value = GERMAN_CHIPS.get(value, value) if isinstance(value, str) else value
            enter(page, name, value)
        if page.evaluate("window.scrollY") != 0:
            if number > 1:
                off_screen.append(f"hand {number}: a scroll to enter it")
            page.evaluate("window.scrollTo(0, 0)")
        score_hand(page, number, SCORE[language])
        scored = SCORED[language].format(number=number) if language in SCORED else typical.scored
        expect(page.locator("#just-scored")).to_contain_text(scored)
        # The sheet has settled when the first fact has the focus (htmx
        # settles after the swap, then the page's script places the form).
        try:
            page.wait_for_function(FIRST_FACT_FOCUSED, timeout=3000)
        except PlaywrightTimeout:
            pass
        if page.evaluate("window.scrollY") != 0:
            wrong.append(f"after hand {number} the page moved by {page.evaluate('scrollY')}px")
        if not page.evaluate(FIRST_FACT_FOCUSED):
            wrong.append(f"after hand {number} the first fact does not have the focus")
        off = page.evaluate(OFF_SCREEN)
        if off:
            off_screen.append(f"after hand {number}: " + "; ".join(off))
    return off_screen, wrong


FIRST_FACT_FOCUSED = (
    "() => document.activeElement === document.querySelector('#hand-form fieldset.fact')"
)


@pytest.mark.django_db(transaction=True)
def test_every_hand_of_every_game_is_scored_on_one_screen_without_a_scroll(page: Page) -> None:
    too_tall, wrong = [], {}
    for key, typical in tables():
        for width, height in SIZES:
            off, bad = play_five_hands(page, key, typical, width, height)
            where = f"{key} ({typical.players} seats) at {width}x{height}"
            if off:
                too_tall.append(f"{where}:\n  " + "\n  ".join(off))
            if bad:
                wrong[where] = bad
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/{key}-{width}.png")
    assert wrong == {}
    assert not too_tall, "\n".join(too_tall)


@pytest.mark.django_db(transaction=True)
def test_every_hand_of_the_tallest_german_sheets_is_scored_on_one_screen(
    browser: Browser, live_server
) -> None:
    context = browser.new_context(base_url=live_server.url, locale="de-DE", **PHONE)
    context.set_default_timeout(10_000)
    sign_in(context, live_server, member())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    too_tall, wrong = [], {}
    for key, typical in tables():
        if key not in IN_GERMAN:
            continue
        for width, height in SIZES:
            off, bad = play_five_hands(page, key, typical, width, height, "de")
            assert page.locator("html").get_attribute("lang") == "de"
            where = f"{key} ({typical.players} seats) at {width}x{height} in German"
            if off:
                too_tall.append(f"{where}:\n  " + "\n  ".join(off))
            if bad:
                wrong[where] = bad
            if SHOTS:
                page.screenshot(path=f"{SHOTS}/{key}-{width}-de.png")
    context.close()
    assert errors == []
    assert wrong == {}
    assert not too_tall, "\n".join(too_tall)


README_SHOTS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.django_db(transaction=True)
def test_the_readme_pictures_an_evening_at_one_table(browser, live_server, tmp_path) -> None:
    """The two pictures of README's "An evening at one table", taken as a
    phone sees the sheet: a hand being typed, and the screen right after it
    was scored. Written to docs/ with UPDATE_README_SHOTS=1; each is checked
    to show the whole next hand."""
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 390, "height": 844},
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
    )
    sign_in(context, live_server, member())
    page = context.new_page()
    miss = {"bidder": 2, "bid": 5, "tricks": [3, 4, 4, 2]}
    game = make_game("coralon", NAMES[:4], first_dealer=1, hands=[miss, miss])
    page.goto(game.get_absolute_url())
    typical = TYPICAL["coralon"]
    for name, value in typical.entries[:2]:
        enter(page, name, value)
    enter(page, *typical.entries[2])
    folder = README_SHOTS if os.environ.get("UPDATE_README_SHOTS") else tmp_path
    typing = folder / "evening-typing-a-hand.png"
    page.screenshot(path=typing)
    score_hand(page, 3)
    expect(page.locator("#just-scored")).to_contain_text(typical.scored)
    assert page.evaluate(OFF_SCREEN) == []
    scored = folder / "evening-hand-scored.png"
    page.screenshot(path=scored)
    for shot in (typing, scored):
        assert shot.stat().st_size < 120_000, f"{shot.name} is not small"
    context.close()


@pytest.mark.django_db(transaction=True)
def test_scoring_rules_open_with_their_heading_below_the_top_bar(page: Page) -> None:
    page.goto("/rules/coralon/#scoring")
    heading = page.locator("#scoring h2, h2#scoring").first
    expect(heading).to_be_visible()
    bar = page.locator("header.topbar").bounding_box()
    box = heading.bounding_box()
    assert page.evaluate("window.scrollY") > 0
    assert bar["y"] + bar["height"] <= box["y"] < page.viewport_size["height"] / 2


@pytest.mark.django_db(transaction=True)
def test_the_menu_and_what_opens_look_like_they_open(page: Page) -> None:
    # One top row: the menu folds the navigation, and opens with a tap.
    page.goto("/history/")
    bar = page.locator("header.topbar").bounding_box()
    assert bar["height"] <= 60
    menu = page.locator("header.topbar details.menu")
    expect(menu.get_by_role("link", name="Players", exact=True)).to_be_hidden()
    menu.locator("summary").tap()
    expect(menu.get_by_role("link", name="Players", exact=True)).to_be_visible()
    # "Filter games" carries a triangle that turns as it opens.
    marker = "el => getComputedStyle(el, '::before').content"
    summary = page.locator(".filters > summary")
    assert page.evaluate(f"({marker})", summary.element_handle()) == '"▸"'


@pytest.mark.django_db(transaction=True)
def test_six_seats_take_at_most_one_scroll_and_the_form_stays_in_place(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    game = make_game("coralon", NAMES, target=999)
    page.goto(game.get_absolute_url())
    entries = [("bidder", "Ben"), ("bid", "4"), ("tricks", {n: 2 for n in NAMES[1:5]} | {"Ana": 1})]
    for number in (1, 2, 3):
        for name, value in entries:
            enter(page, name, value)
        before = page.evaluate("window.scrollY")
        score_hand(page, number)
        page.wait_for_function(FIRST_FACT_FOCUSED)  # the sheet has settled
        form = page.evaluate(
            """() => {
              const facts = [...document.querySelectorAll("#hand-form > fieldset.fact")];
              const bar = document.getElementById("next-hand").getBoundingClientRect().bottom;
              const top = facts[0].getBoundingClientRect().top;
              return { top, height: facts.at(-1).getBoundingClientRect().bottom - top, bar };
            }"""
        )
        # The first fact is on the screen, under the sticky line, and one
        # screen's scroll reaches the last.
        assert form["bar"] <= form["top"] < 740
        assert form["height"] <= 2 * 740
        if number > 1:
            assert page.evaluate("window.scrollY") in (before, 0)


@pytest.mark.django_db(transaction=True)
def test_a_players_figures_and_a_ledgers_numbers_are_shown_whole(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    game = make_game(hands=[TYPICAL_FACTS] * 2)
    page.goto(f"/players/{game.seats.first().player_id}/")
    cut = page.evaluate(
        """() => [...document.querySelectorAll(
              ".stats .who, .player-actions .button, .player-actions button")]
            .filter((el) => el.scrollWidth > el.clientWidth + 1
                            || el.getBoundingClientRect().height > 50)
            .map((el) => el.textContent.trim())"""
    )
    assert cut == []
    expect(page.locator(".stats .who").filter(has_text="Longest streak")).to_be_visible()
    # A coin session: "+12 112" (the hand's change and the balance) on one line.
    baronet = make_game("baronet", NAMES[:5], stakes=100)
    page.goto(baronet.get_absolute_url())
    for name, value in TYPICAL["baronet"].entries:
        enter(page, name, value)
    score_hand(page, 1)
    cell = page.locator("tbody.hand tr.awards td").first
    expect(cell).to_contain_text("+12 112")
    assert cell.bounding_box()["height"] < 40


TYPICAL_FACTS = {"bidder": 0, "bid": 5, "tricks": [5, 4, 2, 2]}


@pytest.mark.django_db(transaction=True)
def test_after_a_chevalier_sweep_the_next_hand_fits_a_small_phone(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    game = make_game("chevalier", NAMES[:4], target=999)
    page.goto(game.get_absolute_url())
    # Ana & Cy take both poisoned tricks: a sweep, counted double.
    sweep = [
        ("bidder", "Ana"),
        ("bid", "8"),
        ("bidders_clean", "4"),
        ("bidders_poisoned", "2"),
        ("defenders_poisoned", "0"),
    ]
    for name, value in sweep:
        enter(page, name, value)
    page.evaluate("window.scrollTo(0, 0)")
    score_hand(page, 1)
    page.wait_for_function(FIRST_FACT_FOCUSED)
    card = page.locator("#just-scored")
    # What happened, in one sentence; the ruling is one tap away.
    expect(card.locator("[data-explanation]")).to_contain_text(
        "Ana & Cy swept the 7s: their 2 poisoned tricks count double."
    )
    expect(card).not_to_contain_text("house ruling")
    expect(card.get_by_role("link", name="Rule")).to_have_attribute(
        "href", "/rules/chevalier/#sweep"
    )
    # The last choice of the next hand, the discarded 7, is above the Score bar.
    discarded = page.locator('#hand-form fieldset[data-field="discarded_poison"]')
    bar = page.locator("#hand-form .sticky").bounding_box()
    box = discarded.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= bar["y"]
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate(OFF_SCREEN) == []
    # The sheet's row keeps the ruling, where the hand is on record.
    expect(page.locator("tbody.hand tr.explain").last).to_contain_text(
        "count double. House ruling: a sweep is every 7 dealt this hand; those left in the pack "
        "do not count."
    )
    Path("/tmp/shots/words").mkdir(parents=True, exist_ok=True)
    page.screenshot(path="/tmp/shots/words/chevalier-sweep-360.png")
