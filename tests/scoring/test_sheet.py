"""Replaying a game from its facts: totals, the deal passing left, the winner."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring import REGISTRY, Setup, replay, tail

CORALON = REGISTRY["coralon"]
FOUR = ("Ana", "Ben", "Cy", "Dee")


@st.composite
def games(draw):
    hands = []
    for _ in range(draw(st.integers(0, 25))):
        cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
        hands.append(
            {"bidder": draw(st.integers(0, 3)), "bid": draw(st.integers(2, 13)), "tricks": tricks}
        )
    return hands


def test_the_deal_passes_left_after_every_hand_starting_with_the_first_dealer():
    hands = [{"bidder": 0, "bid": 2, "tricks": [2, 4, 4, 3]}] * 5
    sheet = replay(CORALON, Setup(FOUR, first_dealer=2, target=999), hands)
    assert [row.dealer for row in sheet.rows] == [2, 3, 0, 1, 2]
    assert sheet.next_table.dealer == 3


def test_the_game_is_won_after_the_hand_that_reaches_the_target():
    exact = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
    sheet = replay(CORALON, Setup(FOUR, target=40), [exact] * 4)
    assert sheet.totals == (0, 52, 0, 0)
    assert sheet.winner.side == 1 and sheet.decided_at == 4


@given(games())
def test_totals_equal_the_sum_of_the_hand_awards(hands):
    sheet = replay(CORALON, Setup(FOUR, target=40), hands)
    for side in range(4):
        assert sheet.totals[side] == sum(row.result.awards[side] for row in sheet.rows)


@given(games(), st.data())
def test_deleting_then_restoring_a_hand_changes_nothing(hands, data):
    before = replay(CORALON, Setup(FOUR, target=40), hands)
    if hands:
        i = data.draw(st.integers(0, len(hands) - 1))
        without = hands[:i] + hands[i + 1 :]
        replay(CORALON, Setup(FOUR, target=40), without)
        restored = without[:i] + [hands[i]] + without[i:]
        after = replay(CORALON, Setup(FOUR, target=40), restored)
        assert after.totals == before.totals
        assert after.winner == before.winner
        assert [r.result for r in after.rows] == [r.result for r in before.rows]


@given(games(), st.data())
def test_editing_a_hand_changes_no_total_before_it(hands, data):
    if not hands:
        return
    i = data.draw(st.integers(0, len(hands) - 1))
    edited = list(hands)
    edited[i] = {"bidder": (hands[i]["bidder"] + 1) % 4, "bid": 2, "tricks": [13, 0, 0, 0]}
    a = replay(CORALON, Setup(FOUR, target=999), hands)
    b = replay(CORALON, Setup(FOUR, target=999), edited)
    assert [r.totals for r in a.rows[:i]] == [r.totals for r in b.rows[:i]]


@given(games(), st.integers(0, 3), st.data())
def test_the_last_hands_replayed_from_the_totals_before_them_are_the_sheets_last_rows(
    hands, dealer, data
):
    setup = Setup(FOUR, first_dealer=dealer, target=99_999)
    whole = replay(CORALON, setup, hands)
    offset = data.draw(st.integers(0, len(hands)))
    before = whole.rows[offset - 1].totals if offset else whole.starting
    last = tail(CORALON, setup, hands[offset:], before, offset)
    assert last.rows == whole.rows[offset:]
    assert last.totals == whole.totals
    assert last.next_table == whole.next_table


def test_a_duel_is_not_replayed_from_its_last_exchanges():
    # Each exchange starts from the health the one before left.
    duel = REGISTRY["duel"]
    with pytest.raises(ValueError, match="carries"):
        tail(duel, Setup(FOUR[:2], target=3, stakes=20), [{"damage": [1, 0]}], (20, 20), 5)
