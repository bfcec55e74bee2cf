"""A stream that looked lately is sent a version whose live part is already
kept for its kind of phone, without a look of its own: the hand's own
answer draws it, and every stream of that kind is sent it as it is.
Whatever may change who sees the game (a member removed, a role changed, a
phone signed out) makes every stream look again first, as does the time
since its last look (LIVE_STREAM_LOOK)."""

from __future__ import annotations

import asyncio
import re

import pytest
from django.test import Client

from tests.factories import make_game, make_member
from tests.live.test_shared_live_part import BEN_MAKES_4, assert_kept_for_everyone, phone_request
from vinescore.accounts.models import Membership, Session
from vinescore.live import stream
from vinescore.live.hub import streams

pytestmark = pytest.mark.django_db(transaction=True)

CY_MAKES_5 = {"bidder": "2", "bid": "5", "tricks": ["2", "3", "5", "3"]}


@pytest.fixture(autouse=True)
def looking_every_half_minute(settings):
    settings.LIVE_STREAM_CHECK = 30  # as on PostgreSQL (1 s on SQLite alone)
    settings.LIVE_STREAM_LOOK = 120


class Counted:
    """A stream's read, counting the looks it makes."""

    def __init__(self, pk: int) -> None:
        self.read, self.looks = stream.game_snapshot(pk), 0

    def __call__(self, request, shown):
        self.looks += 1
        return self.read(request, shown)


class Phone:
    """A member's phone holding the game's stream, opened at the version its
    page shows."""

    def __init__(self, game, name: str) -> None:
        self.user = make_member(name)
        self.client = Client()
        self.client.force_login(self.user)
        self.request = phone_request(game.pk, self.client, self.user)
        self.read = Counted(game.pk)
        self.shown = game.version

    async def open(self) -> None:
        first, trust = await stream.look(self.request, self.read, self.shown, None)
        self.events = stream.stream(self.request, self.read, first, trust)
        assert await anext(self.events) == "retry: 1000\n\n"

    async def next(self) -> dict:
        while True:
            chunk = await asyncio.wait_for(anext(self.events), 10)
            if not chunk.startswith(":"):  # not a keep-alive
                fields = dict(re.findall(r"^(id|event): (.*)$", chunk, re.M))
                data = "\n".join(re.findall(r"^data: (.*)$", chunk, re.M))
                return {**fields, "data": data}

    async def enter(self, game, hand: dict) -> int:
        def post() -> int:
            game.refresh_from_db()
            answer = self.client.post(
                f"/games/{game.pk}/hands/",
                {**hand, "version": str(game.version)},
                headers={"HX-Request": "true"},
            )
            return answer.status_code

        return await asyncio.to_thread(post)

    async def close(self) -> None:
        await self.events.aclose()


def at_the_table(check) -> None:
    async def run():
        listening = streams.subscribe(0)  # this loop's listeners start
        await asyncio.sleep(0.5)  # and subscribe (what they may have missed is looked for)
        streams.unsubscribe(0, listening)
        try:
            await check()
        finally:
            for task in streams.listeners:
                task.cancel()

    asyncio.run(run())


def test_a_hand_reaches_every_phone_here_without_a_look_of_theirs():
    game = make_game(hands=[BEN_MAKES_4])
    ana, ben, cy = (Phone(game, name) for name in ("ana", "ben", "cy"))

    async def check():
        for phone in (ben, cy):
            await phone.open()
        assert await ana.enter(game, CY_MAKES_5) == 200
        events = []
        for phone in (ben, cy):
            event = await phone.next()
            assert event["event"] == "live" and "Hand 3 ·" in event["data"]
            assert_kept_for_everyone(event["data"])
            assert phone.read.looks == 1  # the look that opened it, no other
            events.append(event)
            await phone.close()
        assert events[0] == events[1]

    at_the_table(check)


@pytest.mark.parametrize(
    "ended",
    [
        lambda user: Membership.objects.filter(user=user).delete(),
        lambda user: Session.objects.filter(user=user).delete(),
    ],
    ids=["removed from the group", "signed out elsewhere"],
)
def test_a_phone_whose_access_ends_hears_no_more_hands(ended):
    game = make_game(hands=[BEN_MAKES_4])
    ana, ben = Phone(game, "ana"), Phone(game, "ben")

    async def check():
        await ben.open()
        assert await ana.enter(game, CY_MAKES_5) == 200
        assert "Hand 3 ·" in (await ben.next())["data"]
        await asyncio.to_thread(ended, ben.user)
        assert await ana.enter(game, CY_MAKES_5) == 200
        assert (await ben.next())["event"] == "closed"
        assert ben.read.looks == 2  # it looked before it was sent anything

    at_the_table(check)


def test_a_viewer_once_a_member_is_sent_a_viewers_sheet():
    game = make_game(hands=[BEN_MAKES_4])
    ana, ben = Phone(game, "ana"), Phone(game, "ben")

    async def check():
        await ben.open()
        assert await ana.enter(game, CY_MAKES_5) == 200
        assert 'id="hand-form"' in (await ben.next())["data"]
        await asyncio.to_thread(make_member, "ben", Membership.VIEWER)
        assert await ana.enter(game, CY_MAKES_5) == 200
        event = await ben.next()
        assert "Hand 4 ·" in event["data"] and 'id="hand-form"' not in event["data"]
        await ben.close()

    at_the_table(check)


def test_a_stream_that_has_not_looked_for_a_while_looks_before_it_is_sent_a_hand(
    settings, monkeypatch
):
    game = make_game(hands=[BEN_MAKES_4])
    ana, ben = Phone(game, "ana"), Phone(game, "ben")
    clock = [1000.0]
    monkeypatch.setattr(stream, "clock", lambda: clock[0])

    async def check():
        await ben.open()
        clock[0] += settings.LIVE_STREAM_LOOK - 1
        assert await ana.enter(game, CY_MAKES_5) == 200
        assert "Hand 3 ·" in (await ben.next())["data"]
        assert ben.read.looks == 1
        clock[0] += 2  # past its look's time
        assert await ana.enter(game, CY_MAKES_5) == 200
        assert "Hand 4 ·" in (await ben.next())["data"]
        assert ben.read.looks == 2
        await ben.close()

    at_the_table(check)
