"""Game records in the app: download a game or all of them, upload a file
(imported by a task), and the published format."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Iterator
from functools import partial

from asgiref.sync import sync_to_async
from django import forms
from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.core.files.uploadedfile import UploadedFile
from django.db import models, transaction
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils.text import slugify
from django.utils.translation import get_language, gettext, gettext_lazy
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_http_methods, require_safe

from vinescore.accounts import access
from vinescore.accounts.models import Group
from vinescore.table.models import Game, Seat
from vinescore.table.views import get_game

from . import bgstats
from .export import game_record, iter_records
from .format import SCHEMA_FILE, RecordInvalid
from .importer import import_file
from .models import ImportJob
from .tasks import import_upload


class GameByGame(StreamingHttpResponse):
    """A download written as it is made. Under ASGI Django would read a
    plain iterator whole before sending any of it (a big group's games in
    memory at once); this sends each piece as it comes, each made on the
    same thread (asgiref's shared one, which keeps its database connection
    and cursor until the response is closed)."""

    async def __aiter__(self):
        pieces = iter(self.streaming_content)
        next_piece = sync_to_async(next, thread_sensitive=True)
        while (piece := await next_piece(pieces, None)) is not None:
            yield piece


def attachment(name: str) -> str:
    return f'attachment; filename="{name}"'


# A download of a group's games is theirs alone: no shared proxy or cache keeps it.
personal_download = cache_control(private=True, no_store=True)


def file_stem(game: Game) -> str:
    return f"vinescore-{slugify(game.name) or 'game'}-{game.pk}"


@personal_download
@require_safe
def game_json(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game(request, pk)
    response = GameByGame(
        iter_records(Game.objects.filter(pk=game.pk)), content_type="application/json"
    )
    response["Content-Disposition"] = attachment(f"{file_stem(game)}.json")
    return response


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def inert(text: str) -> str:
    """A spreadsheet cell kept as text: one starting like a formula gets a leading
    apostrophe (OWASP, CSV injection)."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


@personal_download
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


@personal_download
@require_safe
def all_games_json(request: HttpRequest) -> HttpResponse:
    """Every game of the group the lists show."""
    group = access.current(request).group
    games = Game.objects.live().filter(group=group).order_by("created_at", "pk")
    response = GameByGame(iter_records(games), content_type="application/json")
    response["Content-Disposition"] = attachment(f"vinescore-{slugify(group.name) or 'games'}.json")
    return response


class _Pipe:
    """Where a zip file is written as it is made: what each game adds is
    taken away and sent (zipfile writes to a stream it cannot seek)."""

    def __init__(self) -> None:
        self.pieces: list[bytes] = []

    def write(self, data: bytes) -> int:
        self.pieces.append(bytes(data))
        return len(data)

    def flush(self) -> None:
        pass

    def take(self) -> bytes:
        out, self.pieces = b"".join(self.pieces), []
        return out


def finished_plays(group: Group):
    """The group's finished games, oldest first, with what a play needs."""
    seats = models.Prefetch("seats", queryset=Seat.objects.select_related("player"))
    return (
        Game.objects.live()
        .filter(group=group, finished_at__isnull=False)
        .select_related("group")
        .prefetch_related(seats)
        .order_by("created_at", "pk")
    )


def bgstats_files(games) -> Iterator[bytes]:
    """A zip of one BG Stats play file a finished game, game by game."""
    pipe = _Pipe()
    with zipfile.ZipFile(pipe, "w", zipfile.ZIP_DEFLATED) as archive:
        for game in games.iterator(chunk_size=200):
            play = bgstats.play_for(game)
            if play is None:
                continue
            data = json.dumps(play, ensure_ascii=False, indent=2)
            archive.writestr(f"{file_stem(game)}-bgstats.json", data)
            yield pipe.take()
    yield pipe.take()


@personal_download
@require_safe
def all_plays_bgstats(request: HttpRequest) -> HttpResponse:
    """The group's finished games as BG Stats plays, one file a game."""
    group = access.current(request).group
    response = GameByGame(bgstats_files(finished_plays(group)), content_type="application/zip")
    stem = f"vinescore-{slugify(group.name) or 'games'}-bgstats"
    response["Content-Disposition"] = attachment(f"{stem}.zip")
    return response


@personal_download
@require_safe
def all_plays_bgsplay(request: HttpRequest) -> HttpResponse:
    """The group's finished games as one BG Stats play file (.bgsplay), which
    BG Stats imports whole; imported again, it updates the plays it has."""
    group = access.current(request).group
    response = GameByGame(
        (
            piece.encode()
            for piece in bgstats.plays_file(finished_plays(group).iterator(chunk_size=200))
        ),
        content_type="application/json",
    )
    stem = f"vinescore-{slugify(group.name) or 'games'}"
    response["Content-Disposition"] = attachment(f"{stem}.bgsplay")
    return response


def megabytes(size: int) -> str:
    """A file size as people say it: "50 MB", "50.3 MB", "200 KB"."""
    if size < 1024 * 1024:
        return f"{max(1, round(size / 1024))} KB"
    mb = size / (1024 * 1024)
    return f"{mb:.0f} MB" if mb == int(mb) else f"{mb:.1f} MB"


class UploadForm(forms.Form):
    """A games file, into a group the person may change. One of up to
    IMPORT_INLINE_BYTES is imported here and now; a bigger one is left to an
    import job, run by a task (upload_games)."""

    group = forms.TypedChoiceField(
        coerce=int,
        label=gettext_lazy("Into the group"),
        required=False,
        empty_value=None,
        error_messages={"invalid_choice": gettext_lazy("Choose a group you can add games to.")},
    )
    file = forms.FileField(label=gettext_lazy("A vinescore games file (.json)"))
    copy = forms.BooleanField(
        required=False,
        label=gettext_lazy("Import as a copy"),
        help_text=gettext_lazy(
            "Games already in this group are added again, each as a new game. "
            "Without it, such a game is refused by name."
        ),
    )

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
            self.add_error("group", gettext("Choose a group you can add games to."))
        data["into"] = group
        if upload is None or self.errors or imports_in_background(upload):
            return data
        try:
            self.count, self.games = import_file(upload, group, copy=data.get("copy", False))
        except RecordInvalid as invalid:
            self.add_error("file", gettext("Nothing was imported. {why}").format(why=invalid))
        return data

    def clean_file(self):
        upload = self.cleaned_data["file"]
        limit = settings.MAX_IMPORT_BYTES
        if upload.size > limit:
            raise forms.ValidationError(
                gettext(
                    "The file is {size}; the most this page takes is {most}. "
                    "Import a bigger file with the import_games command."
                ).format(size=megabytes(upload.size), most=megabytes(limit))
            )
        return upload


def imports_in_background(upload: UploadedFile) -> bool:
    return upload.size > settings.IMPORT_INLINE_BYTES


@require_http_methods(["GET", "HEAD", "POST"])
def upload_games(request: HttpRequest) -> HttpResponse:
    """Import into a group this person may change: the one the lists show
    by default."""
    here = access.current(request)
    groups = {pk: p.group for pk, p in access.places(request).items() if p.can_write}
    if not groups:
        access.current(request, write=True)  # refused: a viewer everywhere
    default = here.group if here.can_write else next(iter(groups.values()))
    form = UploadForm(
        request.POST if request.method == "POST" else None,
        request.FILES or None,
        groups=groups,
        default=default,
        initial={"group": default.pk},
    )
    imported: list[Game] = []
    count = 0
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if imports_in_background(upload):
            job = ImportJob.objects.create(
                file_name=upload.name[:255],
                size=upload.size,
                group=form.cleaned_data["into"],
                as_copy=form.cleaned_data["copy"],
                language=get_language() or "",
            )
            try:
                job.keep_upload(upload)
            except OSError as error:  # no room for the file
                job.fail(
                    gettext("Nothing was imported: the import could not start ({why}).").format(
                        why=error.strerror
                    )
                )
            else:
                # The tasks worker (manage.py db_worker) takes it from the
                # database: queued once the job's row is there for it to read.
                transaction.on_commit(partial(import_upload.enqueue, job.pk))
            return redirect(job)
        imported, count = form.games, form.count
        form = UploadForm(groups=groups, default=default, initial={"group": default.pk})
    return TemplateResponse(
        request,
        "records/upload.html",
        {
            "form": form,
            "imported": imported,
            "count": count,
            "limit": megabytes(settings.MAX_IMPORT_BYTES),
            "inline_limit": megabytes(settings.IMPORT_INLINE_BYTES),
        },
        status=422 if form.errors else 200,
    )


def get_import_job(request: HttpRequest, pk: int) -> ImportJob:
    """The one place an import job is looked up by its page: only those who
    may change its group see it (404 for anyone else)."""
    job = get_object_or_404(ImportJob, pk=pk)
    access.place(request, job.group_id, write=True)
    return job


@require_safe
def import_job(request: HttpRequest, pk: int) -> TemplateResponse:
    """An import job's progress, then result; the page asks again every 2 s while it
    runs, and shows failed a job its worker went silent on."""
    job = get_import_job(request, pk)
    job.give_up_if_silent()
    return TemplateResponse(
        request,
        "records/import_job.html#job" if request.htmx else "records/import_job.html",
        {
            "job": job,
            "progress": job.progress(),
            "imported": job.games_shown() if job.status == ImportJob.DONE else [],
            "size": megabytes(job.size),
        },
    )


@login_not_required
@require_safe
def record_format(request: HttpRequest) -> TemplateResponse:
    docs = settings.BASE_DIR / "docs"
    schema = (docs / SCHEMA_FILE).read_text(encoding="utf-8")
    example = (docs / "game-record.example.json").read_text(encoding="utf-8")
    return TemplateResponse(
        request,
        "records/record_format.html",
        {"schema": schema, "example": example, "title": json.loads(schema).get("title", "")},
    )


@login_not_required
@require_safe
def record_schema(request: HttpRequest) -> HttpResponse:
    schema = (settings.BASE_DIR / "docs" / SCHEMA_FILE).read_bytes()
    return HttpResponse(schema, content_type="application/schema+json")
