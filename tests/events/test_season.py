import pytest

from vinescore.events import season


def test_only_each_players_best_results_count():
    rows = season([{1: 3.0, 2: 2.0}, {1: 0.5, 2: 2.5}, {1: 3.5, 2: 1.0}], best=2)
    by = {row.player: row for row in rows}
    assert by[1].counted == (3.5, 3.0)
    assert by[1].total == 6.5
    assert by[2].total == 4.5
    assert [row.player for row in rows] == [1, 2]


def test_a_player_short_of_the_minimum_is_listed_unranked_below_the_ranked():
    rows = season([{1: 1.0, 2: 4.0}, {1: 1.0}, {1: 1.0, 3: 2.0}, {3: 2.0}], best=3, minimum=2)
    assert [(row.player, row.place) for row in rows] == [(3, 1), (1, 2), (2, None)]
    assert rows[-1].events == 1


def test_level_totals_share_a_place():
    rows = season([{1: 2.0, 2: 2.0, 3: 1.0}], best=1)
    assert [row.place for row in rows] == [1, 1, 3]


def test_a_season_counting_no_results_is_refused():
    with pytest.raises(ValueError):
        season([], best=0)


def test_an_empty_period_has_an_empty_ladder():
    assert season([], best=5, minimum=3) == []
