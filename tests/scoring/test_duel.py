"""The duel tracker: health through a round, rounds to win the match."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring import REGISTRY, HandInvalid, Setup, Table, replay

DUEL = REGISTRY["duel"]
PAIR = ("Ana", "Ben")


def play(hands, health=10, rounds=2):
    return replay(DUEL, Setup(PAIR, target=rounds, stakes=health), hands)


def test_damage_carries_through_the_round():
    sheet = play([{"damage": [0, 4]}, {"damage": [3, 2]}])
    assert sheet.rows[-1].result.explanation == ("Ana takes 3 and Ben takes 2: Ana 7 health, Ben 4")
    # Ben dealt more in the last exchange (3 to Ana's 2): he attacks next.
    assert DUEL.status(sheet.next_table) == "Round 1: Ana 7 health, Ben 4 · Ben attacks"


def test_dropping_below_zero_loses_the_round_and_health_resets():
    sheet = play([{"damage": [0, 10]}, {"damage": [0, 1]}])
    assert sheet.rows[0].totals == (0, 0)  # exactly 0 is still standing
    assert sheet.rows[1].totals == (1, 0)
    assert "Ben drops below 0 (-1): Ana wins round 1" in sheet.rows[1].result.explanation
    assert DUEL.status(sheet.next_table) == (
        "Round 2: Ana 10 health, Ben 10 · both reveal a card at once"
    )


def test_an_exhausted_deck_loses_the_round_whatever_the_health():
    sheet = play([{"damage": [0, 0], "exhausted": 0}])
    assert sheet.totals == (0, 1)
    assert "Ana's deck is exhausted: Ben wins round 1" in sheet.rows[0].result.explanation


def test_both_below_zero_the_one_further_down_loses():
    sheet = play([{"damage": [12, 15]}])
    assert sheet.totals == (1, 0) and "house ruling" in sheet.rows[0].result.explanation


def test_both_level_below_zero_replays_the_round():
    sheet = play([{"damage": [12, 12]}])
    assert sheet.totals == (0, 0)
    assert DUEL.status(sheet.next_table) == (
        "Round 1: Ana 10 health, Ben 10 · both reveal a card at once"
    )


def test_the_match_goes_to_the_first_to_win_the_rounds_chosen():
    out = {"damage": [0, 11]}
    sheet = play([out, out], rounds=2)
    assert sheet.winner.side == 0 and sheet.decided_at == 2


def test_damage_out_of_range_is_refused():
    with pytest.raises(HandInvalid) as refused:
        DUEL.clean({"damage": ["100", "0"]}, Table(PAIR, stakes=10))
    assert "damage" in refused.value.errors


def test_one_tap_buttons_cover_each_side_and_each_deck():
    labels = [s.label for s in DUEL.shortcuts(Table(PAIR, stakes=10))]
    assert "Ana takes 1" in labels and "Ben takes 5" in labels
    assert "Ben's deck is out" in labels


@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), max_size=30))
def test_rounds_won_equal_the_rounds_decided_and_health_never_starts_a_round_low(exchanges):
    sheet = play([{"damage": list(d)} for d in exchanges], rounds=99)
    assert sum(sheet.totals) == sum(1 for r in sheet.rows if r.result.rule == "round-won")
    for row in sheet.rows:
        if row.result.rule != "exchange":
            a, b, _ = row.result.carry
            assert a == b == 10


def test_the_sheet_says_who_attacks_each_exchange():
    status = []
    sheet = play([])
    for damage in ([1, 3], [0, 2], [0, 0], [2, 0], [0, 0]):
        status.append(DUEL.status(sheet.next_table).split(" · ")[1])
        sheet = sheet.extended({"damage": damage})
    status.append(DUEL.status(sheet.next_table).split(" · ")[1])
    assert status == [
        "both reveal a card at once",  # the round opens with a reveal
        "Ana attacks",  # Ana dealt 3 to Ben's 1
        "Ana attacks",  # her attack got through: she may chain
        "Ben attacks",  # all blocked: the attack passes over
        "Ben attacks",  # Ben hit Ana for 2
        "Ana attacks",  # all blocked again
    ]


def test_a_level_reveal_leaves_the_first_attack_to_the_younger_player():
    sheet = play([{"damage": [2, 2]}])
    assert DUEL.status(sheet.next_table).endswith(
        "level after the reveal: the younger player attacks"
    )
