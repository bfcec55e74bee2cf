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


def test_a_seats_summary_counts_its_own_bids_and_its_sides_best_hand():
    # Ben bids 4 and takes 4, then 6 and takes 3; Cy bids 3 and takes 5.
    hands = [
        {"bidder": 1, "bid": 4, "tricks": [3, 4, 3, 3]},
        {"bidder": 1, "bid": 6, "tricks": [4, 3, 3, 3]},
        {"bidder": 2, "bid": 3, "tricks": [3, 2, 5, 3]},
    ]
    sheet = replay(CORALON, Setup(FOUR, target=999), hands)
    ben, cy = sheet.seat_summary(1), sheet.seat_summary(2)
    assert (ben.bids, ben.bids_made, ben.bid_total) == (2, 1, 10)
    assert (cy.bids, cy.bids_made, cy.bid_total) == (1, 1, 3)
    assert ben.best_hand == max(row.result.awards[1] for row in sheet.rows)
    assert sheet.seat_summary(0).bids == 0


@given(games())
def test_every_seats_summary_is_its_own_hands_and_totals(hands):
    sheet = replay(CORALON, Setup(FOUR, target=999), hands)
    for seat, summary in enumerate(sheet.seat_summaries()):
        mine = [row.result for row in sheet.rows if row.result.bidder == seat]
        mine = [result for result in mine if result.made is not None]
        assert summary.total == sheet.totals[seat]
        assert summary.bids == len(mine)
        assert summary.bids_made == sum(result.made for result in mine)
        assert summary.bid_total == sum(result.bid for result in mine)
        awards = [row.result.awards[seat] for row in sheet.rows]
        assert summary.best_hand == (max(awards) if awards else None)


@given(games(), st.integers(1, 25))
def test_one_more_hand_on_a_sheet_of_the_last_hands_scores_as_the_whole_game(hands, target):
    # A long game's next hand is scored from the sheet of its last hands and
    # what each seat had before: the same as replaying every hand.
    hands = [{"bidder": 0, "bid": 2, "tricks": [2, 4, 4, 3]}, *hands]
    setup = Setup(FOUR, target=target * 10)
    whole = replay(CORALON, setup, hands)
    if whole.winner is not None and whole.decided_at < len(hands):
        return  # a won game takes no more hands
    before = replay(CORALON, setup, hands[:-1])
    last = max(0, len(hands) - 1 - 15)
    shown = tail(
        CORALON,
        setup,
        hands[last:-1],
        before.rows[last - 1].totals if last else before.starting,
        last,
    )
    added = shown.extended(hands[-1])
    assert added.totals == whole.totals and added.winner == whole.winner
    assert added.seat_summaries_after(before.seat_summaries()) == whole.seat_summaries()
