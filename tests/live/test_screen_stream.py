"""The big screen's stream (live/screens.py), held as the club's TV holds
it over ASGI: a hand at any table of the night moves it, with the screen's
new part; a round drawn is followed, its new tables' hands too; a renewed
link closes the old link's stream with a sentence in place of the
standings; and two screens of the night are sent the same bytes, drawn
once."""

from __future__ import annotations

import asyncio
import re
from unittest import mock

import pytest
from django.test import AsyncClient

from tests.club.nights import club_night, play_hand, tables_of
from vinescore.club import rounds
from vinescore.club import screen as screen_module
from vinescore.club.models import Event
from vinescore.club.screen import screen_state, state_tag
from vinescore.club.standings import event_standings
from vinescore.live.hub import streams

pytestmark = pytest.mark.django_db(transaction=True)

# Ana's phone at a table of four: Cy bids 5 and takes 5.
CY_MAKES_5 = {"bidder": "2", "bid": "5", "tricks": ["2", "3", "5", "3"]}


@pytest.fixture(autouse=True)
def looking_only_when_told(settings):
    # A screen looks on its own after a minute: within a test's few
    # seconds only news of the night can move it.
    settings.LIVE_STREAM_CHECK = 60


class Screen:
    """A TV holding the screen's stream, opened at the state its page shows."""

    def __init__(self, event: Event, shown: str = "") -> None:
        self.path = f"/screen/{event.screen_token}/stream/"
        self.shown = shown or now(event)

    async def open(self) -> None:
        self.response = await AsyncClient().get(self.path, {"state": self.shown})
        assert self.response.status_code == 200
        assert self.response["Content-Type"].startswith("text/event-stream")
        self.chunks = aiter(self.response.streaming_content)
        assert await anext(self.chunks) == b"retry: 1000\n\n"

    async def raw(self) -> bytes:
        """The next event as sent (a keep-alive is no event)."""
        while True:
            chunk = await asyncio.wait_for(anext(self.chunks), 10)
            if not chunk.startswith(b":"):
                return chunk

    async def next(self) -> dict:
        text = (await self.raw()).decode()
        fields = dict(re.findall(r"^(id|event): (.*)$", text, re.M))
        return {**fields, "data": "\n".join(re.findall(r"^data: (.*)$", text, re.M))}

    async def until(self, state: str) -> dict:
        """Events until the one that shows `state` (hands in one instant
        may come as one event)."""
        while (found := await self.next())["id"] != state:
            assert found["event"] == "screen"
        return found

    async def close(self) -> None:
        await self.chunks.aclose()


def now(event: Event) -> str:
    """The night's state as a screen's event names it."""
    return state_tag(screen_state(event.pk, event.screen_key))


def watching(check) -> None:
    """Runs `check` on an event loop whose hub hears this process's news."""

    async def run():
        await check()
        for task in streams.listeners:
            task.cancel()

    asyncio.run(run())


def table_line(data: str, number: int) -> str:
    return re.search(rf'<span class="number">{number}</span>(.*?)</li>', data, re.S).group(1)


def test_a_hand_at_any_table_moves_the_screen_with_its_new_part(client):
    event = club_night(12)
    first, _, third = tables_of(event)
    leader = third.seats.get(position=1).player.name
    cy = first.seats.get(position=2).player.name
    screen = Screen(event)

    async def check():
        await screen.open()
        await asyncio.to_thread(play_hand, third, 1)
        shown = await screen.until(await asyncio.to_thread(now, event))
        assert shown["event"] == "screen"
        assert "hand 1 of 8" in table_line(shown["data"], 3)
        assert f"{leader} leads" in table_line(shown["data"], 3)
        assert "hand 0 of 8" in table_line(shown["data"], 1)
        # the standings count it: the leader of table 3 is first
        assert re.search(rf'class="place">1</span><span class="who">{leader}<', shown["data"])

        # Ana's phone at table 1 enters a hand through the app.
        answer = await asyncio.to_thread(
            client.post,
            f"/games/{first.pk}/hands/",
            CY_MAKES_5,
            headers={"HX-Request": "true"},
        )
        assert answer.status_code == 200
        shown = await screen.until(await asyncio.to_thread(now, event))
        assert "hand 1 of 8" in table_line(shown["data"], 1)
        assert f"{cy} leads" in table_line(shown["data"], 1)
        await screen.close()

    watching(check)


def test_a_screen_that_reconnects_is_sent_only_what_it_missed():
    event = club_night(8)
    table = tables_of(event)[0]
    shown = now(event)
    play_hand(table)
    after_one = now(event)
    behind = Screen(event, shown)  # it dropped before the hand: sent the part at once
    level = Screen(event)  # it shows the hand already: nothing until the next

    async def check():
        await behind.open()
        caught_up = await behind.next()
        assert caught_up["id"] == after_one and "hand 1 of 8" in caught_up["data"]
        await level.open()
        await asyncio.to_thread(play_hand, table)
        after = await level.next()
        assert after["id"] == await asyncio.to_thread(now, event)
        assert "hand 2 of 8" in after["data"]
        for screen in (behind, level):
            await screen.close()

    watching(check)


def test_a_round_drawn_is_followed_and_its_new_tables_move_the_screen():
    event = club_night(8, hands_a_round=2)
    organiser = event.created_by
    screen = Screen(event)

    async def check():
        await screen.open()

        def round_one_played() -> None:
            for game in tables_of(event, 1):
                while not game.played_out:
                    play_hand(game)

        await asyncio.to_thread(round_one_played)
        shown = await screen.until(await asyncio.to_thread(now, event))
        assert shown["data"].count("finished") == 2

        await asyncio.to_thread(rounds.next_round, event.pk, 2, organiser)
        shown = await screen.until(await asyncio.to_thread(now, event))
        assert "round 2 of 3" in shown["data"] and "finished" not in shown["data"]

        new = await asyncio.to_thread(tables_of, event, 2)
        await asyncio.to_thread(play_hand, new[1])
        shown = await screen.until(await asyncio.to_thread(now, event))
        assert "hand 1 of 2" in table_line(shown["data"], 2)
        assert "hand 0 of 2" in table_line(shown["data"], 1)
        await screen.close()

    watching(check)


def test_a_renewed_link_closes_the_old_links_stream(client, anonymous):
    event = club_night(8)
    old = Screen(event)
    old_token = event.screen_token

    async def check():
        await old.open()
        answer = await asyncio.to_thread(client.post, f"/events/{event.pk}/screen/new/")
        assert answer.status_code == 302
        closed = await old.next()
        assert closed["event"] == "closed"
        assert "This screen's link has been replaced by a new one" in closed["data"]
        with pytest.raises(StopAsyncIteration):
            await anext(old.chunks)

    watching(check)
    event.refresh_from_db()
    assert anonymous.get(f"/screen/{old_token}/stream/").status_code == 404
    assert anonymous.get(f"/screen/{event.screen_token}/").status_code == 200


def test_two_screens_of_the_night_are_sent_the_same_bytes_drawn_once():
    event = club_night(12)
    table = tables_of(event)[1]
    screens = [Screen(event), Screen(event)]

    async def check():
        for screen in screens:
            await screen.open()
        with mock.patch.object(screen_module, "event_standings", wraps=event_standings) as drawn:
            await asyncio.to_thread(play_hand, table)
            sent = [await screen.raw() for screen in screens]
        assert sent[0] == sent[1]
        assert b"hand 1 of 8" in sent[0]
        assert drawn.call_count == 1  # the second screen found it kept
        for screen in screens:
            await screen.close()

    watching(check)
