"""The app's URLs plus the benchmark's floor for writes: a bare view that
inserts one row in one transaction, through the same middleware (CSRF
included) as every other POST. Served only by `make bench` (bench.settings)."""

import secrets
from datetime import timedelta

from django.contrib.sessions.models import Session
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.utils import timezone
from django.views.decorators.http import require_POST

from vinescore.urls import urlpatterns as app


@require_POST
def write_floor(request: HttpRequest) -> HttpResponse:
    with transaction.atomic():
        Session.objects.create(
            session_key=secrets.token_hex(16),
            session_data="",
            expire_date=timezone.now() + timedelta(minutes=5),
        )
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [path("bench/write/", write_floor), *app]
