"""A hand in as few actions as it has facts: for a typical hand of every
game, on a phone, each tap on a chip, number filled or toggle is one action,
what the app fills in itself costs nothing, and one more scores it. No game
may ask more than its facts + 1.

The facts of each typical hand are counted by hand, honestly: only what the
scoring needs and cannot work out from the others (a last player's tricks
worked out from the hand size is not a fact; the trump in Bishop, which never
changes a score, is not one either)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.sheet import score_hand
from tests.factories import NAMES, make_game
from vinescore.scoring import REGISTRY

pytestmark = pytest.mark.browser


@dataclass(frozen=True)
class Typical:
    """A typical hand: what is entered, field by field (a dict: numbers for
    some players), the facts it holds, and a phrase of the explanation that
    shows it scored as meant."""

    players: int
    facts: int
    entries: list[tuple[str, object]]
    scored: str
    start: dict = field(default_factory=dict)


TYPICAL = {
    # bidder, bid, three players' tricks (the fourth is the rest of 13)
    "coralon": Typical(
        4,
        5,
        [("bidder", "Ben"), ("bid", "4"), ("tricks", {"Ana": 3, "Ben": 4, "Cy": 2})],
        "Ben bid 4 and took exactly 4",
    ),
    # bidder, bid, the bidding team's tricks
    "coralon-partners": Typical(
        4, 3, [("bidder", "Ben"), ("bid", "7"), ("bidders_tricks", "8")], "Ben bid 7"
    ),
    # bidder, bid, each player's points (tricks + thieves: only their sum scores)
    "thief": Typical(
        4,
        6,
        [("bidder", "Ana"), ("bid", 6), ("points", {"Ana": 6, "Ben": 5, "Cy": 4, "Dee": 3})],
        "Ana bid 6 and took exactly 6 points: only Ana scores",
    ),
    # bidder, bid, the bidders' tricks, each team's thieves (trick-only bidding)
    "thieves": Typical(
        4,
        5,
        [
            ("bidder", "Ana"),
            ("bid", 6),
            ("bidders_tricks", "7"),
            ("bidders_thieves", "3"),
            ("others_thieves", "4"),
        ],
        "Ana bid 6 tricks",
    ),
    # bidder, bid, the bidders' tricks + point cards, the other team's point cards
    "ducks-and-geese": Typical(
        4,
        4,
        [("bidder", "Ben"), ("bid", "6"), ("bidders_points", "7"), ("others_cards", "3")],
        "Ben bid 6 and Ben and Dee took 7 points",
    ),
    "dog": Typical(
        4,
        4,
        [("bidder", "Ben"), ("bid", "5"), ("bidders_points", "6"), ("others_cards", "2")],
        "Ben bid 5 and Ben and Dee took 6 points",
    ),
    # bidder, bid, the bidder's tricks + point cards, everyone else's point cards
    "ducks-and-geese-cutthroat": Typical(
        4,
        6,
        [
            ("bidder", "Cy"),
            ("bid", 6),
            ("bidder_points", "7"),
            ("cards", {"Ana": 2, "Ben": 1, "Dee": 3}),
        ],
        "Cy bid 6 and took 7 points",
    ),
    # bidder, bid, partner, the point cards of the bidder and partner
    "bishop": Typical(
        5,
        4,
        [("bidder", "Ana"), ("bid", "6"), ("partner", "Cy"), ("points", "7")],
        "Ana bid 6 with Cy and made it with 7 points",
    ),
    "baronet": Typical(
        5,
        4,
        [("bidder", "Ana"), ("bid", "6"), ("partner", "Cy"), ("points", "7")],
        "Ana bid 6 with Cy and made it with 7 points",
    ),
    # bidder, bid, clean tricks, poisoned tricks of each team (the rest is worked out)
    "chevalier": Typical(
        4,
        5,
        [
            ("bidder", "Ana"),
            ("bid", "6"),
            ("bidders_clean", "4"),
            ("bidders_poisoned", "2"),
            ("defenders_poisoned", "1"),
        ],
        "Ana bid 6 and Ana & Cy took 4 points",
    ),
    # leader, partner, the two groups' points
    "up-and-down": Typical(
        5,
        4,
        [("leader", "Ana"), ("partner", "Cy"), ("side_points", "9"), ("others_points", "6")],
        "Ana led with Cy and they took 9 of 15 points",
    ),
    "up-and-down-points": Typical(
        5,
        5,
        [
            ("bidder", "Ana"),
            ("bid", "8"),
            ("partner", "Cy"),
            ("side_points", "9"),
            ("others_points", "6"),
        ],
        "Ana bid 8 with Cy and they took 9 points",
    ),
    # Chief, bid, partner, trump, three players' card points (the fourth is the rest of 60)
    "mu": Typical(
        4,
        7,
        [
            ("chief", "Ana"),
            ("bid", 4),
            ("partner", "Cy"),
            ("trump", "A colour"),
            ("points", {"Ana": 20, "Ben": 12, "Cy": 18}),
        ],
        "Ana and Cy took 38: bonus 40 each",
    ),
    # the damage each duellist took
    "duel": Typical(
        2,
        2,
        [("damage", {"Ana": 3, "Ben": 2})],
        "Ana takes 3 and Ben takes 2",
        start={"stakes": 20, "target": 2},
    ),
    # each player's points
    "pad": Typical(3, 3, [("points", {"Ana": 5, "Ben": 3, "Cy": 7})], "Round scored"),
}


def fact(page: Page, name: str) -> Locator:
    return page.locator(f'#hand-form fieldset[data-field="{name}"]')


def enter(page: Page, name: str, value: object) -> int:
    """Enter one fact the way a thumb would; return the actions it took."""
    box = fact(page, name)
    expect(box).to_be_visible()
    if isinstance(value, dict):  # some players' numbers; the rest left to the app
        for who, n in value.items():
            box.locator(".stepper").filter(has_text=who).locator("input").fill(str(n))
        return len(value)
    chips = box.locator("label.chip")
    if chips.count():
        chips.filter(has_text=re.compile(rf"^\s*{re.escape(str(value))}\s*$")).tap()
    else:
        box.locator("input").fill(str(value))
    return 1


def test_every_game_has_a_typical_hand() -> None:
    # A game added later must say what its typical hand is, and so is counted.
    assert set(TYPICAL) == {rules.key for rules in REGISTRY}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("key", [rules.key for rules in REGISTRY])
def test_a_typical_hand_takes_at_most_one_action_per_fact_and_one_to_score(
    page: Page, key: str
) -> None:
    typical = TYPICAL[key]
    game = make_game(key, NAMES[: typical.players], **typical.start)
    page.goto(game.get_absolute_url())

    actions = sum(enter(page, name, value) for name, value in typical.entries)
    score_hand(page, 1)
    actions += 1

    expect(page.locator("#just-scored")).to_contain_text(typical.scored)
    assert actions <= typical.facts + 1, f"{key}: {actions} actions for {typical.facts} facts"

    # A one-tap hand (a deal everyone passed, a forfeit, a take back) is one action.
    shortcuts = REGISTRY[key].shortcuts(game.sheet().next_table)
    if shortcuts:
        page.get_by_role("button", name=shortcuts[0].label, exact=True).tap()
        expect(page.locator("tbody.hand")).to_have_count(2)


@pytest.mark.django_db(transaction=True)
def test_details_are_one_tap_away_and_open_by_themselves_when_a_zero_needs_them(
    page: Page,
) -> None:
    # Bishop: the call never scores; it waits under More detail, one tap away.
    bishop = make_game("bishop", NAMES[:5])
    page.goto(bishop.get_absolute_url())
    expect(fact(page, "trump")).not_to_be_visible()
    for name, value in TYPICAL["bishop"].entries:
        enter(page, name, value)
    page.locator("#hand-form details.more summary").tap()
    enter(page, "trump", "Cups")
    enter(page, "block", "War: Knights and Tars")
    score_hand(page, 1)
    expect(page.locator("#just-scored")).to_contain_text("Ana bid 6 (Knight of Cups) with Cy")

    # Ducks and Geese with zero bids: after a zero, the zero bidder's tricks
    # decide, so the detail opens by itself.
    ducks = make_game("ducks-and-geese", options=["zero"])
    page.goto(ducks.get_absolute_url())
    more = page.locator("#hand-form details.more")
    expect(more).not_to_have_attribute("open", "")
    enter(page, "bidder", "Ben")
    enter(page, "bid", "Zero")
    expect(more).to_have_attribute("open", "")
    expect(fact(page, "bidders_points")).to_be_hidden()
    enter(page, "bidders_tricks", "0")
    enter(page, "others_cards", "4")
    score_hand(page, 1)
    expect(page.locator("#just-scored")).to_contain_text("Ben bid zero and Ben took no trick")
