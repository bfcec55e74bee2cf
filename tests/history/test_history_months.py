"""History: games per month as a small chart, and this month, this year."""

import datetime as dt

import pytest
from django.utils import timezone

from tests.factories import make_game
from tests.history.test_history import cards, on

pytestmark = pytest.mark.django_db


def test_the_chart_has_a_bar_per_month_with_empty_months_between(client):
    on(make_game(), "2026-01-05")
    on(make_game(), "2026-01-20")
    on(make_game(), "2026-04-02")
    body = client.get("/history/").content.decode()
    assert body.count('<rect class="bar"') == 4  # January to April
    assert "<title>Jan 2026: 2 games</title>" in body
    assert "<title>Feb 2026: 0 games</title>" in body
    assert "<title>Apr 2026: 1 game</title>" in body
    assert "Games per month." in body


def test_the_chart_follows_the_filters(client):
    on(make_game(), "2026-01-05")
    on(make_game("chevalier"), "2026-03-01")
    on(make_game("chevalier"), "2026-04-01")
    body = client.get("/history/", {"game": "chevalier"}).content.decode()
    assert body.count('<rect class="bar"') == 2
    assert "<title>Mar 2026: 1 game</title>" in body
    assert "Jan 2026" not in body


def test_one_month_of_games_draws_no_chart(client):
    on(make_game(), "2026-11-02")
    on(make_game(), "2026-11-20")
    body = client.get("/history/").content.decode()
    assert "2 games" in body
    assert '<rect class="bar"' not in body and "Games per month" not in body


def test_the_games_come_before_the_filters_the_chart_and_the_downloads(client):
    on(make_game(), "2026-01-05")
    on(make_game(), "2026-03-01")
    body = client.get("/history/").content.decode()
    first_game = body.index('<a class="card"')
    assert first_game < body.index("Filter games")
    assert first_game < body.index('<figure class="months-chart">')
    assert first_game < body.index("Download all games")
    assert first_game < body.index('class="tap-links periods"')


def test_the_chart_shows_at_most_the_latest_two_years(client):
    on(make_game(), "2023-01-05")
    on(make_game(), "2026-06-05")
    body = client.get("/history/").content.decode()
    assert body.count('<rect class="bar"') == 24
    assert "Games per month, the latest 24 months." in body
    assert "<title>Jul 2024: 0 games</title>" in body and "<title>Jun 2024:" not in body


def test_no_games_no_chart(client):
    assert '<rect class="bar"' not in client.get("/history/").content.decode()


def test_this_month_and_this_year_keep_the_other_filters_in_the_address(client):
    today = timezone.localdate()
    on(make_game(), today.isoformat())
    last_year = today.replace(year=today.year - 1, day=1)
    on(make_game(), last_year.isoformat())
    on(make_game("chevalier"), today.isoformat())
    body = client.get("/history/", {"game": "coralon"}).content.decode()
    assert 'href="?game=coralon&amp;when=month"' in body
    assert 'href="?game=coralon&amp;when=year"' in body
    assert (
        cards(client.get("/history/", {"game": "coralon", "when": "month"}).content.decode()) == 1
    )
    assert cards(client.get("/history/", {"game": "coralon", "when": "year"}).content.decode()) == 1
    assert cards(client.get("/history/", {"game": "coralon"}).content.decode()) == 2


def test_this_month_starts_on_the_first(client):
    today = timezone.localdate()
    first = today.replace(day=1)
    on(make_game(), first.isoformat())
    on(make_game(), (first - dt.timedelta(days=1)).isoformat())
    assert cards(client.get("/history/", {"when": "month"}).content.decode()) == 1


def test_this_month_with_dates_as_well_is_refused_beside_the_field(client):
    response = client.get("/history/", {"when": "month", "start": "2026-01-01"})
    assert response.status_code == 422
    assert "Choose this month or this year, or dates below: not both." in response.content.decode()


def test_a_made_up_period_is_refused_not_failed(client):
    assert client.get("/history/", {"when": "decade"}).status_code == 422


def test_a_game_started_deleted_or_restored_shows_in_the_count_and_chart_at_once(client):
    on(make_game(), "2025-12-05")
    first = on(make_game(), "2026-01-05")
    body = client.get("/history/").content.decode()
    assert "2 games" in body and "<title>Jan 2026: 1 game</title>" in body
    second = make_game()  # this month
    this_month = f"<title>{timezone.now():%b %Y}: 1 game</title>"
    body = client.get("/history/").content.decode()
    assert "3 games" in body and this_month in body
    first.delete_game()
    body = client.get("/history/").content.decode()
    assert "2 games" in body and "<title>Jan 2026: 0 games</title>" in body
    first.restore_game()
    body = client.get("/history/").content.decode()
    assert "3 games" in body and "<title>Jan 2026: 1 game</title>" in body
    second.delete_game()
    body = client.get("/history/").content.decode()
    assert "<title>Jan 2026: 1 game</title>" in body and this_month not in body


def test_a_second_look_at_history_counts_nothing_again(client, django_assert_num_queries):
    on(make_game(), "2026-01-05")
    make_game()
    client.get("/history/")
    # who is asking (the session with its person and their groups, and when
    # the group's games last changed) and its players: the page drawn for
    # that state is found kept
    with django_assert_num_queries(2):
        assert "2 games" in client.get("/history/").content.decode()
