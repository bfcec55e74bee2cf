"""News of a game's new version reaches the streams waiting on it in this
process (live/hub.py): directly on SQLite, and through Redis pub/sub when
REDIS_URL is set, published by another process (here, a plain client)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
import redis
from django.db import transaction
from django.utils import timezone

from tests.drawn import templates_drawn
from tests.factories import make_game, make_member
from tests.redis_server import running_redis
from tests.web.test_two_servers import CY_5
from vinescore.accounts.models import Membership, Session
from vinescore.live import hub


async def heard(pk: int, publish, timeout: float = 5.0) -> bool:
    streams = hub.Hub()
    woken = streams.subscribe(pk)
    other = streams.subscribe(pk + 1)
    try:
        await asyncio.sleep(0.5)  # the listener subscribes (and wakes all, for what it missed)
        woken.clear()
        other.clear()
        await asyncio.to_thread(publish, streams)
        await asyncio.wait_for(woken.wait(), timeout)
        return not other.is_set()  # only the streams of that game are woken
    except TimeoutError:
        return False
    finally:
        for task in streams.listeners:
            task.cancel()


def test_a_change_in_this_process_wakes_the_streams_of_that_game(settings):
    settings.REDIS_URL = ""
    assert asyncio.run(heard(7, lambda streams: streams.heard_threadsafe("7:4")))


def test_news_published_to_redis_by_another_process_wakes_the_streams(settings):
    with running_redis() as url:
        settings.REDIS_URL = url
        settings.DATABASES["default"]["ENGINE"] = "django.db.backends.sqlite3"

        def publish(streams):
            redis.Redis.from_url(url).publish(hub.CHANNEL, "7:3")

        assert asyncio.run(heard(7, publish))


@pytest.mark.django_db(transaction=True)
def test_a_hand_is_told_to_the_other_phones_once_its_own_answer_is_made(client, monkeypatch):
    # The scorer's phone is answered first: news of the hand waits for the
    # rendered sheet, then goes out once, with the version that sheet shows.
    game = make_game(target=999)
    client.force_login(make_member("member"))
    told: list[tuple[int, int | None, bool]] = []

    def publish(pk, news):
        news = news if isinstance(news, hub.News) else hub.News(news)
        told.append((pk, news.version, bool(rendered)))

    monkeypatch.setattr(hub, "publish", publish)
    with templates_drawn() as rendered:
        answer = client.post(
            f"/games/{game.pk}/hands/",
            {**CY_5, "version": str(game.version)},
            headers={"HX-Request": "true"},
        )
    assert answer.status_code == 200
    game.refresh_from_db()
    assert told == [(game.pk, game.version, True)]
    # Outside a request (an import, the admin's shell) it goes at commit.
    told.clear()
    rendered.clear()
    game.delete_game()
    assert told and told[0][0] == game.pk


def phones_of(person, count: int) -> None:
    """`count` phones signed in as `person`."""
    ends = timezone.now() + timedelta(days=1)
    Session.objects.bulk_create(
        Session(session_key=f"phone{n:05}", session_data="", expire_date=ends, user=person)
        for n in range(count)
    )


@pytest.mark.django_db(transaction=True)
def test_a_thousand_phones_signed_out_at_once_are_told_once(monkeypatch):
    # "Sign out everywhere" for someone signed in on a thousand phones: one
    # transaction, and every stream looks again on one news, not a thousand.
    told = []
    monkeypatch.setattr(hub, "publish", lambda pk, news: told.append((pk, news)))
    person = make_member("member")
    phones_of(person, 1000)
    Session.objects.filter(user=person).delete()
    assert told == [(hub.ACCESS, None)]
    # the next change is news of its own
    Membership.objects.get(user=person).delete()
    assert told == [(hub.ACCESS, None)] * 2


@pytest.mark.django_db(transaction=True)
def test_phones_signed_out_in_a_change_rolled_back_are_not_told(monkeypatch):
    told = []
    monkeypatch.setattr(hub, "publish", lambda pk, news: told.append((pk, news)))
    person = make_member("member")
    phones_of(person, 3)
    with pytest.raises(RuntimeError), transaction.atomic():
        Session.objects.filter(user=person).delete()
        raise RuntimeError("the database went away")
    assert told == []
    assert Session.objects.filter(user=person).count() == 3
    # and the next change that commits is told, once
    with transaction.atomic():
        Session.objects.filter(user=person).delete()
        Membership.objects.filter(user=person).update(role=Membership.VIEWER)
        Membership.objects.get(user=person).save()
    assert told == [(hub.ACCESS, None)]
