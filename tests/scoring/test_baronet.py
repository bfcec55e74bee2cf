"""Baronet: Bishop settled in coins, the bet being the bid."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring.base import HandInvalid, Payment, Table, net
from vinescore.scoring.games.bishop import Baronet
from vinescore.scoring.sheet import Setup, replay

FIVE = ("Ana", "Ben", "Cy", "Dee", "Eli")
FOUR = FIVE[:4]
RULES = Baronet()


def hand(bidder=0, bid=6, partner=2, points=6, block="peace", trump="Locks"):
    return {
        "bidder": bidder,
        "bid": bid,
        "block": block,
        "trump": trump,
        "partner": partner,
        "points": points,
    }


def play(facts, names=FIVE):
    t = Table(names)
    return RULES.score(RULES.clean(facts, t), t)


def test_a_coin_game_without_target_and_with_stakes_of_100():
    assert RULES.key == "baronet" and RULES.family == "Bishop" and RULES.coins
    assert RULES.default_target(5) is None
    assert (RULES.default_stakes(4), RULES.default_stakes(5)) == (100, 100)
    assert (RULES.hand_size(4), RULES.hand_size(5)) == (13, 11)
    assert RULES.options == ()  # always Jasper City
    partner = {f.name: f for f in RULES.fields(Table(FIVE))}["partner"]
    assert "first trick" in partner.help


def test_five_players_made_losers_pay_a_bet_each_bidder_takes_two_thirds():
    result = play(hand(bid=6, partner=2, points=7))
    assert result.awards == (12, -6, 6, -6, -6)
    assert sum(p.coins for p in result.payments if p.payee == 0) == 12
    assert result.rule == "made" and result.made is True and result.bid == 6
    assert "Ana bid 6 (Bishop of Locks) with Cy and made it" in result.explanation
    assert "Ben, Dee and Eli pay 6 each; Ana takes 12, Cy 6" in result.explanation


def test_five_players_failed_bidder_pays_two_bets_partner_one():
    result = play(hand(bid=6, partner=2, points=5))
    assert result.awards == (-12, 6, -6, 6, 6)
    assert result.rule == "failed" and result.made is False
    assert "Ana pays 12 and Cy 6; Ben, Dee and Eli receive 6 each" in result.explanation


def test_four_players_pot_splits_two_to_one_odd_coins_to_the_leader():
    # bid 5: the pot of 10 gives the partner 10 // 3 = 3 and the leader 7
    result = play(hand(bid=5, partner=2, points=5), names=FOUR)
    assert result.awards == (7, -5, 3, -5)
    assert set(result.payments) == {Payment(1, 0, 5), Payment(3, 0, 2), Payment(3, 2, 3)}
    assert "Ana takes 7, Cy 3" in result.explanation
    assert "odd coins to Ana" in result.explanation


def test_four_players_even_split_has_no_odd_coins():
    result = play(hand(bid=3, partner=2, points=9), names=FOUR)
    assert result.awards == (4, -3, 2, -3)
    assert "odd coins" not in result.explanation


def test_four_players_failed_bidders_pay_their_shares_winners_one_bet_each():
    result = play(hand(bid=5, partner=2, points=4), names=FOUR)
    assert result.awards == (-7, 5, -3, 5)
    assert "Ana pays 7 and Cy 3; Ben and Dee receive 5 each" in result.explanation
    assert "house ruling" in result.explanation


def test_no_partner_settles_as_a_group_of_one():
    made = play(hand(bid=4, partner=None, points=4))
    assert made.awards == (16, -4, -4, -4, -4)
    assert "Ben, Cy, Dee and Eli pay Ana 4 each" in made.explanation
    assert "house ruling" in made.explanation
    failed = play(hand(bid=4, partner=None, points=2), names=FOUR)
    assert failed.awards == (-12, 4, 4, 4)
    assert "Ana pays 4 each to Ben, Cy and Dee" in failed.explanation


def test_partner_cannot_be_the_bidder():
    with pytest.raises(HandInvalid) as caught:
        RULES.clean(hand(bidder=2, partner=2), Table(FIVE))
    assert set(caught.value.errors) == {"partner"}


def test_point_cards_at_most_ten():
    with pytest.raises(HandInvalid) as caught:
        RULES.clean(hand(points=12), Table(FIVE))
    assert set(caught.value.errors) == {"points"}


def test_session_winner_is_the_most_coins_when_the_table_ends():
    hands = [hand(bid=6, points=7), hand(bidder=1, partner=3, bid=2, points=0)]
    sheet = replay(RULES, Setup(FIVE, stakes=100, ended=True), hands)
    # Ana +12 then +2 (one bet as a winner of Ben and Dee's failed bid of 2)
    assert sheet.totals == (114, 90, 108, 92, 96)
    assert sheet.winner is not None and sheet.winner.side == 0
    assert sheet.decided_at == 2


def test_a_session_level_on_the_most_coins_is_a_shared_win_naming_both():
    # Ana makes 6 with Cy, then Ben makes 6 with Dee: Ana and Ben on 106.
    hands = [hand(), hand(bidder=1, partner=3)]
    sheet = replay(RULES, Setup(FIVE, stakes=100, ended=True), hands)
    assert sheet.totals == (106, 106, 100, 100, 88)
    assert sheet.winning_sides == (0, 1) and sheet.winner_words == "Ana and Ben"
    assert sheet.winner.reason == "level on the most coins: a shared win"
    assert [p.place for p in sheet.standings()] == [1, 1, 3, 3, 5]


def test_a_session_still_going_has_no_winner_however_level():
    hands = [hand(), hand(bidder=1, partner=3)]
    assert replay(RULES, Setup(FIVE, stakes=100), hands).winner is None


@st.composite
def baronet_hands(draw, players):
    bidder = draw(st.integers(0, players - 1))
    partner = draw(st.none() | st.integers(0, players - 1).filter(lambda s: s != bidder))
    return hand(
        bidder=bidder,
        bid=draw(st.integers(1, 10)),
        partner=partner,
        points=draw(st.integers(0, 10)),
        block=draw(st.sampled_from(["war", "peace"])),
        trump=draw(st.sampled_from(["Anchors", "Crowns", "Cups", "Locks", "Trees"])),
    )


@given(st.data())
def test_every_hand_pays_out_exactly_what_it_takes_in(data):
    names = data.draw(st.sampled_from([FOUR, FIVE]))
    t = Table(names)
    result = RULES.score(RULES.clean(data.draw(baronet_hands(len(names))), t), t)
    assert sum(result.awards) == 0
    assert result.awards == net(result.payments, len(names))
    assert all(p.coins > 0 and p.payer != p.payee for p in result.payments)
    bid = result.bid
    winners = [a for a in result.awards if a > 0]
    losers = [a for a in result.awards if a < 0]
    # every member of the losing group (or every winner) moves at least a bet
    assert all(a >= bid for a in winners) or all(-a >= bid for a in losers)


@given(st.data())
def test_balances_are_stakes_plus_payments(data):
    names = data.draw(st.sampled_from([FOUR, FIVE]))
    hands = data.draw(st.lists(baronet_hands(len(names)), max_size=8))
    sheet = replay(RULES, Setup(names, stakes=100), hands)
    expected = [100] * len(names)
    for row in sheet.rows:
        moved = net(row.result.payments, len(names))
        expected = [e + m for e, m in zip(expected, moved, strict=True)]
    assert list(sheet.totals) == expected
    assert sum(sheet.totals) == 100 * len(names)
    assert sheet.winner is None


@given(st.data())
def test_clean_is_idempotent(data):
    names = data.draw(st.sampled_from([FOUR, FIVE]))
    t = Table(names)
    once = RULES.clean(data.draw(baronet_hands(len(names))), t)
    assert RULES.clean(once, t) == once


def test_a_passed_out_deal_pays_nobody():
    t = Table(FIVE, dealer=4, stakes=100)
    result = RULES.score(RULES.clean({"passed": True}, t), t)
    assert result.payments == () and result.awards == (0, 0, 0, 0, 0)
    assert result.explanation == (
        "Everyone passed on Eli's deal: nobody scores or pays, and the deal moves left to Ana"
    )
    sheet = replay(RULES, Setup(FIVE, first_dealer=4, stakes=100), [{"passed": True}])
    assert sheet.totals == (100,) * 5 and sheet.next_table.dealer == 0
