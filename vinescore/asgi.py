"""The app as `make run` and production serve it: gunicorn with uvicorn
workers. Django runs the ordinary (sync) views in a thread each and the live
sheet's streams (live/stream.py) as coroutines.

Django gives each request a thread of its own for its sync middleware
(asgiref's ThreadSensitiveContext), kept until the response ends: for a
stream open all evening that would be a sleeping thread per phone. Streams
are therefore served without that context: their middleware runs, briefly,
on asgiref's one shared thread for such work, and their reads of the game
on the worker's thread pool, each giving its database connection back."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vinescore.settings")
django.setup(set_prefix=False)

from asgiref.sync import sync_to_async  # noqa: E402 (after setup)
from django.core.handlers.asgi import ASGIHandler  # noqa: E402


class Pages(ASGIHandler):
    """Django's own handler for the ordinary pages, with the middleware and
    the view run in one go on the request's thread, as a sync server runs
    them. Our middleware and views are sync: built for async, Django would
    hop between the event loop and that thread at each middleware that can
    do either (several times a request, a few milliseconds in all)."""

    def load_middleware(self, is_async=False):
        super().load_middleware(is_async=False)

    async def get_response_async(self, request):
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)


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
