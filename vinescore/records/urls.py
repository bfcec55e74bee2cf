from django.urls import path

from . import views

urlpatterns = [
    path("games/export.json", views.all_games_json, name="all_games_json"),
    path("games/bgstats.zip", views.all_plays_bgstats, name="all_plays_bgstats"),
    path("games/plays.bgsplay", views.all_plays_bgsplay, name="all_plays_bgsplay"),
    path("games/import/", views.upload_games, name="upload_games"),
    path("games/import/<int:pk>/", views.import_job, name="import_job"),
    path("records/", views.record_format, name="record_format"),
    path("records/schema.json", views.record_schema, name="record_schema"),
    path("games/<int:pk>/export.json", views.game_json, name="game_json"),
    path("games/<int:pk>/export.csv", views.game_csv, name="game_csv"),
]
