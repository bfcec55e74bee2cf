"""The free-form score pad: any game, 1 to 12 players, points per round."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring import REGISTRY, HandInvalid, Setup, Table, replay

PAD = REGISTRY["pad"]
THREE = ("Ana", "Ben", "Cy")


def test_a_round_adds_each_players_points_and_says_who_scored():
    t = Table(THREE)
    result = PAD.score(PAD.clean({"points": ["12", "", "-3"]}, t), t)
    assert result.awards == (12, 0, -3)
    assert result.explanation == "Round scored: Ana +12 and Cy -3"


def test_points_beyond_the_pads_range_are_refused():
    with pytest.raises(HandInvalid) as refused:
        PAD.clean({"points": ["1", "2", "999999"]}, Table(THREE))
    assert "points" in refused.value.errors


def test_one_to_twelve_players():
    assert PAD.player_counts == tuple(range(1, 13))


def test_with_a_target_the_highest_score_wins_once_someone_reaches_it():
    rounds = [{"points": [30, 45, 10]}, {"points": [25, 0, 20]}]
    sheet = replay(PAD, Setup(THREE, target=50), rounds)
    assert sheet.winner.side == 0 and sheet.decided_at == 2


def test_when_low_wins_reaching_the_target_ends_it_and_the_lowest_wins():
    rounds = [{"points": [30, 45, 10]}, {"points": [25, 0, 20]}]
    sheet = replay(PAD, Setup(THREE, options=frozenset({"low_wins"}), target=50), rounds)
    assert sheet.winner.side == 2 and "lowest" in sheet.winner.reason


def test_without_a_target_the_table_ends_it_and_level_players_share():
    rounds = [{"points": [5, 5, 1]}]
    assert replay(PAD, Setup(THREE), rounds).winner is None
    ended = replay(PAD, Setup(THREE, ended=True), rounds)
    assert ended.winner.side == 0 and ended.winner.shared_with == (1,)
    assert ended.winner_words == f"{THREE[0]} and {THREE[1]}"


@given(st.lists(st.lists(st.integers(-500, 500), min_size=3, max_size=3), max_size=20))
def test_totals_equal_the_sum_of_the_rounds(rounds):
    sheet = replay(PAD, Setup(THREE), [{"points": r} for r in rounds])
    assert list(sheet.totals) == [sum(r[i] for r in rounds) for i in range(3)]
