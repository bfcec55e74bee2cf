from django.contrib.auth import views as auth
from django.urls import path

from . import views

urlpatterns = [
    path("welcome/", views.first_visit, name="first_visit"),
    path("accounts/login/", views.sign_in, name="login"),
    path("accounts/signup/", views.sign_up, name="sign_up"),
    path("accounts/", views.account, name="account"),
    path(
        "accounts/password/change/",
        views.unprocessable(views.PasswordChange.as_view()),
        name="password_change",
    ),
    path(
        "accounts/password/change/done/",
        auth.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path(
        "accounts/password/reset/",
        views.unprocessable(auth.PasswordResetView.as_view()),
        name="password_reset",
    ),
    path(
        "accounts/password/reset/sent/",
        auth.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        views.gone_when_used(views.unprocessable(views.PasswordResetConfirm.as_view())),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("groups/new/", views.group_new, name="group_new"),
    path("groups/switch/", views.group_switch, name="group_switch"),
    path("groups/<int:pk>/", views.group_detail, name="group_detail"),
    path("groups/<int:pk>/delete/", views.group_delete, name="group_delete"),
    path("groups/<int:pk>/invitations/", views.invitation_new, name="invitation_new"),
    path(
        "groups/<int:pk>/invitations/<int:invitation_pk>/revoke/",
        views.invitation_revoke,
        name="invitation_revoke",
    ),
    path(
        "groups/<int:pk>/members/<int:membership_pk>/role/",
        views.member_role,
        name="member_role",
    ),
    path(
        "groups/<int:pk>/members/<int:membership_pk>/remove/",
        views.member_remove,
        name="member_remove",
    ),
    path("invite/<str:token>/", views.invitation, name="invitation"),
]
