"""What a finished game's score sheet says about its players."""

from __future__ import annotations

from vinescore.ratings import Contest, family_of, from_sheet, rate
from vinescore.scoring import REGISTRY, Setup, replay

FOUR = ("Ana", "Ben", "Cy", "Dee")
FIVE = (*FOUR, "Eli")
IDS = (10, 11, 12, 13, 14)


def play(kind: str, names, hands, **setup):
    rules = REGISTRY[kind]
    start = Setup(tuple(names), **setup)
    clean = []
    for facts in hands:
        sheet = replay(rules, start, clean)
        clean.append(rules.clean(facts, sheet.next_table))
    return rules, replay(rules, start, clean)


def test_coralon_partners_is_rated_as_its_two_fixed_pairs():
    rules, sheet = play(
        "coralon-partners", FOUR, [{"bidder": 1, "bid": 13, "bidders_tricks": 13}] * 5, target=60
    )
    game = from_sheet(rules, sheet, IDS[:4], key=7)
    # Ben & Dee won; Ana & Cy second.
    assert game.contests == (Contest(((11, 13), (10, 12)), (1, 2)),)
    assert game.family == "Coralon Partners" and game.key == 7


def test_coralon_each_for_themselves_is_rated_by_final_places():
    ben_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
    rules, sheet = play("coralon", FOUR, [ben_13] * 4, target=40)
    (contest,) = from_sheet(rules, sheet, IDS[:4]).contests
    assert contest.sides[0] == (11,) and contest.places[0] == 1
    # Ana, Cy and Dee scored alike: level below the top, they share a place.
    assert contest.places[1:] == (2, 2, 2)


def test_bishop_is_rated_hand_by_hand_bidder_and_partner_against_the_rest():
    made = {"passed": False, "bidder": 0, "bid": 6, "block": "war", "partner": 2, "points": 7}
    missed = {"passed": False, "bidder": 1, "bid": 6, "block": "war", "partner": None, "points": 2}
    everyone_passed = {"passed": True}
    rules, sheet = play("bishop", FIVE, [missed, everyone_passed, *[made] * 4], target=21)
    game = from_sheet(rules, sheet, IDS)
    seats = tuple((p,) for p in IDS)
    # The passed deal says nothing; Ben alone missed; Ana and Cy made it four times.
    assert game.contests == (
        Contest(seats, (1, 2, 1, 1, 1)),
        *[Contest(seats, (1, 2, 1, 2, 2))] * 4,
    )
    assert game.family == "Bishop" == family_of(REGISTRY["baronet"])


def test_games_still_going_and_score_pads_are_not_rated():
    rules, sheet = play("coralon", FOUR, [], target=40)
    assert from_sheet(rules, sheet, IDS[:4]) is None
    pad = REGISTRY["pad"]
    ended = replay(pad, Setup(("Ana", "Ben"), ended=True), [])
    assert ended.winner is not None
    assert from_sheet(pad, ended, IDS[:2]) is None


def test_a_bishop_session_weighs_as_one_game_in_the_ratings():
    made = {"passed": False, "bidder": 0, "bid": 6, "block": "war", "partner": 2, "points": 7}
    rules, sheet = play("bishop", FIVE, [made] * 4, target=21)
    ratings = rate([from_sheet(rules, sheet, IDS)])
    assert [ratings.standing("Bishop", p).games for p in IDS] == [1] * 5
    assert ratings.standing("Bishop", 10).mu == ratings.standing("Bishop", 12).mu > 25
