"""Chevalier: ten tricks, poison 7s, sweeps and the bump."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring.base import HandInvalid, HandResult, Table
from vinescore.scoring.games.chevalier import Chevalier
from vinescore.scoring.sheet import Setup, replay

NAMES = ("Ana", "Ben", "Cy", "Dee")
RULES = Chevalier()


def hand(bidder=0, bid=5, clean=5, poisoned=0, their_poisoned=0, their_clean=None, discarded=None):
    facts = {
        "bidder": bidder,
        "bid": bid,
        "bidders_clean": clean,
        "bidders_poisoned": poisoned,
        "defenders_poisoned": their_poisoned,
    }
    if their_clean is not None:
        facts["defenders_clean"] = their_clean
    if discarded is not None:
        facts["discarded_poison"] = discarded
    return facts


def play(facts, options=frozenset()):
    t = Table(NAMES, options)
    return RULES.score(RULES.clean(facts, t), t)


def refused(facts) -> dict[str, str]:
    with pytest.raises(HandInvalid) as caught:
        RULES.clean(facts, Table(NAMES))
    return caught.value.errors


def test_a_partnership_game_of_ten_tricks_to_31():
    assert RULES.key == "chevalier" and RULES.partnership
    assert RULES.player_counts == (4,)
    assert RULES.hand_size(4) == 10 and RULES.default_target(4) == 31
    assert [o.name for o in RULES.options] == ["buccaneer"]


def test_rulebook_example_bid_five_collect_three_opponents_score_tricks_plus_bump():
    # "one team bids five points, but they collect only three: zero, and the
    # opposing team scores their tricks plus a five-point bump"
    result = play(hand(bidder=0, bid=5, clean=3))
    assert result.awards == (0, 12)
    assert result.rule == "bump" and result.made is False and result.bid == 5
    assert "Ana & Cy took 3 points: Ana & Cy score nothing" in result.explanation
    assert "Ben & Dee score their 7 plus a bump of 5: 12" in result.explanation


def test_made_bid_both_teams_keep_their_points():
    result = play(hand(bidder=1, bid=6, clean=6, poisoned=1, their_poisoned=1))
    # no sweep: both poisoned tricks are worth nothing; Ana & Cy keep 2 clean
    assert result.awards == (2, 6)
    assert result.rule == "made" and result.made is True
    assert "both teams keep their points (6 and 2)" in result.explanation
    assert "no sweep" in result.explanation


def test_clean_tricks_of_the_other_team_are_worked_out():
    t = Table(NAMES)
    facts = RULES.clean(hand(clean=4, poisoned=1, their_poisoned=2), t)
    assert facts["defenders_clean"] == 3


def test_bidding_team_sweep_doubles_poisoned_tricks():
    result = play(hand(bidder=0, bid=8, clean=4, poisoned=2))
    # 4 clean + 2 poisoned x 2 = 8; the others have 4 clean
    assert result.awards == (8, 4)
    assert result.rule == "sweep" and result.made is True
    assert "Ana & Cy swept the 7s" in result.explanation
    assert "count double" in result.explanation
    # The ruling that decided it is a sentence of its own, said after the explanation.
    assert result.ruling == (
        "House ruling: a sweep is every 7 dealt this hand; those left in the pack do not count"
    )
    assert "house ruling" not in result.explanation.lower()
    assert result.in_full == f"{result.explanation}. {result.ruling}"


def test_a_discarded_seven_means_no_sweep_and_the_bid_fails():
    # Bid 10; 4 clean and 4 poisoned tricks; the fifth 7 went out with the
    # open card. Nobody took every 7 dealt: 4 points, short of 10, so Ben &
    # Dee score their 2 clean tricks plus a bump of 10.
    result = play(hand(bidder=0, bid=10, clean=4, poisoned=4, discarded=True))
    assert result.awards == (0, 12)
    assert result.made is False and result.rule == "bump"
    assert "Ana discarded a 7, so nobody took every 7 dealt" in result.explanation
    assert "the 4 poisoned tricks count nothing" in result.explanation
    assert "plus a bump of 10: 12" in result.explanation


def test_without_the_discard_the_same_tricks_are_a_made_sweep():
    result = play(hand(bidder=0, bid=10, clean=4, poisoned=4, discarded=False))
    assert result.awards == (12, 2)
    assert result.rule == "sweep" and result.made is True


def test_a_discarded_seven_stops_a_defending_sweep_too():
    result = play(hand(bidder=1, bid=4, clean=5, their_poisoned=3, discarded=True))
    # Ben & Dee made 5; Ana & Cy keep only their 2 clean tricks
    assert result.awards == (2, 5)
    assert "no sweep" in result.explanation


def test_a_discarded_tar_under_buccaneer_is_named_as_a_tar():
    t = Table(NAMES, frozenset({"buccaneer"}))
    fields = {f.name: f for f in RULES.fields(t)}
    assert fields["discarded_poison"].label == "The bidder discarded a Tar"
    facts = RULES.clean(hand(bid=6, clean=4, poisoned=2, discarded=True), t)
    assert "Ana discarded a Tar" in RULES.score(facts, t).explanation


def test_after_a_discarded_seven_at_most_four_poisoned_tricks():
    errors = refused(hand(clean=2, poisoned=3, their_poisoned=2, discarded=True))
    assert set(errors) == {"defenders_poisoned"}
    assert "at most 4 in a hand where the bidder discarded a 7" in errors["defenders_poisoned"]


def test_everyone_passed_is_one_tap_and_nobody_scores():
    t = Table(NAMES, dealer=2)
    (shortcut,) = RULES.shortcuts(t)
    assert shortcut.label == "Everyone passed"
    facts = RULES.clean(shortcut.facts, t)
    assert facts == {"passed": True}
    result = RULES.score(facts, t)
    assert result.awards == (0, 0) and result.made is None and result.bidder is None
    assert result.rule == "passed-out"
    assert result.explanation == (
        "Everyone passed on Cy's deal: nobody scores, and the deal moves left to Dee"
    )


def test_a_passed_deal_moves_the_deal_left():
    sheet = replay(RULES, Setup(NAMES, first_dealer=3), [{"passed": True}])
    assert sheet.rows[0].dealer == 3 and sheet.next_table.dealer == 0


def test_defending_team_sweep_counts_poisoned_tricks_once():
    result = play(hand(bidder=0, bid=5, clean=5, their_poisoned=3))
    # 5 clean made the bid; Ben & Dee: 2 clean + 3 poisoned
    assert result.awards == (5, 5)
    assert "Ben & Dee swept the 7s" in result.explanation
    assert "count 1 each" in result.explanation


def test_defending_team_sweep_counts_in_the_bump():
    result = play(hand(bidder=1, bid=6, clean=3, their_poisoned=2))
    # Ben & Dee 3, fail; Ana & Cy: 5 clean + 2 poisoned + bump 6
    assert result.awards == (13, 0)
    assert "plus a bump of 6: 13" in result.explanation


def test_poisoned_tricks_without_a_sweep_are_worth_nothing_even_to_the_bidders():
    result = play(hand(bidder=0, bid=6, clean=5, poisoned=2, their_poisoned=1))
    assert result.awards == (0, 2 + 6)
    assert "no sweep: the 3 poisoned tricks count nothing" in result.explanation


def test_buccaneer_makes_tars_the_poison_with_the_same_scoring():
    plain = play(hand(bidder=0, bid=8, clean=4, poisoned=2))
    tars = play(hand(bidder=0, bid=8, clean=4, poisoned=2), frozenset({"buccaneer"}))
    assert tars.awards == plain.awards
    assert "swept the Tars" in tars.explanation


def test_poisoned_tricks_at_most_five():
    errors = refused(hand(clean=2, poisoned=3, their_poisoned=3))
    assert set(errors) == {"defenders_poisoned"}
    assert "at most 5" in errors["defenders_poisoned"]


def test_poisoned_tricks_of_one_team_at_most_five():
    assert set(refused(hand(clean=2, poisoned=6))) == {"bidders_poisoned"}


def test_tricks_cannot_add_up_to_more_than_ten():
    errors = refused(hand(clean=8, poisoned=2, their_poisoned=1))
    assert set(errors) == {"defenders_clean"}
    assert "10 in a hand" in errors["defenders_clean"]


def test_tricks_entered_for_both_teams_must_add_up_to_ten():
    errors = refused(hand(clean=5, poisoned=1, their_poisoned=1, their_clean=4))
    assert set(errors) == {"defenders_clean"}
    assert "add up to 11" in errors["defenders_clean"]


def test_bid_from_one_to_fifteen_the_most_a_team_can_make():
    assert set(refused(hand(bid=16))) == {"bid"}
    assert set(refused(hand(bid=0))) == {"bid"}
    assert play(hand(bid=15, clean=5, poisoned=5)).awards == (15, 0)


def test_tie_at_the_top_goes_to_the_bidding_team():
    last = HandResult((0, 0), "", bidder=3)
    won = RULES.winner([33, 33], 31, last, Table(NAMES))
    assert won.side == 1 and "bidding team" in won.reason


@st.composite
def chevalier_hands(draw):
    poisoned = draw(st.integers(0, 5))
    their_poisoned = draw(st.integers(0, 5 - poisoned))
    clean = draw(st.integers(0, 10 - poisoned - their_poisoned))
    given_clean = draw(st.booleans())
    return hand(
        bidder=draw(st.integers(0, 3)),
        bid=draw(st.integers(1, 15)),
        clean=clean,
        poisoned=poisoned,
        their_poisoned=their_poisoned,
        their_clean=10 - clean - poisoned - their_poisoned if given_clean else None,
    )


@given(chevalier_hands())
def test_clean_is_idempotent(facts):
    t = Table(NAMES)
    once = RULES.clean(facts, t)
    assert RULES.clean(once, t) == once
    assert (
        once["bidders_clean"]
        + once["bidders_poisoned"]
        + once["defenders_clean"]
        + once["defenders_poisoned"]
        == 10
    )


@given(chevalier_hands())
def test_after_a_sweep_only_the_sweepers_poisoned_tricks_count(facts):
    result = play(facts)
    us = facts["bidder"] % 2
    ours, theirs = result.awards[us], result.awards[1 - us]
    clean_ours = facts["bidders_clean"]
    if result.made:
        assert clean_ours <= ours <= clean_ours + 2 * facts["bidders_poisoned"]
    else:
        assert ours == 0 and theirs >= facts["bid"]


@given(st.lists(chevalier_hands(), max_size=10))
def test_totals_are_the_sum_of_awards(hands):
    sheet = replay(RULES, Setup(NAMES), hands)
    expected = [0, 0]
    for row in sheet.rows:
        expected = [e + a for e, a in zip(expected, row.result.awards, strict=True)]
    assert list(sheet.totals) == expected


@given(chevalier_hands())
def test_with_a_discarded_seven_poisoned_tricks_never_score(facts):
    t = Table(NAMES)
    facts = {**facts, "discarded_poison": True}
    if facts["bidders_poisoned"] + facts["defenders_poisoned"] == 5:
        with pytest.raises(HandInvalid):
            RULES.clean(facts, t)
        return
    facts = RULES.clean(facts, t)
    result = RULES.score(facts, t)
    ours, theirs = facts["bidders_clean"], facts["defenders_clean"]
    if not result.made:
        ours, theirs = 0, theirs + facts["bid"]
    assert result.awards == ((ours, theirs) if facts["bidder"] % 2 == 0 else (theirs, ours))


def test_both_teams_passing_31_on_one_hand_level_the_bidding_team_wins():
    # Ana and Cy bid 5 and take 5 clean tricks each hand, Ben and Dee the
    # other 5: 30 all after six hands, 35 all after the seventh.
    sheet = replay(RULES, Setup(NAMES, target=31), [hand()] * 7)
    assert sheet.totals == (35, 35) and sheet.decided_at == 7
    assert sheet.winner.side == 0
    assert sheet.winner.reason == (
        "Ana & Cy and Ben & Dee both passed 31 on the same hand, level on 35; the bidding team "
        "wins ties"
    )


def test_both_teams_passing_31_on_one_hand_the_higher_score_wins():
    sheet = replay(RULES, Setup(NAMES, target=31), [hand()] * 6 + [hand(clean=6)])
    assert sheet.totals == (36, 34) and sheet.winner.side == 0
    assert sheet.winner.reason == (
        "Ana & Cy and Ben & Dee both passed 31 on the same hand; the higher score wins"
    )
