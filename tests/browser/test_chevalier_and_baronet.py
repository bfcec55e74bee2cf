"""Two more evenings on a phone: a whole game of Chevalier (partners, poison
cards, sweeps, the bump and a deal everyone passed, to 31), and a session of Baronet for coins,
settled up at the end."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.sheet import (
    SEATED_DEALERS,
    expect_next_hand,
    last_explanation,
    score_hand,
    totals,
)
from tests.factories import make_player

pytestmark = pytest.mark.browser

CHEVALIER = ("Ana", "Ben", "Cy", "Dee")
BARONET = ("Ana", "Ben", "Cy", "Dee", "Eli")
SCREENSHOT = "/tmp/baronet.png"
TARS_RULING = (
    "House ruling: a sweep is every Tar dealt this hand; those left in the pack do not count"
)


# --- helpers -----------------------------------------------------------------


def field(page: Page, name: str) -> Locator:
    return page.locator(f'#hand-form fieldset[data-field="{name}"]')


def chip(page: Page, name: str, label: str) -> Locator:
    """The chip (a styled radio label) showing `label` in the hand form's field `name`."""
    return (
        field(page, name)
        .locator("label.chip")
        .filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))
    )


def tap(page: Page, **chips: str | int) -> None:
    """Tap one chip in each named field, or type the number of a long range
    (a box with − and +): tap(page, bidder="Ana", bid=8)."""
    for name, label in chips.items():
        more = field(page, name).locator("xpath=ancestor::details[1]")
        if more.count() and more.get_attribute("open") is None:
            more.locator("summary").tap()  # a detail: one tap on More detail first
        box = field(page, name).locator(".picker input")
        if box.count():
            box.fill(str(label))
        else:
            chip(page, name, str(label)).tap()
        expect(checked(page, name)).to_have_count(1)


def checked(page: Page, name: str) -> Locator:
    """The chip chosen in a field, or its box when a number is in it."""
    return field(page, name).locator("input:checked, .picker input:not(:placeholder-shown)")


def last_ledger(page: Page) -> list[str]:
    return last_explanation(page).locator(".ledger span").all_inner_texts()


PAYS = re.compile(r"^(\w+) pays (\w+) (\d+)$")


def parse_payments(lines: list[str]) -> list[tuple[str, str, int]]:
    out = []
    for line in lines:
        match = PAYS.match(line.strip())
        assert match, f"not a payment line: {line!r}"
        out.append((match[1], match[2], int(match[3])))
    return out


def start_game(page: Page, game: str, seated: tuple[str, ...], first_dealer: str) -> None:
    page.locator("header.topbar").get_by_role("link", name="New game").tap()
    page.get_by_role("link", name=re.compile(rf"^{game}\b")).tap()
    expect(page.get_by_role("heading", name=f"New {game} game")).to_be_visible()
    for i, name in enumerate(seated, start=1):
        page.locator(f"#id_seat_{i}_name").fill(name)
    dealer_chips = page.locator(SEATED_DEALERS)
    expect(dealer_chips).to_have_text(list(seated))
    dealer_chips.filter(has_text=first_dealer).tap()


# --- Chevalier ---------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_table_plays_a_whole_game_of_chevalier_to_31(page: Page) -> None:
    # Players through the htmx form.
    page.goto("/players/")
    for name in CHEVALIER:
        page.get_by_placeholder("Name").fill(name)
        page.get_by_role("button", name="Add", exact=True).tap()
        expect(page.locator("#players .list li span").filter(has_text=name)).to_have_count(1)
    expect(page.locator("#players .list li span")).to_have_text(list(CHEVALIER))

    # Chevalier, seats 1-4, Dee deals first, with the Buccaneer house rule.
    start_game(page, "Chevalier", CHEVALIER, first_dealer="Dee")
    expect(
        page.get_by_text("Partners sit across: seats 1 and 3 against seats 2 and 4.")
    ).to_be_visible()
    page.locator("label.toggle").filter(has_text="Buccaneer").tap()
    expect(page.locator('input[name="options"][value="buccaneer"]')).to_be_checked()
    expect(page.locator("#id_target")).to_have_attribute("placeholder", "Rulebook: 31")
    page.get_by_role("button", name="Start game").tap()

    expect(page.get_by_role("heading", name="Chevalier", exact=True)).to_be_visible()
    expect(page.locator(".game-head .muted")).to_have_text(
        re.compile(r"^\s*To 31\s+· Buccaneer\s+· Scoring rules\s+· Other phones\s*$")
    )
    expect_next_hand(page, 1, "Dee", "Ana")
    assert totals(page) == {"Ana & Cy": 0, "Ben & Dee": 0}
    # Buccaneer: the Tars are the poison, and the form says so.
    expect(field(page, "bidders_poisoned").locator(".hint")).to_have_text(
        "Tricks holding at least one of the Tars."
    )
    expect(field(page, "defenders_clean").locator(".hint")).to_have_text(
        "Leave blank: it is the rest of the 10 tricks."
    )

    # Hand 1: Ana bids 8; Ana & Cy take 4 clean tricks and both poisoned ones,
    # a sweep: 4 + 2 x 2 = 8, made. Ben & Dee's clean tricks are left blank
    # and worked out: 10 - 4 - 2 - 0 = 4.
    tap(page, bidder="Ana", bid=8, bidders_clean=4, bidders_poisoned=2, defenders_poisoned=0)
    expect(checked(page, "defenders_clean")).to_have_count(0)
    score_hand(page, 1)
    expect(last_explanation(page)).to_contain_text(
        "Dee dealt. Ana bid 8 and Ana & Cy took 8 points: both teams keep their points "
        "(8 and 4); Ana & Cy swept the Tars: their 2 poisoned tricks count double. "
        f"{TARS_RULING}."
    )
    assert totals(page) == {"Ana & Cy": 8, "Ben & Dee": 4}
    expect(page.locator("tbody.hand").last.locator(".award")).to_have_text(["+8", "+4"])
    expect_next_hand(page, 2, "Ana", "Ben")

    # Hand 2, the rulebook's example: Ben bids 5 and his team collects only 3
    # (one poisoned trick each: no sweep, they count nothing). Ben & Dee score
    # 0; Ana & Cy score their 5 clean tricks (worked out) plus a bump of 5.
    tap(page, bidder="Ben", bid=5, bidders_clean=3, bidders_poisoned=1, defenders_poisoned=1)
    score_hand(page, 2)
    expect(last_explanation(page)).to_contain_text(
        "Ana dealt. Ben bid 5 and Ben & Dee took 3 points: Ben & Dee score nothing; "
        "Ana & Cy score their 5 plus a bump of 5: 10; "
        "no sweep: the 2 poisoned tricks count nothing."
    )
    expect(page.locator("tbody.hand").last.locator(".award")).to_have_text(["+10", "0"])
    assert totals(page) == {"Ana & Cy": 18, "Ben & Dee": 4}
    expect_next_hand(page, 3, "Ben", "Cy")

    # Hand 3 is first entered wrong: 8 clean + 2 + 1 poisoned is 11 of 10.
    tap(page, bidder="Cy", bid=6, bidders_clean=8, bidders_poisoned=2, defenders_poisoned=1)
    page.evaluate("window.__marker = 1")
    with page.expect_response(lambda r: r.url.endswith("/hands/")) as answer:
        page.get_by_role("button", name="Score hand 3").tap()
    assert answer.value.status == 422
    refused = field(page, "defenders_clean")
    expect(refused.locator(".error")).to_have_text(
        "Tricks: 10 in a hand, but the clean and poisoned tricks entered already add up to 11."
    )
    expect(refused).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#hand-form .error")).to_have_count(1)
    assert page.evaluate("window.__marker") == 1
    expect(page.locator("tbody.hand")).to_have_count(2)
    assert totals(page) == {"Ana & Cy": 18, "Ben & Dee": 4}
    expect_next_hand(page, 3, "Ben", "Cy")
    # What was tapped is kept.
    expect(checked(page, "bidder")).to_have_value("2")
    expect(checked(page, "bid")).to_have_value("6")
    expect(checked(page, "bidders_clean")).to_have_value("8")

    # Fixed: Ana & Cy took 6 clean; Ben & Dee 2 clean (entered this time) and
    # both poisoned tricks, a defenders' sweep: 2 + 2 x 1 = 4. Cy made 6.
    tap(page, bidders_clean=6, bidders_poisoned=0, defenders_poisoned=2, defenders_clean=2)
    score_hand(page, 3)
    expect(page.locator("#hand-form .error")).to_have_count(0)
    expect(last_explanation(page)).to_contain_text(
        "Ben dealt. Cy bid 6 and Ana & Cy took 6 points: both teams keep their points "
        "(6 and 4); Ben & Dee swept the Tars: their 2 poisoned tricks count 1 each. "
        f"{TARS_RULING}."
    )
    assert totals(page) == {"Ana & Cy": 24, "Ben & Dee": 8}
    expect_next_hand(page, 4, "Cy", "Dee")

    # Hand 4: Dee bids 4 and Ben & Dee take 5 clean (one poisoned trick each,
    # no sweep): made; Ana & Cy keep their 3 worked-out clean tricks.
    tap(page, bidder="Dee", bid=4, bidders_clean=5, bidders_poisoned=1, defenders_poisoned=1)
    score_hand(page, 4)
    expect(last_explanation(page)).to_contain_text(
        "Cy dealt. Dee bid 4 and Ben & Dee took 5 points: both teams keep their points "
        "(5 and 3); no sweep: the 2 poisoned tricks count nothing."
    )
    assert totals(page) == {"Ana & Cy": 27, "Ben & Dee": 13}
    expect_next_hand(page, 5, "Dee", "Ana")

    # Hand 5: everyone passes on Dee's deal. One tap records it: nobody
    # scores, and the deal moves on to Ana, as it does at the table.
    page.evaluate("window.__marker = 1")
    with page.expect_response(lambda r: r.url.endswith("/hands/")) as answer:
        page.get_by_role("button", name="Everyone passed").tap()
    assert answer.value.status == 200
    expect(page.locator("tbody.hand")).to_have_count(5)
    assert page.evaluate("window.__marker") == 1
    expect(last_explanation(page)).to_contain_text(
        "Dee dealt. Everyone passed on Dee's deal: nobody scores, and the deal moves left to Ana."
    )
    expect(page.locator("tbody.hand").last.locator(".award")).to_have_text(["0", "0"])
    assert totals(page) == {"Ana & Cy": 27, "Ben & Dee": 13}
    expect_next_hand(page, 6, "Ana", "Ben")

    # Hand 6: Ana bids 3 and takes 4 clean; Ben & Dee sweep three poisoned
    # tricks and have 3 clean (worked out): 3 + 3 = 6. Ana & Cy reach 31.
    tap(page, bidder="Ana", bid=3, bidders_clean=4, bidders_poisoned=0, defenders_poisoned=3)
    score_hand(page, 6)
    expect(last_explanation(page)).to_contain_text(
        "Ana dealt. Ana bid 3 and Ana & Cy took 4 points: both teams keep their points "
        "(4 and 6); Ben & Dee swept the Tars: their 3 poisoned tricks count 1 each. "
        f"{TARS_RULING}."
    )
    assert totals(page) == {"Ana & Cy": 31, "Ben & Dee": 19}
    expect(page.locator("tbody.hand").last.locator(".running")).to_have_text(["31", "19"])

    banner = page.locator("section.winner")
    expect(banner.get_by_role("heading", level=2)).to_have_text("🏆 Ana & Cy win")
    expect(banner).to_contain_text("First to reach 31, after hand 6.")
    expect(banner.get_by_role("heading", name="Settle up")).to_have_count(0)
    expect(page.locator("#live > ol.totals li.won .who")).to_have_text("Ana & Cy")
    expect(page.locator("#hand-form")).to_have_count(0)
    expect(page.locator("#next-hand")).to_have_count(0)
    expect(page.locator(".game-head .muted")).to_contain_text("Buccaneer")


# --- Baronet -----------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_baronet_session_for_coins_settles_up(page: Page) -> None:
    for name in BARONET:
        make_player(name)
    page.goto("/")
    start_game(page, "Baronet", BARONET, first_dealer="Ana")
    expect(page.locator("#id_stakes")).to_have_value("")
    expect(page.locator("#id_stakes")).to_have_attribute("placeholder", "100")
    expect(page.locator("#id_target")).to_have_count(0)
    page.get_by_role("button", name="Start game").tap()

    expect(page.get_by_role("heading", name="Baronet", exact=True)).to_be_visible()
    expect(page.locator(".game-head .muted")).to_have_text(
        re.compile(r"^\s*Stakes 100 coins\s+· Scoring rules\s+· Other phones\s*$")
    )
    expect(page.get_by_role("heading", name="Ledger")).to_be_visible()
    expect_next_hand(page, 1, "Ana", "Ben")
    assert totals(page) == dict.fromkeys(BARONET, 100)
    # Baronet always plays Jasper City partners.
    expect(field(page, "partner").locator(".hint")).to_have_text(
        "Whoever played the lowest trump on the first trick."
    )

    def balances_after_hand(number: int, expected: dict[str, int]) -> None:
        assert totals(page) == expected
        assert sum(totals(page).values()) == 500
        running = page.locator("tbody.hand").nth(number - 1).locator(".running")
        expect(running).to_have_text([str(expected[n]) for n in BARONET])

    # Hand 1: Ana bids 6 (Peace, Locks) with Cy and takes 7: made. The three
    # losers pay 6 each; the pot of 18 goes 12 to Ana, 6 to Cy.
    tap(page, bidder="Ana", bid=6, block="Peace: Bishops and Farmers", trump="Locks")
    tap(page, partner="Cy", points=7)
    score_hand(page, 1)
    expect(last_explanation(page)).to_contain_text(
        "Ana dealt. Ana bid 6 (Bishop of Locks) with Cy and made it with 7 points: "
        "Ben, Dee and Eli pay 6 each; Ana takes 12, Cy 6."
    )
    assert last_ledger(page) == ["Ben pays Ana 6", "Dee pays Ana 6", "Eli pays Cy 6"]
    expect(page.locator("tbody.hand").last.locator(".award")).to_have_text(
        ["+12", "-6", "+6", "-6", "-6"]
    )
    balances_after_hand(1, {"Ana": 112, "Ben": 94, "Cy": 106, "Dee": 94, "Eli": 94})
    expect_next_hand(page, 2, "Ben", "Cy")

    # Hand 2: Ben bids 4 (War, Cups) with Eli and takes 3: failed. Ben pays
    # two bets and Eli one; Ana, Cy and Dee get one bet each.
    tap(page, bidder="Ben", bid=4, block="War: Knights and Tars", trump="Cups")
    tap(page, partner="Eli", points=3)
    score_hand(page, 2)
    expect(last_explanation(page)).to_contain_text(
        "Ben dealt. Ben bid 4 (Knight of Cups) with Eli and took 3 points: "
        "Ben pays 8 and Eli 4; Ana, Cy and Dee receive 4 each."
    )
    assert last_ledger(page) == ["Ben pays Ana 4", "Ben pays Cy 4", "Eli pays Dee 4"]
    balances_after_hand(2, {"Ana": 116, "Ben": 86, "Cy": 110, "Dee": 98, "Eli": 90})
    expect_next_hand(page, 3, "Cy", "Dee")

    # Hand 3: Cy bids 5 (Peace, Trees) and no partner turns up: a group of
    # one. Cy takes 6: each of the other four pays Cy a bet.
    tap(page, bidder="Cy", bid=5, block="Peace: Bishops and Farmers", trump="Trees")
    tap(page, partner="No partner (the bidder played alone)", points=6)
    expect(checked(page, "partner")).to_have_value("")
    score_hand(page, 3)
    expect(last_explanation(page)).to_contain_text(
        "Cy dealt. Cy bid 5 (Bishop of Trees) alone and made it with 6 points: "
        "Ana, Ben, Dee and Eli pay Cy 5 each "
        "(house ruling: with no partner the bidder settles as a group of one)."
    )
    assert last_ledger(page) == [
        "Ana pays Cy 5",
        "Ben pays Cy 5",
        "Dee pays Cy 5",
        "Eli pays Cy 5",
    ]
    balances_after_hand(3, {"Ana": 111, "Ben": 81, "Cy": 130, "Dee": 93, "Eli": 85})
    expect_next_hand(page, 4, "Dee", "Eli")

    # Hand 4: Dee bids 7 (War, Anchors) with Ana and takes only 4: Dee pays
    # 14, Ana 7; Ben, Cy and Eli receive 7 each.
    tap(page, bidder="Dee", bid=7, block="War: Knights and Tars", trump="Anchors")
    tap(page, partner="Ana", points=4)
    score_hand(page, 4)
    expect(last_explanation(page)).to_contain_text(
        "Dee dealt. Dee bid 7 (Knight of Anchors) with Ana and took 4 points: "
        "Dee pays 14 and Ana 7; Ben, Cy and Eli receive 7 each."
    )
    assert last_ledger(page) == ["Dee pays Ben 7", "Dee pays Cy 7", "Ana pays Eli 7"]
    final = {"Ana": 104, "Ben": 88, "Cy": 137, "Dee": 79, "Eli": 92}
    balances_after_hand(4, final)

    # Every line of the ledger, replayed from the stakes, gives the balances.
    replayed = dict.fromkeys(BARONET, 100)
    for payer, payee, coins in parse_payments(
        page.locator("tbody.hand .ledger span").all_inner_texts()
    ):
        replayed[payer] -= coins
        replayed[payee] += coins
    assert replayed == final

    # The table calls it a night: the settle-up is shown before it is made.
    page.get_by_role("link", name="End the session and settle up").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("End the session and settle up?")
    preview = page.locator("ul.settle li").all_inner_texts()
    page.get_by_role("button", name="End the session and settle up").tap()
    banner = page.locator("section.winner")
    expect(banner.get_by_role("heading", level=2)).to_have_text("🏆 Cy wins")
    expect(banner).to_contain_text("Most coins when the session ended, after hand 4.")
    expect(page.locator("#live > ol.totals li.won .who")).to_have_text("Cy")
    assert totals(page) == final
    expect(banner.get_by_role("heading", name="Settle up")).to_be_visible()
    expect(banner.locator(".hint")).to_have_text(
        "Everyone started with 100 coins. To square up, those below it pay those above it, "
        "in the fewest payments:"
    )
    assert banner.locator("ul.settle li").all_inner_texts() == preview
    settle = parse_payments(preview)
    # Five players, nobody square, no group that cancels out: four payments.
    assert len(settle) == 4
    # Those down pay those up: a payment covers coins the payer is down and
    # cashes in coins the payee is up (tests/scoring/test_ledger.py).
    square = dict(final)
    for payer, payee, coins in settle:
        assert final[payer] < 100 < final[payee], (payer, payee)
        square[payer] += coins
        square[payee] -= coins
    assert square == dict.fromkeys(BARONET, 100)
    expect(page.locator("#hand-form")).to_have_count(0)
    expect(page.get_by_role("link", name="End the session and settle up")).to_have_count(0)
    expect(banner.get_by_role("button", name="Rematch")).to_be_visible()

    page.screenshot(path=SCREENSHOT, full_page=True)
