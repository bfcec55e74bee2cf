"""A page's answer is closed even when the phone went away while it was made
(a hand entered goes on to its commit all the same), as Django closes every
answer it makes."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from asgiref.sync import SyncToAsync
from django.http import HttpResponse

from vinescore import asgi


class Answer(HttpResponse):
    def __init__(self, content: str) -> None:
        super().__init__(content)
        self.seen_closed = threading.Event()

    def close(self) -> None:
        super().close()
        self.seen_closed.set()


def test_an_answer_no_phone_waits_for_any_more_is_closed_all_the_same(monkeypatch):
    made = threading.Event()
    answer = Answer("Hand 3 is in.")
    closed = answer.seen_closed

    def slow(request):
        made.set()
        time.sleep(0.3)  # the phone's connection drops meanwhile
        return answer

    monkeypatch.setattr(
        asgi.pages, "answer", SyncToAsync(slow, thread_sensitive=False, executor=asgi.page_threads)
    )

    async def phone_goes_away() -> None:
        answering = asyncio.ensure_future(asgi.pages.get_response_async(None))
        await asyncio.to_thread(made.wait, 5)
        answering.cancel()  # as Django's handler does when the phone disconnects
        with pytest.raises(asyncio.CancelledError):
            await answering
        await asyncio.to_thread(closed.wait, 5)

    asyncio.run(phone_goes_away())
    assert closed.is_set()
