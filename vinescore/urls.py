from django.contrib import admin
from django.contrib.auth import views as auth
from django.contrib.auth.decorators import login_not_required
from django.urls import include, path
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from vinescore.offline import views as offline_views
from vinescore.table import (
    change_views,
    delete_views,
    seat_views,
    sheet_views,
    start_views,
    views,
    watch_views,
)

urlpatterns = [
    # Signing out drops what the phone keeps of the pages (offline), for
    # accounts' own view: neither app knows the other.
    path(
        "accounts/logout/",
        offline_views.clears_offline_copies(auth.LogoutView.as_view()),
        name="logout",
    ),
    path("", include("vinescore.accounts.urls")),
    path("", include("vinescore.records.urls")),
    path("", include("vinescore.live.urls")),
    path("", views.game_list, name="game_list"),
    path("up/", views.up, name="up"),
    path("manifest.webmanifest", offline_views.manifest, name="manifest"),
    path("sw.js", offline_views.service_worker, name="service_worker"),
    path("", include("vinescore.leaderboard.urls")),
    path("", include("vinescore.history.urls")),
    path("", include("vinescore.club.urls")),
    path("games/", views.games_redirect, name="games"),
    path("games/new/", start_views.game_new, name="game_new"),
    path("games/new/<slug:kind>/", start_views.game_start, name="game_start"),
    path("games/deleted/", delete_views.deleted_games, name="deleted_games"),
    path("games/<int:pk>/", sheet_views.game_detail, name="game"),
    path("games/<int:pk>/join/", watch_views.game_join, name="game_join"),
    path("g/<int:pk>/", watch_views.join_short, name="join_short"),
    path("games/<int:pk>/watch-links/", watch_views.watch_link_new, name="watch_link_new"),
    path(
        "games/<int:pk>/watch-links/<int:link_pk>/revoke/",
        watch_views.watch_link_revoke,
        name="watch_link_revoke",
    ),
    path("watch/<str:token>/", watch_views.watch, name="watch"),
    path("games/<int:pk>/table-links/", watch_views.table_link_new, name="table_link_new"),
    path(
        "games/<int:pk>/table-links/<int:link_pk>/revoke/",
        watch_views.table_link_revoke,
        name="table_link_revoke",
    ),
    path("t/<str:code>/", watch_views.table_link, name="table_link"),
    path("games/<int:pk>/hands/", change_views.hand_add, name="hand_add"),
    path("games/<int:pk>/hands/<int:hand_pk>/edit/", change_views.hand_edit, name="hand_edit"),
    path(
        "games/<int:pk>/hands/<int:hand_pk>/delete/", change_views.hand_delete, name="hand_delete"
    ),
    path(
        "games/<int:pk>/hands/<int:hand_pk>/restore/",
        change_views.hand_restore,
        name="hand_restore",
    ),
    path(
        "games/<int:pk>/hands/<int:hand_pk>/confirm/",
        change_views.hand_confirm,
        name="hand_confirm",
    ),
    path("games/<int:pk>/log/", change_views.change_log, name="change_log"),
    path("games/<int:pk>/reopen/", change_views.game_reopen, name="game_reopen"),
    path("games/<int:pk>/end/", change_views.game_end_session, name="game_end_session"),
    path("games/<int:pk>/rematch/", change_views.game_rematch, name="game_rematch"),
    path("games/<int:pk>/next/", change_views.game_next, name="game_next"),
    path("games/<int:pk>/who/", change_views.guest_who, name="guest_who"),
    path("games/<int:pk>/note/", change_views.game_note, name="game_note"),
    path("games/<int:pk>/seats/", seat_views.game_seats, name="game_seats"),
    path("games/<int:pk>/delete/", delete_views.game_delete, name="game_delete"),
    path("games/<int:pk>/restore/", delete_views.game_restore, name="game_restore"),
    path("rules/", include("vinescore.guide.urls")),
    # Django's own language switch: one tap, for guests at the table too; the
    # choice is kept in a cookie (LANGUAGE_COOKIE_AGE).
    path("language/", login_not_required(require_POST(set_language)), name="set_language"),
    path("admin/", admin.site.urls),
]
