import re

import pytest

from tests.factories import make_game
from vinescore.charts import running_totals
from vinescore.history.charts import results_over_time
from vinescore.table.models import Player

pytestmark = pytest.mark.django_db
BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def points(svg: str) -> list[list[tuple[float, float]]]:
    """Each line's points where they are drawn on the chart's frame."""
    a, _, _, d, e, f = map(float, re.search(r'<g transform="matrix\(([^)]+)\)"', svg)[1].split())
    lines = re.findall(r'<polyline class="series[^"]*" [^>]*points="([^"]+)"', svg)
    return [
        [(a * x + e, d * y + f) for x, y in (map(float, p.split(",")) for p in line.split())]
        for line in lines
    ]


def test_running_totals_draw_one_line_per_side_from_the_start():
    svg = running_totals(("Ana", "Ben"), [[0, 5, 5], [3, 3, 10]], target=10)
    # Written as (hand, total), from hand 0.
    assert 'points="0,0 1,0 2,5 3,5"' in svg and 'points="0,0 1,3 2,3 3,10"' in svg
    lines = points(svg)
    assert len(lines) == 2 and [len(line) for line in lines] == [4, 4]
    # Higher totals sit higher on the chart (smaller y); Ben ends on the target line.
    assert lines[1][-1][1] < lines[0][-1][1]
    target_y = float(re.search(r'<line class="target" [^>]*y1="([^"]+)"', svg)[1])
    assert lines[1][-1][1] == pytest.approx(target_y, abs=0.05)
    # The last hand is at the frame's right edge, the start at its left.
    assert lines[0][0][0] == 34 and lines[0][-1][0] == pytest.approx(352)
    assert "target 10" in svg


def test_chart_labels_are_escaped():
    svg = running_totals(("<b>Ana</b>", "Ben"), [[1], [2]], title="A & B")
    assert "<b>" not in svg and "&lt;b&gt;Ana&lt;/b&gt;" in svg and "A &amp; B" in svg


def test_results_over_time_marks_each_game_won_or_lost():
    svg = results_over_time([True, False, True])
    assert svg.count('class="won"') == 2 and svg.count('class="lost"') == 1
    assert "3 games" in svg


def test_the_score_sheet_shows_the_running_totals_chart(client):
    game = make_game(hands=[BEN_13] * 2)
    body = client.get(game.get_absolute_url()).content.decode()
    assert '<svg class="chart"' in body and "Totals over the game" in body
    assert len(points(body)) == 4


def test_a_game_with_no_hands_has_no_chart(client):
    body = client.get(make_game().get_absolute_url()).content.decode()
    assert '<svg class="chart"' not in body


def test_the_player_page_charts_their_results(client):
    make_game(hands=[BEN_13] * 4)
    ben = Player.objects.get(name="Ben")
    body = client.get(f"/players/{ben.pk}/").content.decode()
    assert '<svg class="chart"' in body and 'class="won"' in body


def test_a_players_chart_shows_at_most_their_latest_hundred_games(client, monkeypatch):
    from vinescore.history import player_views

    monkeypatch.setattr(player_views, "CHART_GAMES", 2)
    for _ in range(3):
        make_game(hands=[BEN_13] * 4)
    ben = Player.objects.get(name="Ben")
    body = client.get(f"/players/{ben.pk}/").content.decode()
    assert body.count('class="won"') == 2
