"""The app as `make run` and production serve it: gunicorn with uvicorn workers.

Django would give each request a thread of its own for its sync middleware,
started for it and joined once the response ends (ThreadSensitiveContext):
for a stream open all evening, a sleeping thread per phone, and for every
page a thread started and a database connection object made. Neither is
served that way here. A page's middleware and view run in one call on a
thread of a fixed pool (`page_threads`), which gives its database
connection back to the connection pool when the call ends; a stream's
middleware runs briefly on asgiref's shared thread, its reads on the
worker's pool, each giving its connection back likewise (on SQLite, each thread
keeps its own). A thread started and joined per request cost a third of
`/up/` (README: "pages on a fixed pool of threads").
"""

import asyncio
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vinescore.settings")
django.setup(set_prefix=False)

from concurrent.futures import ThreadPoolExecutor  # noqa: E402

from asgiref.sync import SyncToAsync  # noqa: E402 (after setup)
from django.conf import settings  # noqa: E402
from django.core.handlers.asgi import ASGIHandler  # noqa: E402
from django.db import close_old_connections  # noqa: E402

# The threads pages run on: as many as a process may hold database
# connections, so a page waits for a thread rather than for a connection.
page_threads = ThreadPoolExecutor(max_workers=settings.PAGE_THREADS, thread_name_prefix="page")


class Pages(ASGIHandler):
    """Django's handler for ordinary pages, middleware and view run in one go on
    a thread of `page_threads`: our code is sync, and the async path would hop
    threads at each middleware (a few milliseconds a request)."""

    def __init__(self):
        super().__init__()
        # Each call in a copy of the request's context, as sync_to_async runs it.
        self.answer = SyncToAsync(self.respond, thread_sensitive=False, executor=page_threads)

    def load_middleware(self, is_async=False):
        super().load_middleware(is_async=False)

    async def __call__(self, scope, receive, send):
        await self.handle(scope, receive, send)  # no thread started for it

    def respond(self, request):
        # What request_started and request_finished do for a thread of
        # Django's own: they run on asgiref's shared thread here, and the
        # connection to close is this thread's.
        close_old_connections()
        try:
            return self.get_response(request)
        finally:
            close_old_connections()

    async def get_response_async(self, request):
        answering = asyncio.ensure_future(self.answer(request))
        try:
            return await asyncio.shield(answering)
        except asyncio.CancelledError:
            # The phone went away while its page was made (a change goes on
            # to its commit all the same): the answer no one will read is
            # closed all the same, as Django closes every answer.
            answering.add_done_callback(close_unsent)
            raise


def close_unsent(answering: asyncio.Future) -> None:
    if not answering.cancelled() and answering.exception() is None:
        asyncio.get_running_loop().run_in_executor(page_threads, answering.result().close)


pages = Pages()


class Streams(ASGIHandler):
    """Django's own handler, without a thread kept for each request."""

    async def __call__(self, scope, receive, send):
        await self.handle(scope, receive, send)


streams = Streams()


async def application(scope, receive, send):
    if scope["type"] == "http" and scope["path"].endswith("/stream/"):
        await streams(scope, receive, send)
    else:
        await pages(scope, receive, send)
