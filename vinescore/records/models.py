"""An uploaded games file, imported by a task while its page shows how far
it got."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import NamedTuple

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from vinescore.table.models import Game, Seat


class ImportProgress(NamedTuple):
    games: int  # checked so far, or once all are checked, saved so far
    percent: int  # of the work: the file is read twice, checked then saved
    saving: bool = False


class ImportJob(models.Model):
    """A games file uploaded on the Import page, imported by `tasks.import_upload`
    (`manage.py db_worker`) while the job's page shows its progress and result.

    The task writes progress here at most every BEAT seconds, and each write
    (`updated_at`) is its sign of life: the tasks backend keeps none, so a job
    silent for SILENCE (or waiting while no import moves) is shown failed, and is
    not started or stops when a worker reaches it. Only the upload and the worker
    move `updated_at`."""

    WAITING, RUNNING, DONE, FAILED = "waiting", "running", "done", "failed"
    STATUSES = [(s, s.capitalize()) for s in (WAITING, RUNNING, DONE, FAILED)]
    BEAT = 2
    SILENCE = timedelta(seconds=60)
    SHOWN = 20  # games imported that the page shows

    status = models.CharField(max_length=7, choices=STATUSES, default=WAITING)
    # The group the games go into; only those who may change it see the job.
    group = models.ForeignKey(
        "accounts.Group", on_delete=models.CASCADE, related_name="import_jobs", null=True
    )
    file_name = models.CharField(max_length=255)  # as uploaded
    size = models.PositiveBigIntegerField()  # bytes
    # "Import as a copy": games the group holds already are added again.
    as_copy = models.BooleanField(default=False)
    # The language of the page that uploaded it: why nothing was imported is
    # written in it.
    language = models.CharField(max_length=16, blank=True)
    # How far it got: games checked, or once all are checked, saved; bytes
    # of the work (the file is read twice: checked, then saved).
    progress_games = models.PositiveIntegerField(default=0)
    progress_bytes = models.PositiveBigIntegerField(default=0)
    saving = models.BooleanField(default=False)
    games = models.PositiveIntegerField(default=0)  # imported, once done
    first_games = models.JSONField(default=list, blank=True)  # ids of the first SHOWN
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "table_importjob"  # kept from when games and records shared an app

    def __str__(self) -> str:
        return f"{self.file_name} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("import_job", args=[self.pk])

    @property
    def upload_path(self) -> Path:
        return Path(settings.IMPORT_DIR) / f"{self.pk}.json"

    @property
    def is_over(self) -> bool:
        return self.status in (self.DONE, self.FAILED)

    def keep_upload(self, upload) -> None:
        """The uploaded file, written where the worker finds it, a chunk at
        a time."""
        self.upload_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with self.upload_path.open("wb") as out:
            for chunk in upload.chunks():
                out.write(chunk)

    def _running(self) -> models.QuerySet[ImportJob]:
        return ImportJob.objects.filter(pk=self.pk, status=self.RUNNING)

    def start(self) -> bool:
        """Takes a waiting job; False if it is not waiting (run already, or
        given up on by its page meanwhile)."""
        now = timezone.now()
        started = ImportJob.objects.filter(pk=self.pk, status=self.WAITING).update(
            status=self.RUNNING, updated_at=now
        )
        if started:
            self.status, self.updated_at = self.RUNNING, now
        return bool(started)

    def report(self, games: int, bytes_read: int, saving: bool = False) -> bool:
        """How far the import got, which is also its sign of life; False if
        the job is no longer running (its page gave up on it)."""
        self.progress_games, self.progress_bytes, self.saving = games, bytes_read, saving
        return bool(
            self._running().update(
                progress_games=games,
                progress_bytes=bytes_read,
                saving=saving,
                updated_at=timezone.now(),
            )
        )

    def progress(self) -> ImportProgress:
        percent = min(100, self.progress_bytes * 100 // max(1, self.size))
        return ImportProgress(self.progress_games, percent, self.saving)

    def finish(self, count: int, games: list[Game]) -> None:
        self.status, self.games = self.DONE, count
        self.first_games = [game.pk for game in games[: self.SHOWN]]
        self.save(update_fields=["status", "games", "first_games", "updated_at"])
        self.forget_files()

    def fail(self, message: str) -> None:
        self.status, self.error = self.FAILED, message
        self.save(update_fields=["status", "error", "updated_at"])
        self.forget_files()

    def give_up_if_silent(self) -> None:
        """A job whose worker has stopped without a word, or that no worker
        takes, is failed, so its page stops waiting and says why."""
        if self.is_over:
            return
        since = timezone.now() - self.SILENCE
        if self.updated_at >= since:
            return
        if self.status == self.WAITING:
            # Waiting its turn while the worker imports other files is not silence.
            moving = ImportJob.objects.exclude(status=self.WAITING).exclude(pk=self.pk)
            if moving.filter(updated_at__gte=since).exists():
                return
            why = gettext(
                "Nothing was imported: the import did not start (the server's import "
                "worker may not be running). Import the file again."
            )
        elif self.saving:
            why = gettext(
                "The import stopped part way (the server may have restarted). Games it "
                "had saved by then may be in History; the rest of the file was not imported."
            )
        else:
            why = gettext(
                "Nothing was imported: the import stopped before it finished "
                "(the server may have restarted). Import the file again."
            )
        # An update that leaves updated_at alone: a give-up is no sign of life.
        gave_up = ImportJob.objects.filter(
            pk=self.pk, status=self.status, updated_at__lt=since
        ).update(status=self.FAILED, error=why)
        if gave_up:
            self.status, self.error = self.FAILED, why
            self.forget_files()
        else:  # the worker moved it on meanwhile
            self.refresh_from_db()

    def forget_files(self) -> None:
        self.upload_path.unlink(missing_ok=True)

    def games_shown(self) -> list[Game]:
        """The first games imported that are still there, in the file's order."""
        return list(
            Game.objects.live()
            .filter(pk__in=self.first_games)
            .prefetch_related(models.Prefetch("seats", Seat.objects.select_related("player")))
            .order_by("pk")
        )
