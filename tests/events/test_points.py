import pytest
from hypothesis import given
from hypothesis import strategies as st

from vinescore.events import TableResult, event_points, standings
from vinescore.events.points import RULE, rule


def alone(*scores: float, first: int = 1) -> TableResult:
    return TableResult(tuple((first + i,) for i in range(len(scores))), scores)


def points(table: TableResult) -> dict[int, float]:
    return {player: won for player, (won, _) in event_points(table).items()}


def test_a_winner_at_five_and_a_winner_at_four_weigh_alike():
    five = points(alone(50, 40, 30, 20, 10))
    four = points(alone(50, 40, 30, 20, first=11))
    assert five[1] == four[11] == 1
    assert five[5] == four[14] == 0
    assert five == {1: 1, 2: 0.75, 3: 0.5, 4: 0.25, 5: 0}
    assert four[12] == pytest.approx(2 / 3)


def test_players_level_at_a_table_share_the_places_between_them():
    assert points(alone(30, 30, 10, 0)) == {
        1: pytest.approx(2.5 / 3),
        2: pytest.approx(2.5 / 3),
        3: pytest.approx(1 / 3),
        4: 0,
    }


def test_partners_both_take_their_sides_points():
    found = event_points(TableResult(((1, 3), (2, 4)), (120, 80)))
    assert found == {1: (1, 40), 3: (1, 40), 2: (0, -40), 4: (0, -40)}


def test_a_drawn_partnership_game_gives_each_side_a_half():
    assert points(TableResult(((1, 3), (2, 4)), (100, 100))) == {1: 0.5, 3: 0.5, 2: 0.5, 4: 0.5}


def test_the_score_margin_is_ones_score_less_the_others_mean():
    assert event_points(alone(60, 30, 0))[1] == (1, 45)


def test_a_table_without_two_scored_sides_is_refused():
    with pytest.raises(ValueError):
        event_points(TableResult(((1,),), (10,)))
    with pytest.raises(ValueError):
        event_points(TableResult(((1,), (2,)), (10,)))


@given(st.lists(st.integers(-200, 200), min_size=2, max_size=6))
def test_a_tables_points_sum_to_half_of_its_meetings(scores):
    # every pair of players hands out one point between them, shared on a tie
    found = points(alone(*scores))
    others = len(scores) - 1
    assert sum(found.values()) * others == pytest.approx(len(scores) * others / 2)
    assert all(0 <= won <= 1 for won in found.values())


def test_the_standings_add_up_the_rounds_and_break_ties_by_margin():
    rounds = [
        alone(50, 40, 30, 20, 10),  # 1 wins a table of five
        TableResult(((6,), (7,), (8,), (9,)), (90, 10, 5, 0)),  # 6 wins big at four
        TableResult(((1,), (6,), (2,), (3,)), (0, 0, 30, 40)),  # 1 and 6 level last
    ]
    table = standings(rounds)
    by = {row.player: row for row in table}
    assert by[1].points == by[6].points == pytest.approx(1 + 0.5 / 3)
    assert table.index(by[6]) < table.index(by[1])  # level on points, 6's margin is larger
    assert by[3].played == 2
    assert [row.place for row in table] == sorted(row.place for row in table)


def test_players_level_on_points_and_margin_share_a_place():
    table = standings([alone(10, 10), alone(10, 10, first=3)])
    assert [row.place for row in table] == [1, 1, 1, 1]


def test_the_rule_is_stated_for_the_event_page():
    assert "a tie counting half" in rule()
    assert "table of five and a table of four" in rule()
    assert rule() == RULE  # English until a language is installed
