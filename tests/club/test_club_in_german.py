"""After the night, in German: a finished night's results, the season with
its lines and its refusals, History's card of a club table, and the draw's
refusal on the start form leave no English (the method of
tests/web/test_every_page_in_german.py)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.club.test_club_night import play_out, start
from tests.club.test_club_season import night
from tests.web.test_every_page_in_german import both, english_left, visible
from vinescore.club.models import EventTable

pytestmark = pytest.mark.django_db


def no_english_left(english, german, status: int = 200) -> list[str]:
    assert german.status_code == english.status_code == status
    assert german["Content-Language"] == "de"
    return english_left(english.content.decode(), german.content.decode())


def test_a_finished_nights_results_and_history_read_in_german(client):
    event = start(client, rounds=2)
    for number in (1, 2):
        client.post(f"/events/{event.pk}/draw/", {"round": str(number)})
        for table in EventTable.objects.filter(round__event=event, round__number=number):
            play_out(table.game)
    client.post(f"/events/{event.pk}/finish/")
    english, german = both(client, f"/events/{event.pk}/")
    assert no_english_left(english, german) == []
    assert "Endstand" in german.content.decode()
    english, german = both(client, "/history/")
    assert no_english_left(english, german) == []
    assert "Thursday club night · Durchgang 2 · Tisch 1" in visible(german.content.decode())


def test_the_season_and_its_refusals_read_in_german(client):
    night(date(2026, 3, 3), ["Ana", "Ben", "Cy"])
    night(date(2026, 3, 10), ["Ben", "Cy"])
    season = "/events/season/?start=2026-03-01&end=2026-03-31&best=1&minimum=2"
    assert no_english_left(*both(client, season)) == []
    for wrong in ("&end=2026-02-01", "&best=0", "&end=9999-01-01", "&start=2026-02-30"):
        assert no_english_left(*both(client, season + wrong), status=422) == [], wrong


def test_the_start_form_refuses_players_the_game_cannot_seat_in_german(client):
    asked = {"name": "Paare", "new_names": "Ana, Ben, Cy, Dee, Eli, Fay", "rounds": 2}
    english, german = both(client, "/events/new/coralon-partners/", "post", asked)
    # the names typed come back as typed
    assert no_english_left(english, german, status=422) == [asked["new_names"]]
    assert "6 Spieler lassen sich nicht auf Tische mit 4 Spielern aufteilen." in visible(
        german.content.decode()
    )
