"""Coralon (Game 1) and Coralon Partners (Game 2), from the rulebook and our rulings."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring import REGISTRY, HandInvalid, Setup, Table, replay

CORALON = REGISTRY["coralon"]
PARTNERS = REGISTRY["coralon-partners"]
FOUR = ("Ana", "Ben", "Cy", "Dee")


def table(names=FOUR, *options, dealer=0):
    return Table(names, frozenset(options), dealer)


def score(rules, facts, *options, names=FOUR, dealer=0):
    t = table(names, *options, dealer=dealer)
    return rules.score(rules.clean(facts, t), t)


# --- Coralon --------------------------------------------------------------


def test_exact_bid_only_the_bidder_scores():
    result = score(CORALON, {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]})
    assert result.awards == (0, 4, 0, 0)
    assert result.explanation == "Ben bid 4 and took exactly 4: only Ben scores"
    assert result.made is True


def test_exceeding_the_bid_everyone_scores_their_tricks():
    result = score(CORALON, {"bidder": 1, "bid": 4, "tricks": [2, 6, 2, 3]})
    assert result.awards == (2, 6, 2, 3)
    assert "everyone scores their tricks" in result.explanation


def test_missing_the_bid_the_bidder_scores_nothing_and_others_their_tricks():
    result = score(CORALON, {"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]})
    assert result.awards == (0, 4, 4, 2)
    assert result.explanation.startswith("Ana bid 5 and took 3: Ana scores nothing")
    assert result.made is False


def test_hand_sizes_follow_the_deck_dealt_out():
    assert [CORALON.hand_size(n) for n in (3, 4, 5, 6)] == [18, 13, 11, 9]


def test_targets_by_player_count_come_from_the_rulebook():
    assert [CORALON.default_target(n) for n in (3, 4, 5, 6)] == [60, 40, 25, 25]


def test_last_players_tricks_are_worked_out_from_the_hand_size():
    facts = CORALON.clean({"bidder": 2, "bid": 3, "tricks": [5, 1, 3, ""]}, table())
    assert facts["tricks"] == [5, 1, 3, 4]


def test_tricks_that_do_not_add_up_are_refused_naming_the_total():
    with pytest.raises(HandInvalid) as refused:
        CORALON.clean({"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 5]}, table())
    assert refused.value.errors == {"tricks": "Tricks: 13 in a 4-player hand; these add up to 14."}


def test_bid_below_two_or_above_the_hand_size_is_refused():
    for bid in (1, 14):
        with pytest.raises(HandInvalid) as refused:
            CORALON.clean({"bidder": 1, "bid": bid, "tricks": [3, 4, 2, 4]}, table())
        assert "bid" in refused.value.errors


def test_zero_bid_is_refused_unless_the_table_plays_zero_bids():
    facts = {"bidder": 1, "bid": "zero", "tricks": [3, 0, 5, 5]}
    with pytest.raises(HandInvalid) as refused:
        CORALON.clean(facts, table())
    assert "bid" in refused.value.errors
    assert CORALON.clean(facts, table(FOUR, "zero"))["bid"] == "zero"


def test_made_zero_scores_the_whole_hand_and_nobody_else_scores():
    result = score(CORALON, {"bidder": 1, "bid": "zero", "tricks": [3, 0, 5, 5]}, "zero")
    assert result.awards == (0, 13, 0, 0)
    assert "scores the 13 tricks of the hand" in result.explanation


def test_broken_zero_scores_the_bidder_nothing_and_others_their_tricks():
    result = score(CORALON, {"bidder": 1, "bid": "zero", "tricks": [3, 2, 4, 4]}, "zero")
    assert result.awards == (3, 0, 4, 4)
    assert "Ben bid zero and took 2 tricks: Ben scores nothing" in result.explanation


def test_less_succeeds_when_every_earlier_zero_bidder_took_a_trick():
    # Dee deals: Ana bids first, then Ben, then Cy.
    facts = {"bidder": 2, "bid": "less", "earlier_zeros": [0], "tricks": [1, 6, 0, 6]}
    result = score(CORALON, facts, "zero", "less", dealer=3)
    assert result.awards == (0, 0, 13, 0)


def test_less_fails_when_an_earlier_zero_bidder_also_took_nothing():
    facts = {"bidder": 2, "bid": "less", "earlier_zeros": [0], "tricks": [0, 7, 0, 6]}
    result = score(CORALON, facts, "zero", "less", dealer=3)
    assert result.awards == (0, 7, 0, 6)
    assert "Ana also took no trick" in result.explanation


def test_two_zeros_before_less_need_the_zero_after_zero_option():
    facts = {"bidder": 2, "bid": "less", "earlier_zeros": [0, 1], "tricks": [1, 6, 0, 6]}
    with pytest.raises(HandInvalid) as refused:
        CORALON.clean(facts, table(FOUR, "zero", "less", dealer=3))
    assert "earlier_zeros" in refused.value.errors
    CORALON.clean(facts, table(FOUR, "zero", "less", "zero_after_zero", dealer=3))


def test_less_is_refused_when_the_zero_bidder_bids_after_it():
    # Ana deals, so Ben bids first, then Cy, Dee, and Ana last: Ana's zero
    # cannot have come before Cy's "less".
    facts = {"bidder": 2, "bid": "less", "earlier_zeros": [0], "tricks": [1, 6, 0, 6]}
    with pytest.raises(HandInvalid) as refused:
        CORALON.clean(facts, table(FOUR, "zero", "less", dealer=0))
    assert refused.value.errors == {
        "earlier_zeros": "Ana bids after Cy (bidding starts on the dealer's left, Ben, and "
        "goes once around): only a player who bids before Cy can have bid zero before the "
        "“less”."
    }


def test_less_after_a_zero_from_the_dealers_left_is_accepted():
    # Ana deals: Ben opens with zero, Cy bids less.
    facts = {"bidder": 2, "bid": "less", "earlier_zeros": [1], "tricks": [6, 1, 0, 6]}
    assert score(CORALON, facts, "zero", "less", dealer=0).awards == (0, 0, 13, 0)


def test_the_dealer_bids_last_so_cannot_have_bid_zero_before_anyone():
    facts = {"bidder": 1, "bid": "less", "earlier_zeros": [3], "tricks": [6, 0, 6, 1]}
    with pytest.raises(HandInvalid) as refused:
        CORALON.clean(facts, table(FOUR, "zero", "less", dealer=3))
    assert refused.value.errors["earlier_zeros"].startswith("Dee bids after Ben")
    # With Cy dealing, Dee bids first and Ben after her.
    assert CORALON.clean(facts, table(FOUR, "zero", "less", dealer=2))["bidder"] == 1


# Ana bids 3 and takes 6 each hand, Ben 5 or 6: both close on 40.
ANA_AHEAD = [{"bidder": 0, "bid": 3, "tricks": [6, 6, 0, 1]}] * 3 + [
    {"bidder": 0, "bid": 3, "tricks": [6, 5, 1, 1]}
] * 3
LEVEL = [{"bidder": 0, "bid": 3, "tricks": [6, 6, 0, 1]}] * 5 + [
    {"bidder": 0, "bid": 3, "tricks": [6, 5, 1, 1]}
]
BEN_EXCEEDS = {"bidder": 1, "bid": 3, "tricks": [6, 7, 0, 0]}


def played(hands, target=40):
    setup = Setup(FOUR, target=target)
    return replay(CORALON, setup, [CORALON.clean(h, setup.table(i)) for i, h in enumerate(hands)])


def test_both_passing_the_target_on_one_hand_the_higher_score_wins():
    # Ana 36, Ben 33; Ben bids 3 and takes 7 on hand 7: everyone scores
    # their tricks, Ana reaches 42 and Ben 40. Nobody reached 40 first.
    sheet = played([*ANA_AHEAD, BEN_EXCEEDS])
    assert sheet.totals[:2] == (42, 40) and sheet.decided_at == 7
    assert sheet.winner.side == 0
    assert (
        sheet.winner.reason == "Ana and Ben both passed 40 on the same hand; the higher score wins"
    )
    assert sheet.rows[-1].result.explanation == (
        "Ben bid 3 and took 7: everyone scores their tricks. Ana and Ben both passed 40 on this "
        "hand; the win goes to Ana, as the higher score wins"
    )
    assert "first" not in sheet.winner.reason


def test_both_passing_the_target_level_the_bidder_wins_the_tie():
    # Ana 36, Ben 35; Ben's hand 7 takes both to 42.
    sheet = played([*LEVEL, BEN_EXCEEDS])
    assert sheet.totals[:2] == (42, 42)
    assert sheet.winner.side == 1
    assert sheet.winner.reason == (
        "Ana and Ben both passed 40 on the same hand, level on 42; the bidder wins ties"
    )
    assert sheet.rows[-1].result.explanation.endswith(
        "Ana and Ben both passed 40 on this hand, level on 42; the win goes to Ben, as the "
        "bidder wins ties"
    )
    assert [p.note for p in sheet.standings()][:2] == ["", "level with Ben; the bidder wins ties"]


def test_one_player_alone_past_the_target_reached_it_first():
    sheet = played([*ANA_AHEAD, {"bidder": 2, "bid": 3, "tricks": [6, 5, 1, 1]}])
    assert sheet.totals[:2] == (42, 38)
    assert sheet.winner.reason == "first to reach 40"
    assert (
        sheet.rows[-1].result.explanation
        == "Cy bid 3 and took 1: Cy scores nothing; everyone else scores their tricks"
    )


def test_three_passing_together_the_highest_score_wins():
    won = CORALON.winner([44, 41, 40, 12], 40, score(CORALON, BEN_EXCEEDS), table())
    assert won.side == 0
    assert won.reason == "Ana, Ben and Cy all passed 40 on the same hand; the highest score wins"


def test_three_passing_two_level_at_the_top_names_those_level():
    last = score(CORALON, {"bidder": 3, "bid": 3, "tricks": [4, 4, 1, 4]})
    won = CORALON.winner([44, 44, 40, 12], 40, last, table(dealer=3))
    assert won.side == 0  # Ana sits on the dealer's left
    assert won.reason == (
        "Ana, Ben and Cy all passed 40 on the same hand, Ana and Ben level on 44; the tie goes "
        "to the player nearest the dealer's left"
    )


def test_tie_at_the_top_goes_to_the_bidder():
    t = table()
    last = score(CORALON, {"bidder": 2, "bid": 3, "tricks": [5, 1, 3, 4]})
    won = CORALON.winner([41, 20, 41, 30], 40, last, t)
    assert won.side == 2 and "bidder" in won.reason


def test_tie_without_the_bidder_goes_to_the_player_nearest_the_dealers_left():
    t = table(dealer=1)  # Cy sits on Ben's left, then Dee, then Ana
    last = score(CORALON, {"bidder": 1, "bid": 3, "tricks": [5, 1, 3, 4]})
    won = CORALON.winner([41, 20, 30, 41], 40, last, t)
    assert won.side == 3 and "dealer's left" in won.reason


# --- Coralon Partners -----------------------------------------------------


def test_partners_exact_bid_only_the_bidding_team_scores():
    result = score(PARTNERS, {"bidder": 1, "bid": 7, "bidders_tricks": 7})
    assert result.awards == (0, 7)
    assert result.explanation == "Ben bid 7 and Ben & Dee took exactly 7: only Ben & Dee score"


def test_partners_exceeding_both_teams_score_their_tricks():
    assert score(PARTNERS, {"bidder": 0, "bid": 6, "bidders_tricks": 9}).awards == (9, 4)


def test_partners_missing_gives_the_other_team_their_tricks():
    result = score(PARTNERS, {"bidder": 3, "bid": 8, "bidders_tricks": 6})
    assert result.awards == (7, 0)
    assert "Ana & Cy score their 7 tricks" in result.explanation


def test_partners_made_zero_scores_ten_and_double_zero_twenty_five():
    assert score(PARTNERS, {"bidder": 0, "bid": "zero", "bidders_tricks": 0}, "zero").awards == (
        10,
        0,
    )
    double = score(
        PARTNERS, {"bidder": 1, "bid": "double_zero", "bidders_tricks": 0}, "zero", "double_zero"
    )
    assert double.awards == (0, 25)


def test_partners_broken_zero_gives_the_opponents_the_rest_of_the_tricks():
    result = score(PARTNERS, {"bidder": 0, "bid": "zero", "bidders_tricks": 2}, "zero")
    assert result.awards == (0, 11)


def test_partners_double_zero_needs_its_option():
    with pytest.raises(HandInvalid):
        PARTNERS.clean(
            {"bidder": 1, "bid": "double_zero", "bidders_tricks": 0}, table(FOUR, "zero")
        )


def test_partners_tie_at_the_top_goes_to_the_bidding_team():
    last = score(PARTNERS, {"bidder": 1, "bid": 7, "bidders_tricks": 7})
    assert PARTNERS.winner([62, 62], 60, last, table()).side == 1


# --- invariants -----------------------------------------------------------


@st.composite
def coralon_hands(draw, players=None):
    n = players or draw(st.integers(3, 6))
    size = CORALON.hand_size(n)
    cuts = sorted(draw(st.lists(st.integers(0, size), min_size=n - 1, max_size=n - 1)))
    tricks = [b - a for a, b in zip([0, *cuts], [*cuts, size], strict=True)]
    bid = draw(st.one_of(st.integers(2, size), st.just("zero")))
    return n, {"bidder": draw(st.integers(0, n - 1)), "bid": bid, "tricks": tricks}


@given(coralon_hands())
def test_a_hand_never_awards_more_than_the_tricks_in_it(hand):
    n, facts = hand
    t = Table(tuple("ABCDEF"[:n]), frozenset({"zero"}))
    result = CORALON.score(CORALON.clean(facts, t), t)
    assert all(a >= 0 for a in result.awards)
    assert sum(result.awards) <= CORALON.hand_size(n)


@given(coralon_hands())
def test_cleaning_twice_changes_nothing(hand):
    n, facts = hand
    t = Table(tuple("ABCDEF"[:n]), frozenset({"zero"}))
    once = CORALON.clean(facts, t)
    assert CORALON.clean(once, t) == once
