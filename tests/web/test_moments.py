"""Moments are sent as the exact instant, for the phone to show in its own
time zone, with the server's time (named) for a phone without JavaScript."""

from datetime import UTC, datetime

import pytest
from django.template import Context, Template

from tests.factories import make_game
from vinescore.table.models import Game, GameChange

pytestmark = pytest.mark.django_db

LATE = datetime(2026, 1, 15, 3, 30, tzinfo=UTC)


def moment(value, how="time"):
    return Template("{% load moments %}{{ value|moment:how }}").render(
        Context({"value": value, "how": how})
    )


def test_a_moment_carries_the_instant_and_the_servers_time_named():
    assert moment(LATE) == (
        '<time datetime="2026-01-15T03:30:00Z" data-moment="time">15 Jan, 03:30 UTC</time>'
    )
    assert moment(LATE, "date") == (
        '<time datetime="2026-01-15T03:30:00Z" data-moment="date">15 Jan 2026</time>'
    )
    assert moment(None) == ""


def test_a_server_in_another_zone_names_its_zone_and_sends_the_same_instant(settings):
    settings.TIME_ZONE = "America/New_York"
    assert moment(LATE) == (
        '<time datetime="2026-01-15T03:30:00Z" data-moment="time">14 Jan, 22:30 EST</time>'
    )


def test_the_change_log_history_and_sheet_send_moments(client):
    game = make_game(hands=[{"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}])
    Game.objects.filter(pk=game.pk).update(created_at=LATE)
    GameChange.objects.filter(game=game).update(at=LATE)
    log = client.get(f"/games/{game.pk}/log/").content.decode()
    assert '<time datetime="2026-01-15T03:30:00Z" data-moment="time">' in log
    history = client.get("/history/").content.decode()
    assert '<time datetime="2026-01-15T03:30:00Z" data-moment="date">15 Jan 2026</time>' in history
    sheet = client.get(game.get_absolute_url()).content.decode()
    assert "Started <time" in sheet
