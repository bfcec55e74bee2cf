"""Game records in the app: download a game or all of them, upload a file,
and the published format."""

from __future__ import annotations

import csv
import io
import json

from django import forms
from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.template.response import TemplateResponse
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods, require_safe

from vinescore.accounts import access
from vinescore.accounts.models import Group

from .models import Game
from .records import RecordInvalid, game_record, import_stream, iter_records, read_records
from .views import get_game


def attachment(name: str) -> str:
    return f'attachment; filename="{name}"'


def file_stem(game: Game) -> str:
    return f"vinescore-{slugify(game.name) or 'game'}-{game.pk}"


@require_safe
def game_json(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(request, pk)
    response = StreamingHttpResponse(
        iter_records(Game.objects.filter(pk=game.pk)), content_type="application/json"
    )
    response["Content-Disposition"] = attachment(f"{file_stem(game)}.json")
    return response


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def inert(text: str) -> str:
    """Text a spreadsheet shows as text: a cell starting like a formula
    ("=HYPERLINK(...)", "+1", "@SUM") gets a leading apostrophe (OWASP's
    advice against CSV injection). Numbers are written as numbers, apart."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


@require_safe
def game_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The score sheet as a spreadsheet: a row per hand, award and total per
    side, and when the hand was scored."""
    game = get_game(request, pk)
    record = game_record(game)
    hands, sheet = game.played()
    sides = sheet.side_names
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        ["hand", "dealer", "explanation"]
        + [inert(f"{side} {what}") for side in sides for what in ("scored", "total")]
        + ["played at"]
    )
    for row, hand in zip(sheet.rows, record["hands"], strict=True):
        cells = []
        for award, total in zip(row.result.awards, row.totals, strict=True):
            cells += [award, total]
        writer.writerow(
            [row.number, inert(sheet.setup.names[row.dealer]), inert(hand["explanation"]), *cells]
            + [hand["played_at"]]
        )
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = attachment(f"{file_stem(game)}.csv")
    return response


@require_safe
def all_games_json(request: HttpRequest) -> HttpResponse:
    """Every game of the group the lists show."""
    group = access.current(request).group
    games = Game.objects.filter(group=group).order_by("created_at", "pk")
    response = StreamingHttpResponse(iter_records(games), content_type="application/json")
    response["Content-Disposition"] = attachment(f"vinescore-{slugify(group.name) or 'games'}.json")
    return response


def megabytes(size: int) -> str:
    """A file size as people say it: "50 MB", "50.3 MB", "200 KB"."""
    if size < 1024 * 1024:
        return f"{max(1, round(size / 1024))} KB"
    mb = size / (1024 * 1024)
    return f"{mb:.0f} MB" if mb == int(mb) else f"{mb:.1f} MB"


class UploadForm(forms.Form):
    group = forms.TypedChoiceField(
        coerce=int,
        label="Into the group",
        required=False,
        empty_value=None,
        error_messages={"invalid_choice": "Choose a group you can add games to."},
    )
    file = forms.FileField(label="A vinescore games file (.json)")

    def __init__(self, *args, groups: dict[int, Group], default: Group, **kwargs):
        super().__init__(*args, **kwargs)
        self.groups, self.default = groups, default
        self.fields["group"].choices = [(pk, group.name) for pk, group in groups.items()]
        if len(groups) == 1:
            self.fields["group"].widget = forms.HiddenInput()

    def clean(self):
        data = super().clean()
        upload, group = data.get("file"), self.groups.get(data.get("group"), self.default)
        if data.get("group") not in (None, group.pk):
            self.add_error("group", "Choose a group you can add games to.")
        if upload is None or self.errors:
            return data
        try:
            self.count, self.games = import_stream(read_records(upload), group=group)
        except RecordInvalid as invalid:
            self.add_error("file", f"Nothing was imported. {invalid}")
        except IntegrityError:  # a player of the same name added at that moment
            self.add_error(
                "file",
                "Nothing was imported: a player in the file was added on another phone "
                "at the same moment. Import the file again.",
            )
        return data

    def clean_file(self):
        upload = self.cleaned_data["file"]
        limit = settings.MAX_IMPORT_BYTES
        if upload.size > limit:
            raise forms.ValidationError(
                f"The file is {megabytes(upload.size)}; the most this page takes is "
                f"{megabytes(limit)}. Import a bigger file with the import_games command."
            )
        return upload


@require_http_methods(["GET", "HEAD", "POST"])
def upload_games(request: HttpRequest) -> TemplateResponse:
    """Import into a group this person may change: the one the lists show
    by default."""
    here = access.current(request)
    groups = {pk: p.group for pk, p in access.places(request).items() if p.can_write}
    if not groups:
        access.current(request, write=True)  # refused: a viewer everywhere
    default = here.group if here.can_write else next(iter(groups.values()))
    initial = {"group": default.pk}
    form = UploadForm(
        request.POST if request.method == "POST" else None,
        request.FILES or None,
        groups=groups,
        default=default,
        initial=initial,
    )
    imported: list[Game] = []
    count = 0
    if request.method == "POST" and form.is_valid():
        imported, count = form.games, form.count
        form = UploadForm(groups=groups, default=default, initial=initial)
    return TemplateResponse(
        request,
        "table/upload.html",
        {
            "form": form,
            "imported": imported,
            "count": count,
            "limit": megabytes(settings.MAX_IMPORT_BYTES),
        },
        status=422 if form.errors else 200,
    )


@login_not_required
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


@login_not_required
@require_safe
def record_schema(request: HttpRequest) -> HttpResponse:
    schema = (settings.BASE_DIR / "docs" / "game-record.schema.json").read_bytes()
    return HttpResponse(schema, content_type="application/schema+json")
