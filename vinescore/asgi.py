"""The app as `make run` and production serve it: gunicorn with uvicorn workers.

Django would give each request a thread for its sync middleware until the
response ends (ThreadSensitiveContext): for a stream open all evening, a
sleeping thread per phone. Streams (live/stream.py) are served without it:
their middleware runs briefly on asgiref's shared thread, their reads on the
worker's pool, each giving its database connection back.
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "vinescore.settings")
django.setup(set_prefix=False)

from asgiref.sync import sync_to_async  # noqa: E402 (after setup)
from django.core.handlers.asgi import ASGIHandler  # noqa: E402

from vinescore.frames import with_room  # noqa: E402


class Pages(ASGIHandler):
    """Django's handler for ordinary pages, middleware and view run in one go on
    the request's thread: our code is sync, and the async path would hop threads
    at each middleware (a few milliseconds a request)."""

    def load_middleware(self, is_async=False):
        super().load_middleware(is_async=False)

    async def get_response_async(self, request):
        respond = with_room(self.get_response)
        return await sync_to_async(respond, thread_sensitive=True)(request)


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
