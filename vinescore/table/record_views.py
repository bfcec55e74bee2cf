"""Game records in the app: download a game or all of them, upload a file,
and the published format."""

from __future__ import annotations

import csv
import io
import json

from django import forms
from django.conf import settings
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.template.response import TemplateResponse
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_safe

from .models import Game
from .records import RecordInvalid, game_record, import_stream, iter_records, read_records
from .views import get_game

MAX_UPLOAD = 50 * 1024 * 1024  # bytes


def attachment(name: str) -> str:
    return f'attachment; filename="{name}"'


def file_stem(game: Game) -> str:
    return f"vinescore-{slugify(game.name) or 'game'}-{game.pk}"


@require_safe
def game_json(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(pk)
    response = StreamingHttpResponse(
        iter_records(Game.objects.filter(pk=game.pk)), content_type="application/json"
    )
    response["Content-Disposition"] = attachment(f"{file_stem(game)}.json")
    return response


@require_safe
def game_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The score sheet as a spreadsheet: a row per hand, award and total per side."""
    game = get_game(pk)
    record = game_record(game)
    hands, sheet = game.played()
    sides = sheet.side_names
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["hand", "dealer", "explanation"]
        + [f"{side} {what}" for side in sides for what in ("scored", "total")]
    )
    for row, hand in zip(sheet.rows, record["hands"], strict=True):
        cells = []
        for award, total in zip(row.result.awards, row.totals, strict=True):
            cells += [award, total]
        writer.writerow([row.number, sheet.setup.names[row.dealer], hand["explanation"], *cells])
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = attachment(f"{file_stem(game)}.csv")
    return response


@require_safe
def all_games_json(request: HttpRequest) -> HttpResponse:
    response = StreamingHttpResponse(
        iter_records(Game.objects.order_by("created_at", "pk")), content_type="application/json"
    )
    response["Content-Disposition"] = attachment("vinescore-games.json")
    return response


class UploadForm(forms.Form):
    file = forms.FileField(label="A vinescore games file (.json)")

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            raise forms.ValidationError(
                f"The file is {upload.size // (1024 * 1024)} MB; the most is "
                f"{MAX_UPLOAD // (1024 * 1024)} MB."
            )
        try:
            self.count, self.games = import_stream(read_records(upload))
        except RecordInvalid as invalid:
            raise forms.ValidationError(f"Nothing was imported. {invalid}") from None
        return upload


@require_http_methods(["GET", "HEAD", "POST"])
def upload_games(request: HttpRequest) -> TemplateResponse:
    form = UploadForm(request.POST if request.method == "POST" else None, request.FILES or None)
    imported: list[Game] = []
    count = 0
    if request.method == "POST" and form.is_valid():
        imported, count = form.games, form.count
        form = UploadForm()
    return TemplateResponse(
        request,
        "table/upload.html",
        {"form": form, "imported": imported, "count": count},
        status=422 if form.errors else 200,
    )


@require_safe
def record_format(request: HttpRequest) -> TemplateResponse:
    docs = settings.BASE_DIR / "docs"
    schema = (docs / "game-record.schema.json").read_text(encoding="utf-8")
    example = (docs / "game-record.example.json").read_text(encoding="utf-8")
    return TemplateResponse(
        request,
        "table/record_format.html",
        {"schema": schema, "example": example, "title": json.loads(schema).get("title", "")},
    )


@require_safe
def record_schema(request: HttpRequest) -> HttpResponse:
    schema = (settings.BASE_DIR / "docs" / "game-record.schema.json").read_bytes()
    return HttpResponse(schema, content_type="application/schema+json")
