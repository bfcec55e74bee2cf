from django.contrib import admin
from django.urls import path

from vinescore.table import record_views, rules_views, views

urlpatterns = [
    path("", views.game_list, name="game_list"),
    path("up/", views.up, name="up"),
    path("history/", views.history, name="history"),
    path("players/", views.player_list, name="player_list"),
    path("players/<int:pk>/", views.player_detail, name="player_detail"),
    path("players/<int:pk>/vs/<int:other_pk>/", views.head_to_head_view, name="head_to_head"),
    path("players/<int:pk>/rename/", views.player_rename, name="player_rename"),
    path("games/new/", views.game_new, name="game_new"),
    path("games/export.json", record_views.all_games_json, name="all_games_json"),
    path("games/import/", record_views.upload_games, name="upload_games"),
    path("records/", record_views.record_format, name="record_format"),
    path("records/schema.json", record_views.record_schema, name="record_schema"),
    path("games/new/<slug:kind>/", views.game_start, name="game_start"),
    path("games/<int:pk>/", views.game_detail, name="game"),
    path("games/<int:pk>/hands/", views.hand_add, name="hand_add"),
    path("games/<int:pk>/hands/<int:hand_pk>/edit/", views.hand_edit, name="hand_edit"),
    path("games/<int:pk>/hands/<int:hand_pk>/delete/", views.hand_delete, name="hand_delete"),
    path("games/<int:pk>/hands/<int:hand_pk>/restore/", views.hand_restore, name="hand_restore"),
    path("games/<int:pk>/log/", views.change_log, name="change_log"),
    path("games/<int:pk>/export.json", record_views.game_json, name="game_json"),
    path("games/<int:pk>/export.csv", record_views.game_csv, name="game_csv"),
    path("games/<int:pk>/reopen/", views.game_reopen, name="game_reopen"),
    path("games/<int:pk>/end/", views.game_end_session, name="game_end_session"),
    path("games/<int:pk>/rematch/", views.game_rematch, name="game_rematch"),
    path("games/<int:pk>/note/", views.game_note, name="game_note"),
    path("rules/", rules_views.rules_index, name="rules_index"),
    path("rules/glossary/", rules_views.rules_glossary, name="rules_glossary"),
    path("rules/deck/", rules_views.rules_deck, name="rules_deck"),
    path("rules/search/", rules_views.rules_search, name="rules_search"),
    path("rules/<slug:key>/", rules_views.rules_page, name="rules_page"),
    path("admin/", admin.site.urls),
]
