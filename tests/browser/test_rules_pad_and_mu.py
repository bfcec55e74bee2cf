"""The rules at the table and in print, a named score pad where low wins, and
a game of Mü for five (a made bid, an overbid, a tie for Chief) to 150."""

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
from tests.factories import make_game, make_player

pytestmark = pytest.mark.browser

CHEVALIER = ("Ana", "Ben", "Cy", "Dee")
PAD = ("Ana", "Ben", "Cy")
MU = ("Ana", "Ben", "Cy", "Dee", "Eli")
MU_SCREENSHOT = "/tmp/mu.png"
PRINT_SCREENSHOT = "/tmp/rules-print.png"


# --- helpers -----------------------------------------------------------------


def field(scope: Page | Locator, name: str) -> Locator:
    return scope.locator(f'fieldset[data-field="{name}"]')


def form(page: Page) -> Locator:
    return page.locator("#hand-form")


def chip(page: Page, name: str, label: str) -> Locator:
    """The chip (a styled radio label) showing `label` in the hand form's field `name`."""
    return (
        field(form(page), name)
        .locator("label.chip")
        .filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))
    )


def tap(page: Page, **chips: str | int) -> None:
    """Tap one chip in each named field, or type the number of a long range
    (a box with − and +): tap(page, chief="Ben", bid=6)."""
    for name, label in chips.items():
        more = field(form(page), name).locator("xpath=ancestor::details[1]")
        if more.count() and more.get_attribute("open") is None:
            more.locator("summary").tap()  # a detail: one tap on More detail first
        box = field(form(page), name).locator(".picker input")
        if box.count():
            box.fill(str(label))
        else:
            chip(page, name, str(label)).tap()
        expect(checked(page, name)).to_have_count(1)


def checked(page: Page, name: str) -> Locator:
    """The chip chosen in a field, or its box when a number is in it."""
    return field(form(page), name).locator("input:checked, .picker input:not(:placeholder-shown)")


def seat_input(scope: Page | Locator, name: str, who: str) -> Locator:
    """A per-player number input (points, tricks) in the field `name`."""
    return field(scope, name).locator(".stepper").filter(has_text=who).locator("input")


def fill_points(scope: Page | Locator, points: dict[str, int | None]) -> None:
    """Type each player's points; None leaves the box blank."""
    for who, value in points.items():
        seat_input(scope, "points", who).fill("" if value is None else str(value))


def start_game(page: Page, card: str, heading: str, seated: tuple[str, ...], dealer: str) -> None:
    """New game → the card whose name is `card` → seats and the first dealer."""
    page.locator("header.topbar").get_by_role("link", name="New game").tap()
    page.locator("a.card").filter(
        has=page.locator("strong", has_text=re.compile(rf"^{re.escape(card)}$"))
    ).tap()
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    for i, name in enumerate(seated, start=1):
        page.locator(f"#id_seat_{i}_name").fill(name)
    dealer_chips = page.locator(SEATED_DEALERS)
    expect(dealer_chips).to_have_text(list(seated))
    dealer_chips.filter(has_text=dealer).tap()


def expect_section_in_view(page: Page, path: str, anchor: str) -> None:
    expect(page).to_have_url(re.compile(rf"{re.escape(path)}#{re.escape(anchor)}$"))
    section = page.locator(f"section#{anchor}")
    expect(section).to_have_count(1)
    expect(section.locator("h2")).to_be_in_viewport()


# --- the rules ---------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_rules_at_the_table_in_search_and_in_print(page: Page) -> None:
    game = make_game("chevalier", CHEVALIER)
    page.goto(game.get_absolute_url())
    expect(page.get_by_role("heading", name="Chevalier", exact=True)).to_be_visible()

    # The scoring summary opens in place, over the sheet, and closes with ✕.
    panel = page.locator("#rules-slot #rules-panel")
    expect(panel).to_have_count(0)
    page.evaluate("window.__marker = 1")
    with page.expect_response(lambda r: "panel=scoring" in r.url) as answer:
        page.locator(".game-head").get_by_role("link", name="Scoring rules").tap()
    assert answer.value.request.headers.get("hx-request") == "true"
    expect(panel).to_be_visible()
    expect(panel.get_by_role("heading", level=2)).to_have_text("Chevalier: scoring")
    expect(panel.get_by_role("heading", level=3).first).to_be_visible()
    expect(panel.get_by_role("link", name="All of the Chevalier rules")).to_have_attribute(
        "href", "/rules/chevalier/"
    )
    # Only the panel came back: no second top bar, no whole rules page.
    expect(page.locator("header.topbar")).to_have_count(1)
    expect(page.locator("article.rules-page")).to_have_count(0)
    assert page.evaluate("window.__marker") == 1, "the page was reloaded, not swapped"
    panel.get_by_role("button", name="Close the scoring summary").tap()
    expect(panel).to_have_count(0)
    expect(page.locator("#rules-slot")).to_be_empty()
    assert page.evaluate("window.__marker") == 1

    # A hand scored through the form links to the rule it was scored by:
    # Ben bids 5 and his team makes 3, so Ana & Cy get a bump.
    tap(page, bidder="Ben", bid=5, bidders_clean=3, bidders_poisoned=1, defenders_poisoned=1)
    score_hand(page, 1)
    expect(last_explanation(page)).to_contain_text(
        "Ana dealt. Ben bid 5 and Ben & Dee took 3 points: Ben & Dee score nothing; "
        "Ana & Cy score their 5 plus a bump of 5: 10"
    )
    assert totals(page) == {"Ana & Cy": 10, "Ben & Dee": 0}
    rule = last_explanation(page).get_by_role("link", name="Rule", exact=True)
    href = rule.get_attribute("href")
    match = re.fullmatch(r"/rules/chevalier/#([\w-]+)", href or "")
    assert match, f"the Rule link goes to {href!r}"
    anchor = match[1]
    rule.tap()
    expect_section_in_view(page, "/rules/chevalier/", anchor)
    expect(page.locator(f"section#{anchor}")).to_contain_text("bump")

    # Search, from the Rules link in the top bar.
    from_menu(page, "Rules")
    expect(page).to_have_url(re.compile(r"/rules/$"))
    expect(page.get_by_role("heading", name="Rules", exact=True)).to_be_visible()
    page.get_by_role("searchbox", name="Search the rules").fill("bump")
    page.get_by_role("button", name="Search", exact=True).tap()
    expect(page).to_have_url(re.compile(r"/rules/search/\?q=bump$"))
    expect(page.get_by_role("heading", name="Search the rules")).to_be_visible()
    expect(page.get_by_role("searchbox", name="Search the rules")).to_have_value("bump")
    results = page.locator("main ul.cards a.card")
    where = [t.split(":")[0] for t in results.locator("strong").all_inner_texts()]
    assert "Chevalier" in where and "Ducks and Geese" in where, where
    expect(page.locator("main p.muted").first).to_have_text(
        f"{results.count()} places in the rules for “bump”:"
    )
    for text in results.all_inner_texts():
        assert "bump" in text.lower(), text
    results.filter(has_text="Ducks and Geese: Scoring").tap()
    expect_section_in_view(page, "/rules/ducks-and-geese/", "scoring")
    page.go_back()
    results.filter(has_text="Chevalier: Scoring").tap()
    expect_section_in_view(page, "/rules/chevalier/", "scoring")

    # The deck and the glossary have pages of their own.
    page.goto("/rules/deck/")
    expect(page.get_by_role("heading", name="The Vines deck")).to_be_visible()
    assert page.locator("main section.rules-section").count() >= 1
    page.goto("/rules/glossary/")
    expect(page.get_by_role("heading", name="Glossary", exact=True)).to_be_visible()
    expect(page.locator("dl.glossary dt#bump")).to_have_text("Bump")

    # A term in a rules page's text jumps to its definition.
    page.goto("/rules/chevalier/")
    term = page.locator("section#scoring a.term").filter(has_text="bump").first
    expect(term).to_have_attribute("href", "/rules/glossary/#bump")
    term.tap()
    expect(page).to_have_url(re.compile(r"/rules/glossary/#bump$"))
    expect(page.locator("dt#bump")).to_be_in_viewport()
    expect(page.locator("dt#bump + dd")).to_contain_text("as many as the bid")

    # Printed, a rules page drops the top bar and search and sets two columns.
    page.emulate_media(media="print")
    page.goto("/rules/coralon/")
    expect(page.get_by_role("heading", name="Coralon", exact=True)).to_be_visible()
    expect(page.locator("header.topbar")).to_be_hidden()
    expect(page.locator("nav.toc")).to_be_hidden()
    expect(page.locator(".rules-page .crumbs")).to_be_hidden()
    expect(page.locator(".rules-page")).to_have_css("column-count", "2")
    expect(page.locator("section#scoring")).to_be_visible()
    page.screenshot(path=PRINT_SCREENSHOT, full_page=True)
    page.emulate_media(media="screen")
    expect(page.locator("header.topbar")).to_be_visible()
    expect(page.locator(".rules-page")).not_to_have_css("column-count", "2")


# --- a score pad -------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_named_score_pad_where_low_score_wins(page: Page) -> None:
    for name in PAD:
        make_player(name)
    page.goto("/")
    start_game(page, "Score pad", "New Score pad game", PAD, dealer="Ana")
    page.get_by_label("Game name").fill("  Hearts  ")
    page.locator("label.toggle").filter(has_text="Low score wins").tap()
    expect(page.locator('input[name="options"][value="low_wins"]')).to_be_checked()
    page.locator("#id_target").fill("50")
    page.get_by_role("button", name="Start game").tap()

    expect(page.get_by_role("heading", name="Hearts", exact=True)).to_be_visible()
    expect(page).to_have_title("Hearts · vinescore")
    expect(page.locator(".game-head .muted")).to_have_text(
        re.compile(
            r"^\s*To 50 · Score pad\s+· Low score wins\s+· Scoring rules\s+· Other phones\s*$"
        )
    )
    assert totals(page) == dict.fromkeys(PAD, 0)
    expect(field(form(page), "points").locator(".hint")).to_have_text(
        "Blank counts as 0; use a minus sign for points lost."
    )

    # Round 1: a minus and a blank.
    fill_points(page, {"Ana": 10, "Ben": -5, "Cy": None})
    expect(seat_input(page, "points", "Cy")).to_have_attribute("placeholder", "0")
    score_hand(page, 1)
    expect(last_explanation(page)).to_contain_text("Ana dealt. Round scored: Ana +10 and Ben -5.")
    expect(page.locator("tbody.hand").last.locator(".award")).to_have_text(["+10", "-5", "0"])
    assert totals(page) == {"Ana": 10, "Ben": -5, "Cy": 0}

    # Round 2: Cy's 30 is typed as 12 by mistake (fixed below).
    fill_points(page, {"Ana": 20, "Ben": 15, "Cy": 12})
    score_hand(page, 2)
    expect(last_explanation(page)).to_contain_text("Round scored: Ana +20, Ben +15 and Cy +12.")
    assert totals(page) == {"Ana": 30, "Ben": 10, "Cy": 12}

    # Round 3: the stepper and a blank; Ben scores nothing.
    seat_input(page, "points", "Ana").fill("5")
    page.get_by_role("button", name="One fewer for Cy", exact=True).tap()
    page.get_by_role("button", name="One fewer for Cy", exact=True).tap()
    page.get_by_role("button", name="One fewer for Cy", exact=True).tap()
    expect(seat_input(page, "points", "Cy")).to_have_value("-3")
    expect(seat_input(page, "points", "Ben")).to_have_value("")
    score_hand(page, 3)
    expect(last_explanation(page)).to_contain_text("Round scored: Ana +5 and Cy -3.")
    assert totals(page) == {"Ana": 35, "Ben": 10, "Cy": 9}
    expect(page.locator("section.winner")).to_have_count(0)

    # Edit round 2: Cy had 30.
    page.locator("tbody.hand").nth(1).get_by_role("link", name="Edit").tap()
    expect(page.get_by_role("heading", name="Edit hand 2")).to_be_visible()
    edit = page.locator("form.hand-form")
    expect(seat_input(edit, "points", "Cy")).to_have_value("12")
    seat_input(edit, "points", "Cy").fill("30")
    page.get_by_role("button", name="Save hand 2").tap()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    expect(page.locator("tbody.hand").nth(1).locator("tr.explain")).to_contain_text(
        "Round scored: Ana +20, Ben +15 and Cy +30."
    )
    running = page.locator("tbody.hand").nth(2).locator(".running")
    expect(running).to_have_text(["35", "10", "27"])
    assert totals(page) == {"Ana": 35, "Ben": 10, "Cy": 27}

    # Round 4: Ana passes 50, which ends the game; the lowest total wins.
    fill_points(page, {"Ana": 20, "Ben": 8, "Cy": 4})
    score_hand(page, 4)
    assert totals(page) == {"Ana": 55, "Ben": 18, "Cy": 31}
    banner = page.locator("section.winner")
    expect(banner.get_by_role("heading", level=2)).to_have_text("🏆 Ben wins")
    expect(banner).to_contain_text("Lowest score; 50 reached, after hand 4.")
    expect(page.locator("#live > ol.totals li.won .who")).to_have_text("Ben")
    expect(page.locator("#hand-form")).to_have_count(0)
    expect(page.get_by_role("heading", name="Hearts", exact=True)).to_be_visible()

    # The games list shows the table's name for it.
    from_menu(page, "Games")
    expect(page.get_by_role("heading", name="Finished")).to_be_visible()
    card = page.locator(".card").filter(has_text="Hearts")
    expect(card.locator("strong")).to_have_text("Hearts")
    expect(card).to_contain_text("Ana, Ben, Cy")
    expect(card).to_contain_text("4 hands")
    expect(card.locator(".winner-line")).to_have_text("🏆 Ben")
    card.tap()
    expect(page.get_by_role("heading", name="Hearts", exact=True)).to_be_visible()


# --- Mü ----------------------------------------------------------------------


PLAYED = ("chief", "bid", "partner", "trump", "points")
TIE = ("tied", "tied_last", "shown")


def mu_target(players: int, bid: int) -> int:
    """RULINGS.md, Mü: the points the Chief's side needs for a bid."""
    base, step = {3: (10, 2), 4: (28, 2), 5: (21, 3), 6: (16, 4)}[players]
    return base + step * bid


@pytest.mark.django_db(transaction=True)
def test_a_game_of_mu_for_five_to_150(page: Page) -> None:
    for name in MU:
        make_player(name)
    page.goto("/")
    start_game(page, "Mü", "New Mü game", MU, dealer="Ana")
    expect(page.locator("#id_target")).to_have_attribute("placeholder", "Rulebook: 200")
    page.locator("#id_target").fill("150")
    page.get_by_role("button", name="Start game").tap()

    expect(page.get_by_role("heading", name="Mü", exact=True)).to_be_visible()
    expect(page.locator(".game-head .muted")).to_have_text(
        re.compile(r"^\s*To 150\s+· Scoring rules\s+· Other phones\s*$")
    )
    expect_next_hand(page, 1, "Ana", "Ben")
    assert totals(page) == dict.fromkeys(MU, 0)
    # The form starts on a played hand: the tie fields are hidden.
    for name in PLAYED:
        expect(field(form(page), name)).to_be_visible()
    # The Vice never changes a score: it waits under More detail.
    expect(field(form(page), "vice")).to_be_hidden()
    for name in TIE:
        expect(field(form(page), name)).to_be_hidden()
    expect(field(form(page), "bid").locator(".hint")).to_have_text(
        "With 5 players the Chief and partner need 21 + 3 per card shown."
    )
    expect(field(form(page), "points").locator("[data-sum-hint]")).to_contain_text("60 in all.")

    # Hand 1, made: Chief Ben bids 6 with Ana, another number as trump. He
    # needs 21 + 3 x 6 = 39; Ben and Ana take 25 + 15 = 40. Eli is left blank
    # and worked out: 60 - 55 = 5. Bonus 10 x (6 + 2) = 80 each.
    need = mu_target(5, 6)
    assert need == 39
    tap(page, chief="Ben", bid=6, vice="Cy", partner="Ana", trump="Another number")
    fill_points(page, {"Ana": 15, "Ben": 25, "Cy": 8, "Dee": 7, "Eli": None})
    eli = seat_input(page, "points", "Eli")
    expect(eli).to_have_value("")
    expect(eli).to_have_attribute("placeholder", "5")
    expect(eli).to_have_class(re.compile(r"\bderived\b"))
    score_hand(page, 1)
    expect(last_explanation(page)).to_contain_text(
        f"Ana dealt. Chief Ben bid 6 with 5 players, needing {need}; Ben and Ana took 40: "
        "bonus 80 each (10 per card shown plus 20 for another number as trump); "
        "everyone scores their own card points."
    )
    expect(page.locator("tbody.hand").last.locator(".award")).to_have_text(
        ["+95", "+105", "+8", "+7", "+5"]
    )
    assert totals(page) == {"Ana": 95, "Ben": 105, "Cy": 8, "Dee": 7, "Eli": 5}
    rule = last_explanation(page).get_by_role("link", name="Rule", exact=True)
    expect(rule).to_have_attribute("href", "/rules/mu/#scoring")
    expect_next_hand(page, 2, "Ben", "Cy")

    # Hand 2, failed: Chief Cy bids 8 with Dee, a colour as trump, needing
    # 21 + 24 = 45. They take 20 + 12 = 32: enough for a bid of 3 (30), not
    # 4 (33). Five cards overbid: Cy loses 50, the three others gain 25 each,
    # partner Dee nothing; everyone keeps their card points.
    need = mu_target(5, 8)
    assert (need, mu_target(5, 3), mu_target(5, 4)) == (45, 30, 33)
    tap(page, chief="Cy", bid=8, vice="No Vice", partner="Dee", trump="A colour")
    fill_points(page, {"Ana": 10, "Ben": 10, "Cy": 20, "Dee": 12, "Eli": 8})
    score_hand(page, 2)
    expect(last_explanation(page)).to_contain_text(
        f"Ben dealt. Chief Cy bid 8 with 5 players, needing {need}, but Cy and Dee took 32 "
        "(enough for a bid of 3): 5 cards overbid; Cy loses 50, Ana, Ben and Eli gain 25 each; "
        "partner Dee gets nothing extra; everyone scores their own card points."
    )
    expect(page.locator("tbody.hand").last.locator(".award")).to_have_text(
        ["+35", "+35", "-30", "+12", "+33"]
    )
    assert totals(page) == {"Ana": 130, "Ben": 140, "Cy": -22, "Dee": 19, "Eli": 38}
    expect(last_explanation(page).get_by_role("link", name="Rule", exact=True)).to_have_attribute(
        "href", "/rules/mu/#scoring"
    )
    expect_next_hand(page, 3, "Cy", "Dee")

    # Hand 3, a tie for Chief: tapping its chip swaps the fields over.
    chip(page, "tie", "Tie for Chief (the hand was not played)").tap()
    expect(field(form(page), "tie").locator("input")).to_be_checked()
    for name in PLAYED:
        expect(field(form(page), name)).to_be_hidden()
        expect(field(form(page), name).locator("input").first).to_be_disabled()
    for name in TIE:
        expect(field(form(page), name)).to_be_visible()
    # Dee and Eli both showed 4 cards, Eli last: Eli loses 40, Dee gains 20.
    chip(page, "tied", "Dee").tap()
    chip(page, "tied", "Eli").tap()
    expect(checked(page, "tied")).to_have_count(2)
    tap(page, tied_last="Eli", shown=4)
    score_hand(page, 3)
    expect(last_explanation(page)).to_contain_text(
        "Cy dealt. Dee and Eli tied for Chief with 4 cards shown and the hand was not played: "
        "Eli, who tied last, loses 40; Dee gains 20; nobody scores card points."
    )
    expect(page.locator("tbody.hand").last.locator(".award")).to_have_text(
        ["0", "0", "0", "+20", "-40"]
    )
    expect(last_explanation(page).get_by_role("link", name="Rule", exact=True)).to_have_attribute(
        "href", "/rules/mu/#tie-for-chief"
    )
    assert totals(page) == {"Ana": 130, "Ben": 140, "Cy": -22, "Dee": 39, "Eli": -2}
    # The next hand's form is a played hand again.
    expect(field(form(page), "tie").locator("input")).not_to_be_checked()
    expect(field(form(page), "chief")).to_be_visible()
    expect(field(form(page), "tied")).to_be_hidden()
    expect_next_hand(page, 4, "Dee", "Eli")

    # Hand 4: Chief Ana bids 2 with Cy, a colour as trump, needing 27; they
    # take 30. Bonus 20 each: Ana reaches 170 and Ben 150, both on this hand;
    # nobody reached 150 first, and Ana, higher, wins.
    need = mu_target(5, 2)
    tap(page, chief="Ana", bid=2, vice="Ben", partner="Cy", trump="A colour")
    fill_points(page, {"Ana": 20, "Ben": 10, "Cy": 10, "Dee": 10, "Eli": None})
    score_hand(page, 4)
    expect(last_explanation(page)).to_contain_text(
        f"Dee dealt. Chief Ana bid 2 with 5 players, needing {need}; Ana and Cy took 30: "
        "bonus 20 each (10 per card shown; a colour as trump adds nothing); "
        "everyone scores their own card points."
    )
    assert totals(page) == {"Ana": 170, "Ben": 150, "Cy": 8, "Dee": 49, "Eli": 8}
    expect(page.locator("tbody.hand").last.locator(".running")).to_have_text(
        ["170", "150", "8", "49", "8"]
    )

    banner = page.locator("section.winner")
    expect(banner.get_by_role("heading", level=2)).to_have_text("🏆 Ana wins")
    expect(banner).to_contain_text(
        "Ana and Ben both passed 150 on the same hand; the higher score wins, after hand 4."
    )
    expect(last_explanation(page)).to_contain_text(
        "Ana and Ben both passed 150 on this hand; the win goes to Ana, as the higher score wins."
    )
    expect(page.locator("#live > ol.totals li.won .who")).to_have_text("Ana")
    expect(page.locator("#hand-form")).to_have_count(0)
    expect(page.locator("#next-hand")).to_have_count(0)

    # The top bar sticks: scroll up so the full-page shot shows it in place.
    page.evaluate("window.scrollTo(0, 0)")
    expect(banner).to_be_in_viewport()
    page.screenshot(path=MU_SCREENSHOT, full_page=True)
