"""Where only a sum decides, the sum alone scores the same as its split:
Thief's points, the Ducks and Geese bidders' tricks + point cards (and the
cutthroat bidder's), Up and Down's group points. The split stays an
optional detail that must agree with the sum when given."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring import REGISTRY, HandInvalid, Table

FOUR = Table(("Ana", "Ben", "Cy", "Dee"))
FIVE = Table(("Ana", "Ben", "Cy", "Dee", "Eli"))
THIEF = REGISTRY["thief"]
DUCKS = REGISTRY["ducks-and-geese"]
CUT = REGISTRY["ducks-and-geese-cutthroat"]
UP = REGISTRY["up-and-down"]
UP_POINTS = REGISTRY["up-and-down-points"]


def scored(rules, facts, table):
    return rules.score(rules.clean(facts, table), table)


# --- worked examples -----------------------------------------------------------------


def test_ana_bids_6_points_and_takes_exactly_6_only_ana_scores():
    result = scored(THIEF, {"bidder": 0, "bid": 6, "points": [6, 4, 5, 2]}, FOUR)
    assert result.awards == (6, 0, 0, 0)
    assert result.explanation == "Ana bid 6 and took exactly 6 points: only Ana scores"


def test_thief_with_the_split_says_it_and_works_out_the_points():
    facts = THIEF.clean(
        {"bidder": 0, "bid": 6, "tricks": [4, 3, 4, None], "thieves": [3, 1, 0, 0]}, FOUR
    )
    assert facts["points"] == [7, 4, 4, 2]
    result = THIEF.score(facts, FOUR)
    assert result.awards == (7, 4, 4, 2)
    assert "took 7 points (4 tricks + 3 thieves): everyone scores" in result.explanation


def test_thief_tricks_given_with_points_work_out_the_thieves():
    facts = THIEF.clean(
        {"bidder": 0, "bid": 6, "points": [6, 4, 5, 2], "tricks": [4, 3, 4, 2]}, FOUR
    )
    assert facts["thieves"] == [2, 1, 1, 0]


def test_trick_only_thief_still_asks_for_tricks_and_thieves_apart():
    table = Table(FOUR.names, options=frozenset({"trick_only"}))
    names = [f.name for f in THIEF.fields(table)]
    assert "points" not in names
    assert not any(f.detail for f in THIEF.fields(table))


def test_ben_bids_6_and_his_team_takes_7_in_tricks_and_point_cards():
    result = scored(DUCKS, {"bidder": 1, "bid": 6, "bidders_points": 7, "others_cards": 3}, FOUR)
    assert result.awards == (3, 6)
    assert result.explanation.startswith("Ben bid 6 and Ben and Dee took 7 points:")


def test_ducks_split_and_sum_must_agree():
    with pytest.raises(HandInvalid) as caught:
        DUCKS.clean(
            {
                "bidder": 1,
                "bid": 6,
                "bidders_points": 7,
                "bidders_tricks": 7,
                "bidders_cards": 1,
                "others_cards": 0,
            },
            FOUR,
        )
    assert caught.value.errors == {
        "bidders_points": "Tricks + point cards taken by the bidding team: 7 entered, but "
        "7 tricks + 1 point card make 8."
    }


def test_the_cutthroat_bidders_own_cards_may_be_left_out():
    facts = CUT.clean({"bidder": 2, "bid": 6, "bidder_points": 7, "cards": [2, 1, None, 3]}, FOUR)
    assert facts["cards"] == [2, 1, None, 3]
    assert CUT.score(facts, FOUR).awards == (2, 1, 6, 3)
    # With the bidder's tricks, the bidder's own cards are worked out.
    facts = CUT.clean(
        {"bidder": 2, "bid": 6, "bidder_points": 7, "bidder_tricks": 5, "cards": [2, 1, None, 3]},
        FOUR,
    )
    assert facts["cards"] == [2, 1, 2, 3]


def test_ana_leads_with_cy_and_they_take_9_of_15():
    result = scored(UP, {"leader": 0, "partner": 2, "side_points": 9, "others_points": 6}, FIVE)
    assert result.awards == (3, -2, 3, -2, -2)
    assert result.explanation.startswith("Ana led with Cy and they took 9 of 15 points")


# --- properties -------------------------------------------------------------------


@st.composite
def thief_hands(draw):
    size, most = 13, 11
    cuts = sorted(draw(st.lists(st.integers(0, size), min_size=3, max_size=3)))
    tricks = [b - a for a, b in zip([0, *cuts], [*cuts, size], strict=True)]
    thieves = draw(st.lists(st.integers(0, 4), min_size=4, max_size=4))
    while sum(thieves) > most:
        thieves[thieves.index(max(thieves))] -= 1
    return {
        "bidder": draw(st.integers(0, 3)),
        "bid": draw(st.integers(3, 24)),
        "tricks": tricks,
        "thieves": thieves,
    }


@given(thief_hands())
def test_thief_points_alone_score_as_the_split_does(split):
    points = [t + k for t, k in zip(split["tricks"], split["thieves"], strict=True)]
    alone = {"bidder": split["bidder"], "bid": split["bid"], "points": points}
    assert scored(THIEF, split, FOUR).awards == scored(THIEF, alone, FOUR).awards


@st.composite
def ducks_hands(draw):
    took = draw(st.integers(0, 7))
    ours = draw(st.integers(0, min(10, 4 * took)))
    theirs = draw(st.integers(0, min(10 - ours, 4 * (7 - took))))
    return {
        "bidder": draw(st.integers(0, 3)),
        "bid": draw(st.integers(3, 17)),
        "bidders_tricks": took,
        "bidders_cards": ours,
        "others_cards": theirs,
    }


@given(ducks_hands())
def test_the_ducks_bidders_sum_alone_scores_as_the_split_does_and_is_accepted(split):
    total = split["bidders_tricks"] + split["bidders_cards"]
    alone = {k: v for k, v in split.items() if k not in ("bidders_tricks", "bidders_cards")}
    alone["bidders_points"] = total
    # Every split the cards allow leaves a sum the sheet accepts on its own.
    assert scored(DUCKS, split, FOUR).awards == scored(DUCKS, alone, FOUR).awards


@st.composite
def up_hands(draw):
    points = draw(st.lists(st.integers(0, 11), min_size=5, max_size=5))
    leader = draw(st.integers(0, 4))
    red = draw(st.booleans())
    partner = None if red else draw(st.sampled_from([None, *range(5)]))
    if partner == leader:
        partner = None
    for seat in (leader, partner):
        if seat is not None and points[seat] == 0:
            points[seat] = 1
    while sum(points) > 22:
        points[points.index(max(points))] -= 1
    while sum(points) < 11:
        points[points.index(min(points))] += 1
    return {"leader": leader, "red": red, "partner": partner, "points": points}


@given(up_hands(), st.integers(3, 22))
def test_up_and_down_group_points_alone_score_as_each_players_do(split, bid):
    ours = [split["leader"]] + ([split["partner"]] if split["partner"] is not None else [])
    side = sum(split["points"][s] for s in ours)
    groups = {k: v for k, v in split.items() if k != "points"}
    groups |= {"side_points": side, "others_points": sum(split["points"]) - side}
    assert scored(UP, split, FIVE).awards == scored(UP, groups, FIVE).awards
    with_bid = {**split, "bidder": split["leader"], "bid": bid}
    del with_bid["leader"]
    groups_bid = {**groups, "bidder": groups.pop("leader"), "bid": bid}
    assert scored(UP_POINTS, with_bid, FIVE).awards == scored(UP_POINTS, groups_bid, FIVE).awards
