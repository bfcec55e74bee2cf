from django.contrib.auth import middleware
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.functional import SimpleLazyObject

from . import access, sessions
from .access import NoGroup


class LoginRequiredMiddleware(middleware.LoginRequiredMiddleware):
    """Django's, asking the view before the person: an open view does not load who
    is asking, so the idle live check stays one query. A guest may open their
    own game's pages marked access.guests_may_open without signing in."""

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not getattr(view_func, "login_required", True):
            return None
        if access.guest_may_open(request, view_func, view_kwargs):
            return None
        return super().process_view(request, view_func, view_args, view_kwargs)


class NoGroupMiddleware:
    """Someone signed in but in no group is sent to their account page,
    which offers to start one."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, NoGroup):
            return HttpResponseRedirect(reverse("account"))
        return None


class AuthenticationMiddleware(middleware.AuthenticationMiddleware):
    """Django's, taking the signed-in person read with the session's row
    (sessions.signed_in): one query for both, not two."""

    def process_request(self, request):
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: sessions.signed_in(request))
