from django.urls import path

from . import player_views, views, whatif_views

urlpatterns = [
    path("history/", views.history, name="history"),
    path("history/what-if/<slug:kind>/", whatif_views.history_what_if, name="history_what_if"),
    path("players/", player_views.player_list, name="player_list"),
    path("players/<int:pk>/", player_views.player_detail, name="player_detail"),
    path(
        "players/<int:pk>/vs/<int:other_pk>/", player_views.head_to_head_view, name="head_to_head"
    ),
    path("players/<int:pk>/rename/", player_views.player_rename, name="player_rename"),
    path("players/<int:pk>/merge/", player_views.player_merge, name="player_merge"),
    path("players/<int:pk>/me/", player_views.player_me, name="player_me"),
    path("games/<int:pk>/what-if/", whatif_views.game_what_if, name="game_what_if"),
]
