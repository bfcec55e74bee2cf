"""The live sheet of a game and of a spectator link: polled (…/live/) and
pushed (…/stream/)."""

from django.urls import path

from . import poll, screens, stream

urlpatterns = [
    path("games/<int:pk>/live/", poll.game_live, name="game_live"),
    path("games/<int:pk>/stream/", stream.game_stream, name="game_stream"),
    path("watch/<str:token>/live/", poll.watch_live, name="watch_live"),
    path("watch/<str:token>/stream/", stream.watch_stream, name="watch_stream"),
    path("screen/<str:token>/stream/", screens.screen_stream, name="event_screen_stream"),
]
