"""Moments are sent as the exact instant, for the phone to show in its own
time zone, with the server's time (named) for a phone without JavaScript."""

from datetime import UTC, datetime, timedelta

import pytest
from django.template import Context, Template
from django.utils import timezone

from tests.factories import make_game, make_user
from tests.phone import Phone
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


def sent(moment: datetime, how: str) -> str:
    instant = moment.isoformat().replace("+00:00", "Z")
    return f'<time datetime="{instant}" data-moment="{how}">'


def test_the_pages_about_deleting_a_game_send_moments():
    game = make_game(hands=[{"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}])
    Game.objects.filter(pk=game.pk).update(created_at=LATE)
    owner = Phone(user=None)
    owner.force_login(make_user("owner"))
    confirm = owner.get(f"/games/{game.pk}/delete/").content.decode()
    assert f"started {sent(LATE, 'date')}15 Jan 2026</time>" in confirm
    owner.post(f"/games/{game.pk}/delete/", {"key": "delete-key-0123456789"})
    # Within the days it can be restored, at an hour that is the day before in America.
    deleted = (timezone.now() - timedelta(days=1)).replace(
        hour=3, minute=30, second=0, microsecond=0
    )
    Game.objects.filter(pk=game.pk).update(deleted_at=deleted)
    gone = deleted + timedelta(days=30)
    page = owner.get(game.get_absolute_url()).content.decode()
    assert f"was deleted on {sent(deleted, 'time')}{deleted:%-d %b}, 03:30 UTC</time>." in page
    assert f"It can be restored until {sent(gone, 'date')}" in page
    listed = owner.get("/games/deleted/").content.decode()
    assert f"{sent(LATE, 'date')}15 Jan 2026</time>" in listed
    assert f"deleted {sent(deleted, 'time')}" in listed
    assert f"gone for good {sent(gone, 'date')}" in listed
