"""Coins: turning a hand's settlement, or a session's balances, into payments.

`transfers` writes a hand's money as payments from the players who pay to
the players who receive; `settle_up` squares a whole session against the
stakes in as few payments as possible; `describe` puts payments into words.
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import Payment
from .words import gettext

# Above this many players who are up or down, the exact search gives way to
# a greedy one (2**n subsets).
EXACT_LIMIT = 12


def transfers(
    payers: Sequence[tuple[int, int]], payees: Sequence[tuple[int, int]]
) -> list[Payment]:
    """Match what each payer owes against what each payee is due, in order.

    `payers` and `payees` are (seat, coins) pairs with equal totals. Each
    payer's coins go to the payees in turn, so a payer only splits a payment
    when their coins straddle two payees.
    """
    if sum(c for _, c in payers) != sum(c for _, c in payees):
        raise ValueError("what is paid must equal what is received")
    out: list[Payment] = []
    due = [[seat, coins] for seat, coins in payees if coins > 0]
    i = 0
    for seat, coins in payers:
        while coins > 0:
            payee = due[i]
            amount = min(coins, payee[1])
            if payee[0] != seat:
                out.append(Payment(seat, payee[0], amount))
            coins -= amount
            payee[1] -= amount
            if payee[1] == 0:
                i += 1
    return out


def _greedy(diffs: dict[int, int]) -> list[Payment]:
    """Largest debtor pays largest creditor until everyone is square: at most
    one payment fewer than the players involved."""
    left = dict(diffs)
    out: list[Payment] = []
    while True:
        down = [s for s, d in left.items() if d < 0]
        up = [s for s, d in left.items() if d > 0]
        if not down:
            return out
        payer = min(down, key=lambda s: (left[s], s))
        payee = max(up, key=lambda s: (left[s], -s))
        amount = min(-left[payer], left[payee])
        out.append(Payment(payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount


def _zero_sum_groups(seats: list[int], diffs: dict[int, int]) -> list[list[int]]:
    """Split `seats` into the largest number of groups that each add up to
    zero (each group then settles in one payment fewer than its size)."""
    n = len(seats)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + diffs[seats[low]]
    # best[mask]: most zero-sum groups the seats in mask can be cut into,
    # taking seats out one at a time (a group closes when the sum is zero).
    best = [0] * (full + 1)
    last = [0] * (full + 1)
    for mask in range(1, full + 1):
        bonus = 1 if total[mask] == 0 else 0
        top, pick = -1, 0
        m = mask
        while m:
            bit = m & -m
            if best[mask ^ bit] > top:
                top, pick = best[mask ^ bit], bit
            m ^= bit
        best[mask] = top + bonus
        last[mask] = pick
    # Walk back: the order seats were taken out, cut where the sum is zero.
    groups: list[list[int]] = []
    current: list[int] = []
    mask = full
    while mask:
        if total[mask] == 0 and current:
            groups.append(current)
            current = []
        bit = last[mask]
        current.append(seats[bit.bit_length() - 1])
        mask ^= bit
    if current:
        groups.append(current)
    return groups


def settle_up(balances: Sequence[int], stakes: int) -> list[Payment]:
    """The fewest payments that bring every balance back to `stakes`.

    Each player is up (balance above stakes) or down; payments go from those
    down to those up, so a payer covers what they are down and a payee cashes
    in what they are up. Exact for up to EXACT_LIMIT players who are not square;
    greedy beyond that (still at most one payment fewer than the players).
    """
    diffs = {seat: b - stakes for seat, b in enumerate(balances) if b != stakes}
    if sum(diffs.values()) != 0:
        raise ValueError(
            gettext(
                "balances add up to {total}, not {n}: they cannot all come back to the stakes"
            ).format(total=sum(balances), n=stakes * len(balances))
        )
    seats = sorted(diffs)
    if len(seats) > EXACT_LIMIT:
        return _greedy(diffs)
    out: list[Payment] = []
    for group in _zero_sum_groups(seats, diffs):
        out.extend(_greedy({s: diffs[s] for s in group}))
    return sorted(out, key=lambda p: (p.payer, p.payee))


def describe(payments: Sequence[Payment], names: Sequence[str]) -> list[str]:
    """One line a player can read per payment: "Ben pays Ana 12"."""
    return [
        gettext("{name} pays {name2} {coins}").format(
            name=names[p.payer], name2=names[p.payee], coins=p.coins
        )
        for p in payments
    ]
