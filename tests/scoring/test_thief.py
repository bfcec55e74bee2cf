"""Thief and Thieves: scoring, checks and the whole-game properties."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring.base import HandInvalid, Table
from vinescore.scoring.games.thief import Thief, Thieves
from vinescore.scoring.sheet import Setup, replay

FOUR = ("Ana", "Ben", "Cy", "Dee")
THIEF, THIEVES = Thief(), Thieves()


def table(names=FOUR, *options, dealer=0):
    return Table(names, frozenset(options), dealer)


def thief_hand(bidder, bid, tricks, thieves, t=None):
    t = t or table()
    facts = THIEF.clean({"bidder": bidder, "bid": bid, "tricks": tricks, "thieves": thieves}, t)
    return THIEF.score(facts, t)


def thieves_hand(bidder, bid, took, ours, theirs):
    t = table()
    facts = THIEVES.clean(
        {
            "bidder": bidder,
            "bid": bid,
            "bidders_tricks": took,
            "bidders_thieves": ours,
            "others_thieves": theirs,
        },
        t,
    )
    return THIEVES.score(facts, t)


# --- Thief, bidding points ------------------------------------------------


def test_exact_bid_in_points_scores_only_the_bidder():
    r = thief_hand(0, 7, [5, 3, 3, 2], [2, 1, 0, 4])
    assert r.awards == (7, 0, 0, 0)
    assert (r.rule, r.made, r.bid, r.bidder) == ("exact", True, 7, 0)
    assert "Ana bid 7 and took exactly 7 points (5 tricks + 2 thieves)" in r.explanation
    assert "only Ana scores" in r.explanation


def test_exceeding_the_bid_lets_everyone_score_tricks_and_thieves():
    r = thief_hand(1, 4, [2, 6, 3, 2], [0, 1, 2, 3])
    assert r.awards == (2, 7, 5, 5)
    assert r.rule == "exceed" and r.made
    assert "everyone scores their tricks and thieves" in r.explanation
    assert "house ruling" not in r.explanation


def test_exceeding_on_thieves_alone_is_named_as_a_house_ruling():
    # 5 tricks on a bid of 6 is short in tricks, but 7 points exceeds it
    r = thief_hand(0, 6, [5, 4, 2, 2], [2, 0, 0, 0])
    assert r.awards == (7, 4, 2, 2)
    assert r.rule == "exceed"
    assert "house ruling: exceeding counts tricks and thieves" in r.explanation


def test_missed_bid_scores_the_bidder_nothing_and_everyone_else_their_points():
    r = thief_hand(2, 9, [3, 3, 4, 3], [1, 0, 2, 5])
    assert r.awards == (4, 3, 0, 8)
    assert (r.rule, r.made) == ("miss", False)
    assert "Cy bid 9 and took 6 points" in r.explanation
    assert "Cy scores nothing" in r.explanation


def test_one_blank_trick_count_is_worked_out_from_the_hand_size():
    t = table(("Ana", "Ben", "Cy"))
    facts = THIEF.clean({"bidder": 0, "bid": 3, "tricks": [4, "", 4], "thieves": [0, 0, 0]}, t)
    assert facts["tricks"] == [4, 4, 4]  # three players hold 12 cards each


def test_bids_run_from_three_to_the_hand_size_plus_the_most_thieves():
    # At most one thief a trick and eleven in all: 6 players (9 tricks) keep
    # at most 9 thieves, so the highest bid is 18.
    for players, size, top in ((3, 12, 23), (4, 13, 24), (5, 11, 22), (6, 9, 18)):
        t = table(tuple("ABCDEF"[:players]))
        fields = {f.name: f for f in THIEF.fields(t)}
        assert (fields["bid"].min, fields["bid"].max) == (3, top)
        assert fields["thieves"].most == top - size
        assert THIEF.hand_size(players) == size


def test_six_players_refuse_eleven_thieves_and_a_bid_of_twenty():
    six = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay")
    t = table(six)
    with pytest.raises(HandInvalid) as e:
        thief_hand(0, 20, [4, 1, 1, 1, 1, 1], [3, 2, 2, 2, 1, 1], t)
    assert e.value.errors == {
        "bid": "Bid (points) must be from 3 to 18; 20 is out of range.",
        "thieves": "Thieves kept: at most 9 in a hand (one a trick, 9 tricks); these add up to 11.",
    }
    # 4 tricks and 9 thieves: 13 points, exactly the bid
    result = thief_hand(0, 13, [4, 1, 1, 1, 1, 1], [9, 0, 0, 0, 0, 0], t)
    assert result.awards == (13, 0, 0, 0, 0, 0)


def test_targets_follow_the_rulebook():
    assert [THIEF.default_target(n) for n in (3, 4, 5, 6)] == [60, 40, 30, 30]


# --- Thief, trick-only bidding --------------------------------------------


def test_trick_only_exact_bid_others_keep_only_their_thieves():
    t = table(FOUR, "trick_only")
    r = thief_hand(0, 5, [5, 3, 3, 2], [2, 1, 0, 4], t)
    assert r.awards == (7, 1, 0, 4)
    assert r.rule == "exact" and r.made
    assert "Ana bid 5 tricks and took exactly 5" in r.explanation
    assert "only their thieves" in r.explanation
    assert "house ruling: thieves always score" in r.explanation


def test_trick_only_exceeding_scores_everyone_tricks_and_thieves():
    t = table(FOUR, "trick_only")
    r = thief_hand(0, 4, [5, 3, 3, 2], [2, 1, 0, 4], t)
    assert r.awards == (7, 4, 3, 6)
    assert r.rule == "exceed"


def test_trick_only_missed_bid_still_scores_the_bidders_thieves():
    t = table(FOUR, "trick_only")
    r = thief_hand(3, 6, [5, 3, 3, 2], [2, 1, 0, 4], t)
    assert r.awards == (7, 4, 3, 4)
    assert (r.rule, r.made) == ("miss", False)
    assert "Dee scores only 4 thieves" in r.explanation


def test_trick_only_bids_cannot_exceed_the_tricks_in_a_hand():
    t = table(FOUR, "trick_only")
    bid = {f.name: f for f in THIEF.fields(t)}["bid"]
    assert (bid.min, bid.max) == (3, 13)
    with pytest.raises(HandInvalid) as e:
        thief_hand(0, 14, [5, 3, 3, 2], [0, 0, 0, 0], t)
    assert set(e.value.errors) == {"bid"}


# --- Thief checks ---------------------------------------------------------


def test_more_than_eleven_thieves_is_refused():
    with pytest.raises(HandInvalid) as e:
        thief_hand(0, 7, [5, 3, 3, 2], [4, 4, 4, 0])
    assert set(e.value.errors) == {"thieves"}
    assert "at most 11" in e.value.errors["thieves"]
    assert "12" in e.value.errors["thieves"]


def test_eleven_thieves_is_accepted():
    thief_hand(0, 7, [5, 3, 3, 2], [4, 4, 3, 0])


def test_tricks_that_do_not_add_up_are_refused():
    with pytest.raises(HandInvalid) as e:
        thief_hand(0, 7, [5, 3, 3, 3], [0, 0, 0, 0])
    assert set(e.value.errors) == {"tricks"}


def test_a_bid_below_three_is_refused():
    with pytest.raises(HandInvalid) as e:
        thief_hand(0, 2, [5, 3, 3, 2], [0, 0, 0, 0])
    assert set(e.value.errors) == {"bid"}


def test_trick_only_bids_start_at_three_too():
    t = table(FOUR, "trick_only")
    with pytest.raises(HandInvalid) as e:
        thief_hand(0, 2, [5, 3, 3, 2], [0, 0, 0, 0], t)
    assert e.value.errors == {"bid": "Bid (tricks) must be from 3 to 13; 2 is out of range."}
    assert thief_hand(0, 3, [5, 3, 3, 2], [0, 0, 0, 0], t).made


def test_ben_alone_past_40_reached_it_first():
    # Ben bids 3 and takes 6 each hand, Ana 5: Ben 42 and Ana 35 after 7.
    hands = [{"bidder": 1, "bid": 3, "tricks": [5, 6, 1, 1], "thieves": [0, 0, 0, 0]}] * 7
    sheet = replay(THIEF, Setup(FOUR, target=40), hands)
    assert sheet.totals[:2] == (35, 42) and sheet.winner.reason == "first to reach 40"


def test_ana_and_ben_passing_40_on_one_hand_level_the_bidder_wins():
    # 35 each after 7 hands; on the 8th Ana takes 6 tricks, Ben 5 and a thief.
    hands = [{"bidder": 1, "bid": 3, "tricks": [5, 5, 2, 1], "thieves": [0, 0, 0, 0]}] * 7 + [
        {"bidder": 1, "bid": 3, "tricks": [6, 5, 1, 1], "thieves": [0, 1, 0, 0]}
    ]
    sheet = replay(THIEF, Setup(FOUR, target=40), hands)
    assert sheet.totals[:2] == (41, 41) and sheet.winner.side == 1
    assert sheet.winner.reason == (
        "Ana and Ben both passed 40 on the same hand, level on 41; the bidder wins ties"
    )
    assert "first" not in sheet.rows[-1].result.explanation
    assert sheet.rows[-1].result.explanation.endswith(
        "the win goes to Ben, as the bidder wins ties"
    )


def test_a_tie_at_the_top_goes_to_the_bidder():
    setup = Setup(("Ana", "Ben", "Cy"), target=60)
    hands = [
        {"bidder": 1, "bid": 3, "tricks": [6, 6, 0], "thieves": [0, 0, 0]},
    ] * 10
    sheet = replay(THIEF, setup, hands)
    assert sheet.totals == (60, 60, 0)
    assert sheet.winner.side == 1
    assert "bidder" in sheet.winner.reason


# --- Thieves (partners) ---------------------------------------------------


def test_thieves_exact_bid_other_team_scores_only_their_thieves():
    r = thieves_hand(0, 7, 7, 2, 3)
    assert r.awards == (9, 3)
    assert (r.rule, r.made, r.bid) == ("exact", True, 7)
    assert "Ana bid 7 tricks and Ana and Cy took exactly 7" in r.explanation
    assert "Ben and Dee score only their 3 thieves" in r.explanation
    assert "house ruling" in r.explanation


def test_thieves_exceeding_scores_both_teams_tricks_and_thieves():
    r = thieves_hand(1, 6, 8, 1, 4)
    assert r.awards == (9, 9)  # Ana and Cy: 5 tricks + 4 thieves; Ben and Dee 8 + 1
    assert r.rule == "exceed"
    assert "both teams score their tricks and thieves" in r.explanation


def test_thieves_missed_bid_keeps_only_the_bidders_thieves():
    r = thieves_hand(3, 8, 6, 2, 1)
    assert r.awards == (8, 2)
    assert (r.rule, r.made) == ("miss", False)
    assert "Dee bid 8 tricks and Dee and Ben took 6" in r.explanation
    assert "Dee and Ben score only their 2 thieves" in r.explanation


def test_thieves_teams_cannot_keep_more_than_eleven_thieves():
    with pytest.raises(HandInvalid) as e:
        thieves_hand(0, 7, 7, 6, 6)
    assert set(e.value.errors) == {"others_thieves"}
    assert "11" in e.value.errors["others_thieves"]


def test_thieves_bids_run_from_two_to_thirteen():
    bid = {f.name: f for f in THIEVES.fields(table())}["bid"]
    assert (bid.min, bid.max) == (2, 13)
    assert THIEVES.default_target(4) == 80
    assert THIEVES.partnership and THIEVES.family == THIEF.family == "Thief"


def test_thieves_level_teams_at_the_target_goes_to_the_bidders():
    setup = Setup(FOUR, target=80)
    level = [
        {"bidder": 0, "bid": 2, "bidders_tricks": 7, "bidders_thieves": 1, "others_thieves": 2}
    ] * 10  # 8 v 8 each hand
    sheet = replay(THIEVES, setup, level)
    assert sheet.totals == (80, 80)
    assert sheet.winner.side == 0


# --- properties -------------------------------------------------------------


@st.composite
def thief_games(draw):
    players = draw(st.sampled_from(THIEF.player_counts))
    names = tuple("Ana Ben Cy Dee Eve Fay".split()[:players])
    options = frozenset(draw(st.sampled_from([(), ("trick_only",)])))
    size = THIEF.hand_size(players)
    hands = []
    for _ in range(draw(st.integers(1, 6))):
        cuts = sorted(
            draw(st.lists(st.integers(0, size), min_size=players - 1, max_size=players - 1))
        )
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, size], strict=True)]
        kept = draw(st.integers(0, min(11, size)))
        cuts = sorted(
            draw(st.lists(st.integers(0, kept), min_size=players - 1, max_size=players - 1))
        )
        thieves = [b - a for a, b in zip([0, *cuts], [*cuts, kept], strict=True)]
        top = size if "trick_only" in options else size + min(11, size)
        hands.append(
            {
                "bidder": draw(st.integers(0, players - 1)),
                "bid": draw(st.integers(3, top)),
                "tricks": tricks,
                "thieves": thieves,
            }
        )
    setup = Setup(names, draw(st.integers(0, players - 1)), options, 60)
    return setup, hands


@given(thief_games())
def test_thief_valid_hands_are_accepted_and_replay_adds_up(game):
    setup, hands = game
    cleaned = []
    for i, facts in enumerate(hands):
        t = setup.table(i)
        once = THIEF.clean(facts, t)
        assert THIEF.clean(once, t) == once
        cleaned.append(once)
    sheet = replay(THIEF, setup, cleaned)
    for side in range(len(setup.names)):
        assert sheet.totals[side] == sum(r.result.awards[side] for r in sheet.rows)
    for row in sheet.rows:
        f, r = row.facts, row.result
        points = [a + b for a, b in zip(f["tricks"], f["thieves"], strict=True)]
        for seat, award in enumerate(r.awards):
            assert 0 <= award <= points[seat]
        assert r.bidder == f["bidder"] and r.bid == f["bid"]
        assert r.made == (r.rule != "miss")
        assert setup.names[f["bidder"]] in r.explanation


@st.composite
def thieves_hands(draw):
    took = draw(st.integers(0, 13))
    ours = draw(st.integers(0, 11))
    return {
        "bidder": draw(st.integers(0, 3)),
        "bid": draw(st.integers(2, 13)),
        "bidders_tricks": took,
        "bidders_thieves": ours,
        "others_thieves": draw(st.integers(0, 11 - ours)),
    }


@given(st.lists(thieves_hands(), min_size=1, max_size=8), st.integers(0, 3))
def test_thieves_valid_hands_are_accepted_and_replay_adds_up(hands, dealer):
    setup = Setup(FOUR, dealer, target=80)
    cleaned = []
    for i, facts in enumerate(hands):
        once = THIEVES.clean(facts, setup.table(i))
        assert THIEVES.clean(once, setup.table(i)) == once
        cleaned.append(once)
    sheet = replay(THIEVES, setup, cleaned)
    assert sheet.totals == tuple(sum(r.result.awards[s] for r in sheet.rows) for s in (0, 1))
    for row in sheet.rows:
        f, r = row.facts, row.result
        us = f["bidder"] % 2
        assert r.awards[us] >= f["bidders_thieves"]  # thieves always score
        assert r.awards[1 - us] >= f["others_thieves"]
        assert sum(r.awards) <= 13 + 11
        assert r.made == (f["bidders_tricks"] >= f["bid"])
