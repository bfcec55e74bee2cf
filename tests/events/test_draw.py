import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vinescore.events import (
    Draw,
    DrawRefused,
    Shape,
    Table,
    draw_round,
    meetings,
    swap_seats,
    table_sizes,
)
from vinescore.scoring import Coralon, CoralonPartners

CORALON = Shape.of(Coralon())
PARTNERS = Shape.of(CoralonPartners())
FOURS = Shape((4,))


def night(players: int, shape: Shape, rounds: int = 6, seed: int = 1) -> list[Draw]:
    """A night of rounds, each drawn by a made-up standings order."""
    rng = random.Random(seed)
    draws: list[Draw] = []
    for number in range(1, rounds + 1):
        ranking = list(range(players))
        rng.shuffle(ranking)
        draws.append(draw_round(number, range(players), shape, rng, draws, ranking))
    return draws


def test_thirteen_at_coralon_sit_five_four_four():
    assert table_sizes(13, CORALON.player_counts) == [5, 4, 4]


def test_tables_stay_near_four_rather_than_few():
    assert table_sizes(12, CORALON.player_counts) == [4, 4, 4]
    assert table_sizes(17, CORALON.player_counts) == [5, 4, 4, 4]


def test_a_count_the_game_cannot_split_is_refused_with_the_reason():
    with pytest.raises(DrawRefused, match="13 players cannot be split into tables of 4"):
        table_sizes(13, PARTNERS.player_counts)
    with pytest.raises(DrawRefused):
        table_sizes(2, CORALON.player_counts)


@given(st.integers(3, 120))
def test_every_split_uses_only_sizes_the_game_allows_and_differs_by_one_at_most(players):
    sizes = table_sizes(players, CORALON.player_counts)
    assert sum(sizes) == players
    assert set(sizes) <= set(CORALON.player_counts)
    assert max(sizes) - min(sizes) <= 1


@pytest.mark.parametrize(
    ("players", "shape"), [(13, CORALON), (17, CORALON), (24, CORALON), (40, FOURS), (24, PARTNERS)]
)
def test_six_rounds_seat_everyone_once_at_tables_the_game_allows(players, shape):
    for draw in night(players, shape):
        assert sorted(draw.players()) == list(range(players))
        assert all(len(table.seats) in shape.player_counts for table in draw.tables)
        assert all(0 <= table.dealer < len(table.seats) for table in draw.tables)


@pytest.mark.parametrize(
    ("players", "shape", "most"), [(17, CORALON, 2), (24, CORALON, 2), (40, FOURS, 1)]
)
def test_over_six_rounds_no_pair_meets_a_third_time(players, shape, most):
    for seed in range(3):
        assert max(meetings(night(players, shape, seed=seed)).values()) <= most


def test_twenty_four_meet_no_one_twice_in_the_first_four_rounds():
    assert max(meetings(night(24, CORALON, rounds=4)).values()) == 1


def test_forty_at_tables_of_four_never_meet_twice_in_six_rounds():
    for seed in range(3):
        assert max(meetings(night(40, FOURS, seed=seed)).values()) == 1


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([13, 17, 24]))
def test_each_round_repeats_no_more_than_needed(seed, players):
    # after two rounds every player has met few others: the third round
    # can always be drawn with no pair meeting a third time
    met = meetings(night(players, CORALON, rounds=3, seed=seed))
    assert max(met.values()) <= 2


def test_the_second_round_seats_the_leaders_together():
    rng = random.Random(5)
    first = Draw(
        1,
        (
            Table(1, (0, 4, 8, 12)),
            Table(2, (1, 5, 9, 13)),
            Table(3, (2, 6, 10, 14)),
            Table(4, (3, 7, 11, 15)),
        ),
    )
    second = draw_round(2, range(16), FOURS, rng, [first], ranking=list(range(16)))
    assert set(second.tables[0].seats) == {0, 1, 2, 3}
    assert set(second.tables[-1].seats) == {12, 13, 14, 15}


def test_leaders_who_already_met_are_parted_only_as_far_as_needed():
    rng = random.Random(5)
    first = Draw(1, (Table(1, (0, 1, 2, 3)), Table(2, (4, 5, 6, 7))))
    second = draw_round(2, range(8), FOURS, rng, [first], ranking=list(range(8)))
    assert all(len(set(t.seats) & {0, 1, 2, 3}) == 2 for t in second.tables)


def test_partners_sit_across_and_change_when_they_can():
    draws = night(24, PARTNERS)
    partnered = Counter(
        frozenset((t.seats[a], t.seats[a + 2]))
        for draw in draws
        for t in draw.tables
        for a in (0, 1)
    )
    assert max(partnered.values()) == 1


def test_a_latecomer_is_seated_from_the_next_round_and_a_leaver_is_not():
    rng = random.Random(2)
    first = draw_round(1, range(12), CORALON, rng)
    here = [p for p in range(12) if p != 3] + [99]
    second = draw_round(2, here, CORALON, rng, [first], ranking=list(range(12)))
    assert 99 in second.players()
    assert 3 not in second.players()


def test_round_one_is_drawn_by_the_seed():
    one = draw_round(1, range(13), CORALON, random.Random(7))
    again = draw_round(1, range(13), CORALON, random.Random(7))
    other = draw_round(1, range(13), CORALON, random.Random(8))
    assert one == again
    assert one != other


def test_the_organiser_swaps_two_seats_across_tables():
    draw = Draw(1, (Table(1, (1, 2, 3, 4), dealer=2), Table(2, (5, 6, 7, 8))))
    swapped = swap_seats(draw, 2, 7)
    assert swapped.tables[0].seats == (1, 7, 3, 4)
    assert swapped.tables[1].seats == (5, 6, 2, 8)
    assert swapped.tables[0].dealer == 2
    assert draw.tables[0].seats == (1, 2, 3, 4)  # the old draw is left alone


def test_a_swap_of_nobody_or_oneself_is_refused():
    draw = Draw(1, (Table(1, (1, 2, 3, 4)),))
    with pytest.raises(DrawRefused, match="two different"):
        swap_seats(draw, 2, 2)
    with pytest.raises(DrawRefused, match="no seat"):
        swap_seats(draw, 2, 42)


def least_worst(players: list[int], sizes: list[int], earlier: list[Draw]) -> int:
    """The fewest meetings the most-met pair of one more round can come to,
    found by trying every split of the players into tables (small cases)."""
    met = meetings(earlier)

    def worst(left: list[int], sizes: list[int]) -> int:
        if not sizes:
            return 0
        head, rest = left[0], left[1:]
        best = None
        for others in combinations(rest, sizes[0] - 1):
            here = max(met[frozenset(pair)] + 1 for pair in combinations((head, *others), 2))
            if best is not None and here >= best:
                continue
            remaining = [p for p in rest if p not in others]
            found = max(here, worst(remaining, sizes[1:]))
            best = found if best is None else min(best, found)
        return best

    return worst(players, sizes)


def worst_of(draw: Draw, earlier: list[Draw]) -> int:
    return max(
        meetings([*earlier, draw])[frozenset(pair)]
        for t in draw.tables
        for pair in combinations(t.seats, 2)
    )


@pytest.mark.parametrize(("players", "shape"), [(8, FOURS), (13, CORALON)])
def test_each_round_repeats_no_more_than_every_split_tried(players, shape):
    draws = night(players, shape)
    sizes = table_sizes(players, shape.player_counts)
    for number in range(1, len(draws)):
        assert worst_of(draws[number], draws[:number]) <= least_worst(
            list(range(players)), sizes, draws[:number]
        )


def test_a_round_before_the_first_or_partners_not_four_a_table_are_refused():
    with pytest.raises(DrawRefused, match="numbered from 1"):
        draw_round(0, range(12), CORALON, random.Random(1))
    with pytest.raises(DrawRefused, match="table of four"):
        draw_round(1, range(10), Shape((4, 5, 6), partnership=True), random.Random(1))


def test_two_hundred_tables_are_drawn_without_repeats():
    # the biggest night the club night is built for
    assert max(meetings(night(800, FOURS, rounds=2)).values()) == 1
