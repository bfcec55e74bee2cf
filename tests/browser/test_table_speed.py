"""Speed at the table, on a phone: the same table in one tap, names tapped
into their seats, running sums, the hand just scored at the top of the
screen, who deals always in view, and every tap target a thumb's size."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.sheet import SEATED_DEALERS, expect_next_hand, score_hand
from tests.factories import make_game, make_player

pytestmark = pytest.mark.browser

MISS = {"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}
VIEWPORT_HEIGHT = 844


def chip(page: Page, field: str, label: str) -> Locator:
    return page.locator(f'#hand-form fieldset[data-field="{field}"] label.chip').filter(
        has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")
    )


def tricks(page: Page, name: str) -> Locator:
    return (
        page.locator('#hand-form fieldset[data-field="tricks"] .stepper')
        .filter(has_text=name)
        .locator("input")
    )


def in_view(locator: Locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= VIEWPORT_HEIGHT


@pytest.mark.django_db(transaction=True)
def test_the_same_table_plays_on_and_sees_each_hand_it_scores(page: Page) -> None:
    make_game(options=["zero"], target=30, first_dealer=1, hands=[MISS] * 2)

    # One tap from the game picker: same players, seats, rules; the deal moves on.
    page.goto("/games/new/")
    page.get_by_role("button", name="Same table as last time").tap()
    expect(page.locator(".game-head")).to_contain_text("To 30")
    expect(page.locator(".game-head")).to_contain_text("Zero bids")
    expect_next_hand(page, 1, "Dee", "Ana")
    expect(page.locator("#just-scored")).to_have_count(0)

    # The first bidder is marked on the bidder chips, and only there.
    expect(page.locator("#hand-form label.chip.first")).to_have_count(1)
    expect(chip(page, "bidder", "Ana")).to_have_class(re.compile(r"\bfirst\b"))

    # Running sums: what is there, what is left, and the last blank worked out.
    chip(page, "bidder", "Ben").tap()
    chip(page, "bid", "4").tap()
    sum_line = page.locator('fieldset[data-field="tricks"] [data-sum-line]')
    tricks(page, "Ana").fill("3")
    expect(sum_line).to_have_text("3 of 13 so far · 10 left")
    tricks(page, "Ben").fill("4")
    tricks(page, "Cy").fill("2")
    expect(sum_line).to_have_text("9 of 13 so far · Dee: 4, worked out")
    expect(tricks(page, "Dee")).to_have_attribute("placeholder", "4")
    tricks(page, "Cy").fill("9")
    expect(sum_line).to_have_text("16 of 13: 3 too many")
    tricks(page, "Cy").fill("2")

    # While entering, who deals and who bids first stay at the top of the screen.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("window.scrollY") > 200
    assert in_view(page.locator("#next-hand"))

    # Scored: the top of the screen shows that hand, what each side got, and Undo.
    score_hand(page, 1)
    card = page.locator("#just-scored")
    expect(card).to_contain_text("Hand 1 scored")
    expect(card).to_contain_text("Ben bid 4 and took exactly 4: only Ben scores.")
    expect(card.locator(".changes li")).to_have_text(["Ana 0", "Ben +4", "Cy 0", "Dee 0"])
    assert in_view(card) and in_view(card.get_by_role("button", name="Undo the last hand"))
    expect_next_hand(page, 2, "Ana", "Ben")

    # Undo takes it back; the notice offers to restore it.
    card.get_by_role("button", name="Undo the last hand").tap()
    expect(page.get_by_text("Hand 1 deleted")).to_be_visible()
    expect(page.locator("tbody.hand")).to_have_count(0)


@pytest.mark.django_db(transaction=True)
def test_people_are_seated_by_tapping_their_names_and_a_new_one_by_typing(page: Page) -> None:
    for name in ("Ana", "Ben", "Cy"):
        make_player(name)
    page.goto("/games/new/coralon/")
    panel = page.locator("[data-tap-seating]")

    def name(who: str) -> Locator:
        return panel.locator("[data-seat-player]").filter(has_text=re.compile(rf"^{who}$"))

    for who in ("Cy", "Ana", "Ben"):
        name(who).tap()
    expect(name("Cy")).to_have_attribute("data-seat-number", "1")
    expect(name("Ben")).to_have_attribute("aria-pressed", "true")
    # Tapping a seated name stands them up; the next tap fills the free seat.
    name("Ana").tap()
    expect(name("Ana")).to_have_attribute("aria-pressed", "false")
    name("Ana").tap()
    page.get_by_placeholder("Their name").fill("Dee")
    page.get_by_placeholder("Their name").press("Enter")
    dealer_chips = page.locator(SEATED_DEALERS)
    expect(dealer_chips).to_have_text(["Cy", "Ana", "Ben", "Dee"])
    dealer_chips.filter(has_text="Dee").tap()
    page.get_by_role("button", name="Start game").tap()

    expect(page.get_by_role("heading", name="Coralon", exact=True)).to_be_visible()
    expect(page.locator("ol.totals .who")).to_have_text(["Cy", "Ana", "Ben", "Dee"])
    expect_next_hand(page, 1, "Dee", "Cy")


# --- tap targets ---------------------------------------------------------------

# Everything a thumb taps, measured on the page as drawn. Links inside a
# sentence are the one exception the guidelines allow (WCAG 2.5.8).
MEASURE = """() => {
  const taps = document.querySelectorAll([
    "a[href]", "button", "select", "summary", "label.chip", "label.toggle",
    "input:not([type=hidden]):not([type=radio]):not([type=checkbox])",
  ].join(", "));
  const small = [];
  const inSentence = (el) => {
    if (el.closest(".tap-links")) return false;
    const block = el.parentElement.closest("p, li, dd, td, span.muted");
    if (!block) return false;
    const clone = block.cloneNode(true);
    clone.querySelectorAll("a, button, time").forEach((a) => a.remove());
    return /[A-Za-z0-9]/.test(clone.textContent);
  };
  for (const el of taps) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || el.closest("[hidden]")) continue;
    if (el.tagName === "A" && inSentence(el)) continue;
    if (box.width < 44 || box.height < 44) {
      const what = (el.textContent || el.name || "").trim().slice(0, 30);
      const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
      small.push(`${el.tagName.toLowerCase()} "${what}" ${size}`);
    }
  }
  return small;
}"""


@pytest.mark.django_db(transaction=True)
def test_every_tap_target_is_at_least_44_by_44(page: Page) -> None:
    game = make_game(hands=[MISS] * 3)
    make_game("baronet", names=("Ana", "Ben", "Cy"), hands=[])
    pages = [
        "/",
        "/games/new/",
        "/games/new/coralon/",
        game.get_absolute_url(),
        f"/games/{game.pk}/log/",
        "/history/",
        "/players/",
        f"/players/{game.seats.first().player_id}/",
        "/rules/",
        "/rules/coralon/",
        "/rules/glossary/",
    ]
    found = {}
    for url in pages:
        page.goto(url)
        small = page.evaluate(MEASURE)
        if small:
            found[url] = small
    assert found == {}, "\n".join(f"{url}: {small}" for url, small in found.items())
