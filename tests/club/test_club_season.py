"""A club's season: its nights finished in the period, each player's best
results added up, and a minimum of nights before a player is ranked."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.factories import default_group, make_player
from vinescore.club.models import Entrant, Event
from vinescore.club.season import season_of
from vinescore.club.standings import Row, Standings

pytestmark = pytest.mark.django_db


def finished_night(day: int, points: dict[str, float], monkeypatch, results: dict) -> None:
    """A night finished on 2026-03-`day`, whose standings give `points`."""
    event = Event.objects.create(
        group=default_group(),
        name=f"Night {day}",
        kind="coralon",
        rounds=1,
        finished_at=datetime(2026, 3, day, 21, tzinfo=UTC),
    )
    for name in points:
        Entrant.objects.create(event=event, player=make_player(name))
    results[event.pk] = points


def test_each_players_best_nights_count_and_too_few_nights_rank_nobody(monkeypatch):
    results: dict[int, dict[str, float]] = {}
    finished_night(3, {"Ana": 1.0, "Ben": 0.5, "Cy": 0.0}, monkeypatch, results)
    finished_night(10, {"Ana": 0.25, "Ben": 1.0, "Cy": 0.75}, monkeypatch, results)
    finished_night(17, {"Ana": 0.75, "Ben": 0.0}, monkeypatch, results)
    finished_night(24, {"Dee": 1.0}, monkeypatch, results)

    def standings(event):  # each night's standings as its tables left them
        rows = [
            Row(0, make_player(name).pk, name, points, 0.0, 1)
            for name, points in results[event.pk].items()
        ]
        return Standings(tuple(rows), (), 1)

    monkeypatch.setattr("vinescore.club.season.event_standings", standings)
    events, lines = season_of(
        default_group(), datetime(2026, 3, 1).date(), datetime(2026, 3, 31).date(), 2, 2
    )
    assert len(events) == 4
    table = {line.name: (line.row.place, line.row.total, line.row.events) for line in lines}
    # Ana's best two of three: 1 and 0.75; Ben's: 1 and 0.5; Cy's two: 0.75 and 0.
    assert table["Ana"] == (1, 1.75, 3)
    assert table["Ben"] == (2, 1.5, 3)
    assert table["Cy"] == (3, 0.75, 2)
    # Dee won the one night she played: listed, not ranked.
    assert table["Dee"] == (None, 1.0, 1)
    assert [line.name for line in lines] == ["Ana", "Ben", "Cy", "Dee"]


def test_a_night_outside_the_period_does_not_count(monkeypatch):
    results: dict[int, dict[str, float]] = {}
    finished_night(3, {"Ana": 1.0}, monkeypatch, results)
    events, lines = season_of(
        default_group(), datetime(2026, 4, 1).date(), datetime(2026, 4, 30).date(), 5, 0
    )
    assert events == [] and lines == []


def test_the_season_page_refuses_a_period_that_ends_before_it_starts(client):
    response = client.get("/events/season/?start=2026-05-01&end=2026-04-01&best=3&minimum=1")
    assert response.status_code == 422
    assert "The season ends after it starts." in response.text
    bad = client.get("/events/season/?best=0")
    assert bad.status_code == 422
    assert client.get("/events/season/").status_code == 200


def test_a_finished_night_counts_in_this_years_season(client):
    from tests.club.test_club_night import play_out, start
    from vinescore.club.models import EventTable

    event = start(client, names=["Ana", "Ben", "Cy", "Dee"], rounds=1)
    client.post(f"/events/{event.pk}/draw/", {"round": "1"})
    game = EventTable.objects.get(round__event=event).game
    play_out(game)
    winner = game.seats.get(position=0).player.name
    client.post(f"/events/{event.pk}/finish/")
    page = client.get("/events/season/?minimum=1").text
    assert "1 club night finished in the period counts." in page
    assert page.index(winner) < min(page.index(n) for n in {"Ana", "Ben", "Cy", "Dee"} - {winner})
