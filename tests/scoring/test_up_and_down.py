"""Up and Down: halves of tricks, for coins or (with a bid) for points."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring.base import HandInvalid, HandResult, Payment, Table, net
from vinescore.scoring.games.up_and_down import UpAndDown, UpAndDownPoints
from vinescore.scoring.sheet import Setup, replay

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli")
COINS = UpAndDown()
POINTS = UpAndDownPoints()


def play(rules, facts, dealer=0):
    t = Table(NAMES, dealer=dealer)
    return rules.score(rules.clean(facts, t), t)


def refused(rules, facts) -> dict[str, str]:
    with pytest.raises(HandInvalid) as caught:
        rules.clean(facts, Table(NAMES))
    return caught.value.errors


# --- coins ---------------------------------------------------------------


def test_coin_game_for_five_with_stakes_of_30():
    assert COINS.key == "up-and-down" and COINS.family == "Up and Down" and COINS.coins
    assert COINS.player_counts == (5,) and COINS.hand_size(5) == 11
    assert COINS.default_stakes(5) == 30 and COINS.default_target(5) is None


def test_leader_and_partner_win_losers_pay_two_winners_take_three():
    # Ana and Cy: 6 + 5 = 11 of 20 points, more than half
    result = play(COINS, {"leader": 0, "partner": 2, "points": [6, 3, 5, 3, 3]})
    assert result.awards == (3, -2, 3, -2, -2)
    assert result.rule == "made" and result.made is True
    assert (result.bidder, result.partner) == (0, 2)
    assert "Ana led with Cy and they took 11 of 20 points" in result.explanation
    assert "Ben, Dee and Eli pay 2 each; Ana and Cy take 3 each" in result.explanation


def test_exactly_half_loses_leader_alone_pays_two_to_each_opponent():
    result = play(COINS, {"leader": 0, "partner": 2, "points": [5, 3, 5, 4, 3]})
    assert result.awards == (-6, 2, 0, 2, 2)
    assert result.rule == "failed" and result.made is False
    assert "took 10 of 20 points" in result.explanation
    assert "Ana pays 2 each to Ben, Dee and Eli; Cy pays nothing" in result.explanation


def test_red_win_collects_two_from_each_of_the_four_others():
    result = play(COINS, {"leader": 1, "red": True, "points": [2, 7, 2, 1, 1]})
    assert result.awards == (-2, 8, -2, -2, -2)
    assert result.rule == "red" and result.partner is None
    assert "Ben played it red and took 7 of 13 points" in result.explanation
    assert "Ana, Cy, Dee and Eli pay Ben 2 each" in result.explanation


def test_red_loss_pays_two_to_each_of_the_four_others():
    result = play(COINS, {"leader": 1, "red": True, "points": [3, 6, 2, 1, 1]})
    assert result.awards == (2, -8, 2, 2, 2)
    assert "Ben pays 2 each to Ana, Cy, Dee and Eli" in result.explanation


def test_red_ignores_a_partner_entered_by_mistake():
    facts = COINS.clean(
        {"leader": 1, "red": True, "partner": 3, "points": [3, 6, 2, 1, 1]}, Table(NAMES)
    )
    assert "partner" not in facts


def test_leader_who_never_found_a_partner_settles_as_red():
    result = play(COINS, {"leader": 0, "points": [7, 1, 1, 1, 1]})
    assert result.awards == (8, -2, -2, -2, -2)
    assert result.rule == "red"
    assert "found no partner" in result.explanation
    assert "house ruling" in result.explanation


def test_take_back_dealer_pays_one_to_each_other_player():
    result = play(COINS, {"take_back": True}, dealer=3)
    assert result.awards == (1, 1, 1, -4, 1)
    assert set(result.payments) == {Payment(3, s, 1) for s in (0, 1, 2, 4)}
    assert result.rule == "take-back" and result.made is None and result.bidder is None
    assert "Dee took back: Dee pays 1 each to Ana, Ben, Cy and Eli" in result.explanation


def test_take_back_is_a_one_tap_shortcut_that_hides_the_other_fields():
    t = Table(NAMES, dealer=2)
    (shortcut,) = COINS.shortcuts(t)
    assert shortcut.facts == {"take_back": True}
    assert COINS.clean(shortcut.facts, t) == {"take_back": True}
    shown = [f.name for f in COINS.fields(t) if f.applies({"take_back": True})]
    assert shown == ["take_back"]


def test_points_must_add_up_to_eleven_to_twenty_two():
    errors = refused(COINS, {"leader": 0, "partner": 2, "points": [2, 2, 2, 2, 2]})
    assert set(errors) == {"points"}
    assert "11 to 22" in errors["points"] and "add up to 10" in errors["points"]
    errors = refused(COINS, {"leader": 0, "partner": 2, "points": [5, 5, 5, 5, 3]})
    assert "add up to 23" in errors["points"]


def test_no_player_takes_more_than_one_point_a_trick():
    errors = refused(COINS, {"leader": 0, "partner": 2, "points": [12, 0, 1, 0, 0]})
    assert set(errors) == {"points"}
    assert "0 to 11" in errors["points"]


def test_partner_cannot_be_the_leader():
    errors = refused(COINS, {"leader": 2, "partner": 2, "points": [3, 3, 3, 3, 3]})
    assert set(errors) == {"partner"}
    assert "own partner" in errors["partner"]


def test_partner_split_a_trick_with_the_leader_so_both_have_a_point():
    errors = refused(COINS, {"leader": 0, "partner": 2, "points": [6, 3, 0, 3, 3]})
    assert set(errors) == {"points"}
    assert "Cy has at least 1 point" in errors["points"]


def test_leader_is_required_unless_taken_back():
    assert set(refused(COINS, {"points": [3, 3, 3, 3, 3]})) == {"leader"}


# --- points ----------------------------------------------------------------


def test_points_game_bids_three_to_twenty_two_to_sixty():
    assert POINTS.key == "up-and-down-points" and POINTS.family == "Up and Down"
    assert not POINTS.coins and POINTS.default_target(5) == 60
    bid = {f.name: f for f in POINTS.fields(Table(NAMES))}["bid"]
    assert [c for c, _ in bid.choices] == list(range(3, 23))
    assert set(refused(POINTS, {"bidder": 0, "bid": 2, "points": [3, 3, 3, 3, 3]})) == {"bid"}
    assert set(refused(POINTS, {"bidder": 0, "bid": 23, "points": [3, 3, 3, 3, 3]})) == {"bid"}


def test_exact_bid_scores_the_bidders_group_only():
    result = POINTS.score(
        {"bidder": 0, "bid": 10, "red": False, "partner": 2, "points": [5, 3, 5, 3, 3]},
        Table(NAMES),
    )
    assert result.awards == (10, 0, 10, 0, 0)
    assert result.rule == "exact" and result.made is True
    assert "Ana bid 10 with Cy and they took 10 points" in result.explanation
    assert "Ana and Cy score 10 each; Ben, Dee and Eli score nothing" in result.explanation


def test_exceeding_the_bid_scores_every_player_their_groups_points():
    result = play(POINTS, {"bidder": 0, "bid": 8, "partner": 2, "points": [5, 3, 5, 3, 3]})
    assert result.awards == (10, 9, 10, 9, 9)
    assert result.rule == "exceed"
    assert "Ben, Dee and Eli score 9 each" in result.explanation


def test_short_of_the_bid_opponents_score_their_groups_points():
    result = play(POINTS, {"bidder": 0, "bid": 12, "partner": 2, "points": [5, 3, 5, 3, 3]})
    assert result.awards == (0, 9, 0, 9, 9)
    assert result.rule == "short" and result.made is False
    assert "Ana and Cy score nothing; Ben, Dee and Eli score 9 each" in result.explanation


def test_red_bidder_plays_as_a_group_of_one():
    result = play(POINTS, {"bidder": 3, "bid": 5, "red": True, "points": [3, 3, 3, 6, 3]})
    assert result.awards == (12, 12, 12, 6, 12)
    assert "Dee bid 5, played it red and took 6 points" in result.explanation
    assert "Dee scores 6" in result.explanation


def tie(totals, last, dealer=0):
    return POINTS.winner(totals, 60, last, Table(NAMES, dealer=dealer))


def test_points_tie_goes_to_bidder_then_partner_then_nearest_the_dealers_left():
    last = HandResult((0,) * 5, "", bidder=2, partner=4)
    assert tie([61, 0, 61, 0, 61], last).side == 2
    assert tie([61, 0, 0, 0, 61], last).side == 4
    assert tie([61, 61, 0, 0, 0], last, dealer=0).side == 1
    assert tie([61, 61, 0, 0, 0], last, dealer=4).side == 0


def test_points_bidder_and_partner_passing_60_together_the_bidder_wins():
    # Ana bids 10 with Cy and they take exactly 10 points, six times.
    exact = {"bidder": 0, "bid": 10, "partner": 2, "points": [5, 3, 5, 3, 3]}
    sheet = replay(POINTS, Setup(NAMES, target=60), [exact] * 6)
    assert sheet.totals == (60, 0, 60, 0, 0) and sheet.winner.side == 0
    assert sheet.winner.reason == (
        "Ana and Cy both passed 60 on the same hand, level on 60; the bidder wins ties"
    )


def test_a_coin_session_level_on_the_most_coins_is_a_shared_win():
    # Ana leads with Cy and wins: 33 each, the others 28; the table stops.
    won = {"leader": 0, "partner": 2, "points": [6, 3, 5, 3, 3]}
    sheet = replay(COINS, Setup(NAMES, stakes=30, ended=True), [COINS.clean(won, Table(NAMES))])
    assert sheet.totals == (33, 28, 33, 28, 28)
    assert sheet.winning_sides == (0, 2) and sheet.winner_words == "Ana and Cy"
    assert sheet.winner.reason == "level on the most coins: a shared win"
    assert [(p.place, p.note) for p in sheet.standings()][:2] == [
        (1, "a shared win"),
        (1, "a shared win"),
    ]


# --- properties ------------------------------------------------------------


@st.composite
def split_points(draw):
    """Points from eleven real tricks: each whole to one player or split
    between two."""
    points = [0] * 5
    for _ in range(11):
        takers = draw(st.lists(st.integers(0, 4), min_size=1, max_size=2, unique=True))
        for s in takers:
            points[s] += 1
    return points


@st.composite
def sides(draw, lead: str):
    points = draw(split_points())
    scorers = [s for s in range(5) if points[s]]
    leader = draw(st.sampled_from(scorers))
    red = draw(st.booleans())
    mates = [s for s in scorers if s != leader]
    partner = draw(st.none() | st.sampled_from(mates)) if mates else None
    return {lead: leader, "red": red, "partner": partner, "points": points}


@st.composite
def coin_hands(draw):
    if draw(st.integers(0, 9)) == 0:
        return {"take_back": True}
    return draw(sides("leader"))


@st.composite
def points_hands(draw):
    facts = draw(sides("bidder"))
    facts["bid"] = draw(st.integers(3, 22))
    return facts


@given(coin_hands(), st.integers(0, 4))
def test_every_coin_hand_pays_out_what_it_takes_in(facts, dealer):
    result = play(COINS, facts, dealer=dealer)
    assert sum(result.awards) == 0
    assert result.awards == net(result.payments, 5)
    assert all(p.coins > 0 and p.payer != p.payee for p in result.payments)
    assert sum(abs(a) for a in result.awards) in (8, 12, 16)


@given(st.lists(coin_hands(), max_size=10))
def test_balances_are_stakes_plus_payments(hands):
    t0 = Table(NAMES)
    hands = [COINS.clean(h, t0) for h in hands]
    sheet = replay(COINS, Setup(NAMES, stakes=30), hands)
    expected = [30] * 5
    for row in sheet.rows:
        expected = [e + m for e, m in zip(expected, net(row.result.payments, 5), strict=True)]
    assert list(sheet.totals) == expected
    assert sum(sheet.totals) == 150


@given(coin_hands())
def test_coin_clean_is_idempotent(facts):
    t = Table(NAMES)
    once = COINS.clean(facts, t)
    assert COINS.clean(once, t) == once


@given(points_hands())
def test_points_clean_is_idempotent(facts):
    t = Table(NAMES)
    once = POINTS.clean(facts, t)
    assert POINTS.clean(once, t) == once


@given(st.lists(points_hands(), max_size=10))
def test_points_totals_are_the_sum_of_awards(hands):
    t0 = Table(NAMES)
    hands = [POINTS.clean(h, t0) for h in hands]
    sheet = replay(POINTS, Setup(NAMES), hands)
    expected = [0] * 5
    for row in sheet.rows:
        expected = [e + a for e, a in zip(expected, row.result.awards, strict=True)]
    assert list(sheet.totals) == expected


def test_points_game_a_passed_out_deal_scores_nothing_and_moves_the_deal():
    setup = Setup(NAMES, first_dealer=1, target=60)
    (shortcut,) = POINTS.shortcuts(setup.table(0))
    sheet = replay(POINTS, setup, [POINTS.clean(shortcut.facts, setup.table(0))])
    assert sheet.rows[0].result.awards == (0,) * 5
    assert "Everyone passed on Ben's deal" in sheet.rows[0].result.explanation
    assert sheet.next_table.dealer == 2


def test_the_coin_game_has_no_passed_out_deal():
    # Nobody bids in the coin game: the dealer leads or takes back.
    assert [s.label for s in COINS.shortcuts(Table(NAMES))] == ["Take back"]
    assert "passed" not in {f.name for f in COINS.fields(Table(NAMES))}
