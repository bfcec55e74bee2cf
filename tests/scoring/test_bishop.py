"""Bishop: points for the bidder's group or the other group, never both."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring.base import HandInvalid, HandResult, Table
from vinescore.scoring.games.bishop import Bishop
from vinescore.scoring.sheet import Setup, replay

FIVE = ("Ana", "Ben", "Cy", "Dee", "Eli")
FOUR = FIVE[:4]
RULES = Bishop()


def hand(bidder=0, bid=7, partner=2, points=7, block="war", trump="Cups"):
    return {
        "bidder": bidder,
        "bid": bid,
        "block": block,
        "trump": trump,
        "partner": partner,
        "points": points,
    }


def play(facts, names=FIVE, **table):
    t = Table(names, **table)
    return RULES.score(RULES.clean(facts, t), t)


def refused(facts, names=FIVE) -> dict[str, str]:
    with pytest.raises(HandInvalid) as caught:
        RULES.clean(facts, Table(names))
    return caught.value.errors


def test_table_setup_follows_the_rulebook():
    assert RULES.key == "bishop" and RULES.family == "Bishop"
    assert RULES.player_counts == (4, 5)
    assert (RULES.hand_size(4), RULES.hand_size(5)) == (13, 11)
    assert (RULES.default_target(4), RULES.default_target(5)) == (25, 21)
    assert [o.name for o in RULES.options] == ["jasper_city"]


def test_made_bid_scores_exactly_the_bid_for_bidder_and_partner():
    result = play(hand(bid=7, partner=2, points=9))
    assert result.awards == (7, 0, 7, 0, 0)
    assert result.rule == "made" and result.made is True
    assert (result.bidder, result.partner, result.bid) == (0, 2, 7)
    assert "Ana bid 7 (Knight of Cups) with Cy" in result.explanation
    assert "Ana and Cy score 7 each" in result.explanation


def test_failed_bid_scores_the_bid_for_each_of_the_other_group():
    result = play(hand(bid=7, partner=2, points=5))
    assert result.awards == (0, 7, 0, 7, 7)
    assert result.rule == "failed" and result.made is False
    assert "took 5 points: Ben, Dee and Eli score 7 each" in result.explanation


def test_peace_block_is_called_as_a_bishop():
    result = play(hand(block="peace", trump="Trees"))
    assert "Bishop of Trees" in result.explanation


def test_bidder_without_a_partner_scores_as_a_group_of_one():
    made = play(hand(bid=4, partner=None, points=4))
    assert made.awards == (4, 0, 0, 0, 0)
    assert "alone" in made.explanation and "house ruling" in made.explanation
    failed = play(hand(bid=4, partner=None, points=3))
    assert failed.awards == (0, 4, 4, 4, 4)
    assert "Ben, Cy, Dee and Eli score 4 each" in failed.explanation


def test_four_players_two_against_two():
    result = play(hand(bidder=1, bid=5, partner=0, points=2), names=FOUR)
    assert result.awards == (0, 0, 5, 5)
    assert "Cy and Dee score 5 each" in result.explanation


def test_jasper_city_changes_who_is_partner_not_the_score():
    plain = play(hand())
    jasper = play(hand(), options=frozenset({"jasper_city"}))
    assert plain.awards == jasper.awards
    partner = {f.name: f for f in RULES.fields(Table(FIVE, frozenset({"jasper_city"})))}
    assert "first trick" in partner["partner"].help


def test_partner_cannot_be_the_bidder():
    errors = refused(hand(bidder=3, partner=3))
    assert set(errors) == {"partner"}
    assert "own partner" in errors["partner"]


def test_point_cards_at_most_ten():
    errors = refused(hand(points=11))
    assert set(errors) == {"points"}
    assert "0 to 10" in errors["points"]


def test_bid_from_one_to_ten():
    assert set(refused(hand(bid=11))) == {"bid"}
    assert set(refused(hand(bid=0))) == {"bid"}


def test_the_call_is_a_detail_the_score_never_needs():
    # Ana bids 7 with Cy and they take 7: the same score with the call or without.
    called = play(hand())
    uncalled = play(hand(block=None, trump=None))
    assert called.awards == uncalled.awards == (7, 0, 7, 0, 0)
    assert "(Knight of Cups)" in called.explanation
    assert uncalled.explanation.startswith("Ana bid 7 with Cy and took exactly 7 points")
    assert "(Cups trump)" in play(hand(block=None)).explanation


def test_a_call_that_is_not_one_of_the_choices_is_refused():
    errors = refused(hand(block="love", trump="Spades"))
    assert set(errors) == {"block", "trump"}


def tied(totals, last, dealer=0):
    return RULES.winner(totals, 21, last, Table(FIVE, dealer=dealer))


def test_tie_at_the_top_goes_to_the_bidder():
    last = HandResult((0,) * 5, "", bidder=3, partner=1)
    won = tied([22, 22, 0, 22, 0], last)
    assert won.side == 3 and "bidder" in won.reason


def test_tie_without_the_bidder_goes_to_the_partner():
    last = HandResult((0,) * 5, "", bidder=3, partner=1)
    won = tied([22, 22, 0, 0, 22], last)
    assert won.side == 1 and "partner" in won.reason


def test_tie_among_opponents_goes_nearest_the_dealers_left():
    last = HandResult((0,) * 5, "", bidder=3, partner=1)
    won = tied([22, 0, 22, 0, 22], last, dealer=2)
    assert won.side == 4 and "dealer's left" in won.reason


def test_first_past_the_target_wins_outright():
    won = tied([20, 23, 0, 0, 0], HandResult((0,) * 5, "", bidder=0))
    assert won.side == 1


@st.composite
def bishop_hands(draw, players):
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
def test_clean_is_idempotent(data):
    names = data.draw(st.sampled_from([FOUR, FIVE]))
    t = Table(names)
    once = RULES.clean(data.draw(bishop_hands(len(names))), t)
    assert RULES.clean(once, t) == once


@given(st.data())
def test_totals_are_the_sum_of_awards_and_only_one_group_scores(data):
    names = data.draw(st.sampled_from([FOUR, FIVE]))
    hands = data.draw(st.lists(bishop_hands(len(names)), max_size=8))
    sheet = replay(RULES, Setup(names), hands)
    expected = [0] * len(names)
    for row in sheet.rows:
        scored = [a for a in row.result.awards if a]
        assert scored and all(a == row.result.bid for a in scored)
        expected = [e + a for e, a in zip(expected, row.result.awards, strict=True)]
    assert list(sheet.totals) == expected


def test_a_passed_out_deal_scores_nothing_and_moves_the_dealer():
    # Cy deals, everyone passes: one tap, nobody scores, Dee deals next.
    setup = Setup(FIVE, first_dealer=2, target=21)
    t = setup.table(0)
    (shortcut,) = RULES.shortcuts(t)
    assert shortcut.label == "Everyone passed"
    passed = RULES.clean(shortcut.facts, t)
    sheet = replay(RULES, setup, [passed, hand(bidder=3, partner=0)])
    first, second = sheet.rows
    assert first.dealer == 2 and second.dealer == 3 and sheet.next_table.dealer == 4
    assert first.result.awards == (0, 0, 0, 0, 0) and first.result.made is None
    assert first.result.explanation == (
        "Everyone passed on Cy's deal: nobody scores, and the deal moves left to Dee"
    )
    assert sheet.totals == (7, 0, 0, 7, 0)


def test_a_passed_deal_records_nothing_else():
    assert RULES.clean({"passed": "on", "bidder": "1", "bid": "4"}, Table(FIVE)) == {"passed": True}


def test_bidder_and_partner_passing_together_the_bidder_wins_the_tie():
    # Ana bids 7 with Cy and makes it exactly, three times: both reach 21 on
    # hand 3 together, level; nobody reached it first.
    sheet = replay(RULES, Setup(FIVE, target=21), [hand()] * 3)
    assert sheet.totals == (21, 0, 21, 0, 0) and sheet.decided_at == 3
    assert sheet.winner.side == 0
    assert sheet.winner.reason == (
        "Ana and Cy both passed 21 on the same hand, level on 21; the bidder wins ties"
    )
    assert sheet.rows[-1].result.explanation.endswith(
        "Ana and Cy score 7 each. Ana and Cy both passed 21 on this hand, level on 21; the win "
        "goes to Ana, as the bidder wins ties"
    )
