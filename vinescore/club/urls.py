from django.urls import path

from . import views

urlpatterns = [
    path("events/", views.event_list, name="event_list"),
    path("events/new/", views.event_new, name="event_new"),
    path("events/season/", views.event_season, name="event_season"),
    path("events/new/<str:kind>/", views.event_start, name="event_start"),
    path("events/<int:pk>/", views.event_detail, name="event"),
    path("events/<int:pk>/draw/", views.event_draw, name="event_draw"),
    path("events/<int:pk>/swap/", views.event_swap, name="event_swap"),
    path("events/<int:pk>/entrants/", views.event_join, name="event_join"),
    path(
        "events/<int:pk>/entrants/<int:entrant_pk>/leave/",
        views.event_leave,
        name="event_leave",
    ),
    path("events/<int:pk>/finish/", views.event_finish, name="event_finish"),
    path("events/<int:pk>/rounds/<int:number>/", views.event_round, name="event_round"),
    path("events/<int:pk>/screen/", views.event_screen_link, name="event_screen_link"),
    path("events/<int:pk>/screen/new/", views.event_screen_renew, name="event_screen_renew"),
    path("games/<int:pk>/event/", views.game_event, name="game_event"),
    path("screen/<str:token>/", views.event_screen, name="event_screen"),
    path("screen/<str:token>/live/", views.event_screen_live, name="event_screen_live"),
]
