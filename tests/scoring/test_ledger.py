"""Settling a coin session: the fewest payments that square everyone."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.scoring.base import Payment, net
from vinescore.scoring.ledger import EXACT_LIMIT, describe, settle_up, transfers

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal")


def balances_after(balances, payments):
    """Each player's balance once the payments are made: what a player
    receives cashes in coins they are up, what they pay covers coins down."""
    moved = net(payments, len(balances))
    return [b - m for b, m in zip(balances, moved, strict=True)]


def most_zero_groups(diffs: list[int]) -> int:
    """Brute force: the most groups a list of nonzero amounts adding to zero
    splits into, each adding to zero."""
    if not diffs:
        return 0
    first, rest = diffs[0], diffs[1:]
    best = 0
    # the group holding `first`: any subset of the rest that cancels it
    for mask in range(1 << len(rest)):
        chosen = [rest[i] for i in range(len(rest)) if mask >> i & 1]
        if first + sum(chosen) == 0:
            others = [rest[i] for i in range(len(rest)) if not mask >> i & 1]
            best = max(best, 1 + most_zero_groups(others))
    return best


def test_everyone_square_needs_no_payment():
    assert settle_up([100, 100, 100], 100) == []


def test_one_loser_pays_each_winner():
    payments = settle_up([110, 95, 95, 100], 100)
    assert sorted(payments, key=lambda p: p.payer) == [Payment(1, 0, 5), Payment(2, 0, 5)]


def test_pairs_that_cancel_settle_between_themselves():
    # Ana +5, Ben -5, Cy +3, Dee -3: two payments, not three
    payments = settle_up([105, 95, 103, 97], 100)
    assert len(payments) == 2
    assert set(payments) == {Payment(1, 0, 5), Payment(3, 2, 3)}


def test_exact_search_beats_largest_debtor_first():
    # +6 +4 against -3 -3 -4: {+4, -4} and {+6, -3, -3} take 3 payments;
    # paying the biggest debt to the biggest credit first takes 4.
    balances = [106, 104, 97, 97, 96]
    payments = settle_up(balances, 100)
    assert len(payments) == 3
    assert balances_after(balances, payments) == [100] * 5


def test_balances_that_do_not_add_up_are_refused():
    with pytest.raises(ValueError, match="cannot all come back"):
        settle_up([101, 100], 100)


def test_describe_reads_payer_payee_and_coins():
    assert describe([Payment(1, 0, 12), Payment(3, 2, 1)], NAMES) == [
        "Ben pays Ana 12",
        "Dee pays Cy 1",
    ]


def test_transfers_split_a_payer_only_across_two_payees():
    # 4-player Baronet, bid 5: Ben and Dee pay 5 each; Ana takes 7, Cy 3
    assert transfers([(1, 5), (3, 5)], [(0, 7), (2, 3)]) == [
        Payment(1, 0, 5),
        Payment(3, 0, 2),
        Payment(3, 2, 3),
    ]


def test_transfers_refuse_unequal_sides():
    with pytest.raises(ValueError):
        transfers([(0, 3)], [(1, 2)])


@st.composite
def session(draw, max_players=8):
    players = draw(st.integers(2, max_players))
    stakes = draw(st.integers(0, 200))
    diffs = draw(st.lists(st.integers(-60, 60), min_size=players - 1, max_size=players - 1))
    diffs.append(-sum(diffs))
    return [stakes + d for d in diffs], stakes


@given(session())
def test_settle_up_brings_every_balance_back_to_stakes(case):
    balances, stakes = case
    payments = settle_up(balances, stakes)
    assert balances_after(balances, payments) == [stakes] * len(balances)
    assert len(payments) <= len(balances) - 1
    for p in payments:
        assert p.coins > 0
        assert balances[p.payer] < stakes < balances[p.payee]


@given(session(max_players=6))
def test_settle_up_uses_the_fewest_payments(case):
    balances, stakes = case
    diffs = [b - stakes for b in balances if b != stakes]
    assert len(settle_up(balances, stakes)) == len(diffs) - most_zero_groups(diffs)


NONZERO = st.integers(-50, -1) | st.integers(1, 50)


@given(st.lists(NONZERO, min_size=EXACT_LIMIT + 1, max_size=EXACT_LIMIT + 4))
def test_large_sessions_settle_greedily_but_completely(diffs):
    balances = [100 + d for d in [*diffs, -sum(diffs)]]
    payments = settle_up(balances, 100)
    assert balances_after(balances, payments) == [100] * len(balances)
    assert len(payments) <= len(balances) - 1
