"""Accounts and groups: the owner's first visit, sign-up when it is open,
the account page, groups, their members and invitations. Sign-in, sign-out
and passwords are Django's own views (see urls.py)."""

from __future__ import annotations

from functools import wraps

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_lockout_response
from django.conf import settings
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_not_required
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.signals import user_login_failed
from django.contrib.auth.views import LoginView, PasswordChangeView, PasswordResetConfirmView
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, resolve_url
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from vinescore.sharing import links

from . import access, setup_code
from .forms import GroupForm, InvitationForm, OwnerForm, RoleForm, SwitchForm
from .models import Group, Invitation, Membership, Refused, Session

BACKEND = "django.contrib.auth.backends.ModelBackend"


def home() -> str:
    """Where a person lands once signed in or in a group: the project's
    home (LOGIN_REDIRECT_URL); accounts names no page of the table."""
    return resolve_url(settings.LOGIN_REDIRECT_URL)


def unprocessable(view):
    """Django's own account views answer a form with errors with 200; ours
    answer 422, like every other form here."""

    @wraps(view)
    def answer(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        form = (getattr(response, "context_data", None) or {}).get("form")
        if request.method == "POST" and form is not None and form.errors:
            response.status_code = 422
        return response

    return answer


def gone_when_used(view):
    """Django's password-reset link page answers 200 when the link is
    expired, used or made up; ours answers 410, with the same page saying so."""

    @wraps(view)
    def answer(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if (getattr(response, "context_data", None) or {}).get("validlink") is False:
            response.status_code = 410
        return response

    return answer


class PasswordChange(PasswordChangeView):
    """Django's; and the person's other sessions end on the server, so a
    phone left signed in elsewhere, or a copy of a cookie, needs the new
    password. This one goes on (under a new key)."""

    def form_valid(self, form):
        response = super().form_valid(form)
        others = Session.objects.filter(user=form.user)
        others.exclude(session_key=self.request.session.session_key).delete()
        return response


class PasswordResetConfirm(PasswordResetConfirmView):
    """Django's; and every session of the person ends on the server."""

    def form_valid(self, form):
        Session.objects.filter(user=form.user).delete()
        return super().form_valid(form)


def no_accounts_yet() -> bool:
    return not get_user_model().objects.exists()


@login_not_required
@require_http_methods(["GET", "POST"])
def sign_in(request: HttpRequest) -> HttpResponse:
    """Django's sign-in; on a fresh install, the first visit sets up the owner."""
    if no_accounts_yet():
        return HttpResponseRedirect(reverse("first_visit"))
    return unprocessable(
        LoginView.as_view(
            redirect_authenticated_user=True, extra_context={"signup_open": settings.SIGNUP_OPEN}
        )
    )(request)


@login_not_required
@require_http_methods(["GET", "POST"])
def first_visit(request: HttpRequest) -> TemplateResponse | HttpResponse:
    """A fresh install: create the owner account and its first group, which
    takes in every game and player already here. Gone once anyone exists.
    From any machine but the server itself it asks for the one-time setup
    code; wrong codes count towards django-axes's pause, as wrong passwords do."""
    needs_code = not setup_code.from_the_server_itself(request)
    form = OwnerForm(request.POST if request.method == "POST" else None, needs_code=needs_code)
    if not no_accounts_yet():
        if request.method != "POST":
            raise Http404(gettext("vinescore is already set up."))
        return set_up_elsewhere(request, form)
    code_tried = {"username": setup_code.AXES_NAME}
    if request.method == "POST" and needs_code:
        if not AxesProxyHandler.is_allowed(request, code_tried):
            return get_lockout_response(request, None, code_tried)
        if not form.is_valid() and "setup_code" in form.errors:
            user_login_failed.send(__name__, credentials=code_tried, request=request)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            # Two devices may both be on this page: the second waits for the
            # first here, and is then told, rather than making a second owner.
            ContentType.objects.select_for_update().filter(app_label="auth", model="user").first()
            if not no_accounts_yet():
                return set_up_elsewhere(request, form)
            owner = form.save(commit=False)
            owner.is_staff = owner.is_superuser = True  # the admin is theirs too
            owner.save()
            Group.objects.start(form.cleaned_data["group"], owner)
        setup_code.forget()  # set up: no code opens this page again
        login(request, owner, backend=BACKEND)
        return HttpResponseRedirect(home())
    return TemplateResponse(
        request, "accounts/first_visit.html", {"form": form}, status=422 if form.errors else 200
    )


def set_up_elsewhere(request: HttpRequest, form: OwnerForm) -> TemplateResponse:
    """The owner's form, sent after another device set vinescore up."""
    form.is_valid()
    form.add_error(
        None,
        gettext(
            "vinescore was set up on another device a moment ago: "
            "sign in with the owner's account, or ask them for an invitation."
        ),
    )
    return TemplateResponse(request, "accounts/first_visit.html", {"form": form}, status=409)


@login_not_required
@require_http_methods(["GET", "POST"])
def sign_up(request: HttpRequest) -> TemplateResponse | HttpResponse:
    """Open sign-up, for a public server (SIGNUP_OPEN): a new account with a
    group of its own."""
    if not settings.SIGNUP_OPEN:
        raise Http404(gettext("New accounts come by invitation."))
    form = UserCreationForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user = form.save()
            Group.objects.start(gettext("{name}'s games").format(name=user.username), user)
        login(request, user, backend=BACKEND)
        return HttpResponseRedirect(home())
    return TemplateResponse(
        request, "accounts/sign_up.html", {"form": form}, status=422 if form.errors else 200
    )


@require_safe
def account(request: HttpRequest) -> TemplateResponse:
    return account_page(request, GroupForm())


def account_page(request: HttpRequest, form: GroupForm, status: int = 200) -> TemplateResponse:
    players = request.user.players.select_related("group").filter(
        group__in=list(access.places(request))
    )
    return TemplateResponse(
        request,
        "accounts/account.html",
        {"places": access.places(request).values(), "players": players, "form": form},
        status=status,
    )


@require_POST
def group_new(request: HttpRequest) -> HttpResponse:
    form = GroupForm(request.POST)
    if not form.is_valid():
        return account_page(request, form, status=422)
    group = Group.objects.start(form.cleaned_data["name"], request.user)
    request.session[access.CURRENT] = group.pk
    return HttpResponseRedirect(reverse("group_detail", args=[group.pk]))


@require_POST
def group_switch(request: HttpRequest) -> HttpResponse:
    """One tap in the top bar: the lists now show this group."""
    form = SwitchForm(request.POST)
    if not form.is_valid():
        raise Http404(gettext("No such group."))
    access.switch(request, form.cleaned_data["group"])
    back = form.cleaned_data["next"]
    if not back or not url_has_allowed_host_and_scheme(back, {request.get_host()}):
        back = home()
    return HttpResponseRedirect(back)


def get_group(request: HttpRequest, pk: int, *, owner: bool = False) -> access.Place:
    """The group as this person sees it: 404 outside it; with `owner`, 403
    for anyone but an owner."""
    found = access.place(request, pk)
    if owner and not found.is_owner:
        raise PermissionDenied(
            gettext("Only an owner of {group} can change its members and invitations.").format(
                group=found.group.name
            )
        )
    return found


@require_safe
def group_detail(request: HttpRequest, pk: int) -> TemplateResponse:
    return group_page(request, get_group(request, pk))


def group_page(
    request: HttpRequest,
    place: access.Place,
    *,
    status: int = 200,
    error: str = "",
    invitation_form: InvitationForm | None = None,
) -> TemplateResponse:
    group = place.group
    invitations = []
    if place.is_owner:
        for invitation in group.invitations.filter(used_at__isnull=True, revoked_at__isnull=True):
            if invitation.state == Invitation.OPEN:
                path = reverse("invitation", args=[invitation.token])
                shared = links.shared(request, path)
                invitations.append({"invitation": invitation, "shared": shared})
    return TemplateResponse(
        request,
        "accounts/group.html",
        {
            "place": place,
            "group": group,
            "members": group.memberships.select_related("user"),
            "invitations": invitations,
            "invitation_form": invitation_form or InvitationForm(),
            "roles": Membership.ROLES,
            "role_names": list(Membership.NAMES.items()),
            "error": error,
        },
        status=status,
    )


@require_POST
def invitation_new(request: HttpRequest, pk: int) -> HttpResponse:
    place = get_group(request, pk, owner=True)
    form = InvitationForm(request.POST)
    if not form.is_valid():
        return group_page(request, place, status=422, invitation_form=form)
    Invitation.objects.create(
        group=place.group, role=form.cleaned_data["role"], created_by=request.user
    )
    return HttpResponseRedirect(reverse("group_detail", args=[pk]) + "#invitations")


@require_POST
def invitation_revoke(request: HttpRequest, pk: int, invitation_pk: int) -> HttpResponse:
    place = get_group(request, pk, owner=True)
    get_object_or_404(Invitation, group=place.group, pk=invitation_pk).revoke()
    return HttpResponseRedirect(reverse("group_detail", args=[pk]) + "#invitations")


def get_membership(place: access.Place, membership_pk: int) -> Membership:
    return get_object_or_404(
        Membership.objects.select_related("user"), group=place.group, pk=membership_pk
    )


@require_POST
def member_role(request: HttpRequest, pk: int, membership_pk: int) -> HttpResponse:
    place = get_group(request, pk, owner=True)
    membership = get_membership(place, membership_pk)
    form = RoleForm(request.POST)
    if not form.is_valid():
        return group_page(
            request, place, status=422, error=gettext("Choose owner, member or viewer.")
        )
    try:
        place.group.set_role(membership, form.cleaned_data["role"])
    except Refused as refused:
        return group_page(request, place, status=409, error=str(refused))
    return HttpResponseRedirect(reverse("group_detail", args=[pk]))


@require_POST
def member_remove(request: HttpRequest, pk: int, membership_pk: int) -> HttpResponse:
    """An owner removes someone; anyone may leave."""
    place = access.place(request, pk)
    membership = get_membership(place, membership_pk)
    leaving = membership.user_id == request.user.pk
    if not leaving:
        place = get_group(request, pk, owner=True)
    try:
        place.group.remove(membership)
    except Refused as refused:
        return group_page(request, place, status=409, error=str(refused))
    if leaving:
        request.session.pop(access.CURRENT, None)
        return HttpResponseRedirect(reverse("account"))
    return HttpResponseRedirect(reverse("group_detail", args=[pk]))


@require_http_methods(["GET", "POST"])
def group_delete(request: HttpRequest, pk: int) -> TemplateResponse | HttpResponse:
    place = get_group(request, pk, owner=True)
    group = place.group
    error = ""
    if request.method == "POST":
        if request.POST.get("name", "").strip() == group.name:
            group.delete_with_everything()
            request.session.pop(access.CURRENT, None)
            return HttpResponseRedirect(reverse("account"))
        error = gettext("Type the group's name, {name}, to delete it.").format(name=group.name)
    return TemplateResponse(
        request,
        "accounts/group_delete.html",
        {
            "group": group,
            "games": group.games.count(),
            "players": group.players.count(),
            "error": error,
        },
        status=422 if error else 200,
    )


@login_not_required
@require_http_methods(["GET", "POST"])
def invitation(request: HttpRequest, token: str) -> TemplateResponse | HttpResponse:
    """An invitation link: someone signed in joins with a tap; a newcomer
    creates their account here and joins."""
    invitation = get_object_or_404(Invitation.objects.select_related("group"), token=token)
    refusal = invitation.refusal()
    form = None
    if not refusal and not request.user.is_authenticated:
        form = UserCreationForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and not refusal and (form is None or form.is_valid()):
        try:
            with transaction.atomic():  # a refused invitation leaves no new account
                user = form.save() if form is not None else request.user
                invitation.accept(user)
        except Refused as refused:
            refusal = str(refused)
        else:
            if form is not None:
                login(request, user, backend=BACKEND)
            request.session[access.CURRENT] = invitation.group_id
            return HttpResponseRedirect(home())
    status = 200
    if refusal:
        status = 410 if invitation.state != Invitation.OPEN else 409
    elif form is not None and form.errors:
        status = 422
    return TemplateResponse(
        request,
        "accounts/invitation.html",
        {"invitation": invitation, "refusal": refusal, "form": form},
        status=status,
    )
