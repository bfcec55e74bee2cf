"""Work done away from the request that asked for it: tasks of Django's
tasks framework (the django-tasks backport on Django 5.2), queued in the
database and run by its worker, `manage.py db_worker`."""

from __future__ import annotations

import time
from typing import IO

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext
from django_tasks import task

from .format import RecordInvalid
from .importer import import_file
from .models import ImportJob


class GivenUp(Exception):
    """The job's page gave up on it meanwhile, having heard nothing for too
    long: the import stops, and what it saved is taken back."""


class Progress:
    """Hears how far the import got, game by game, and writes it to the
    job's row at most every ImportJob.BEAT seconds, which also tells the
    job's page that the worker is alive."""

    def __init__(self, job: ImportJob, fp: IO[bytes]):
        self.job, self.fp = job, fp
        self.written = time.monotonic()

    def __call__(self, games: int, saving: bool) -> None:
        if time.monotonic() - self.written < ImportJob.BEAT:
            return
        # The file is read twice: checked, then saved.
        bytes_read = (self.job.size * saving + self.fp.tell()) // 2
        if not self.job.report(games, bytes_read, saving):
            raise GivenUp
        self.written = time.monotonic()


@task()
def import_upload(job_id: int) -> None:
    """Imports a job's upload, all or nothing, in the uploading page's language; a
    job not waiting (run already, or given up) is left alone."""
    job = ImportJob.objects.select_related("group").filter(pk=job_id).first()
    if job is None or not job.start():
        return
    with translation.override(job.language or settings.LANGUAGE_CODE):
        run(job)


def run(job: ImportJob) -> None:
    try:
        with job.upload_path.open("rb") as fp:
            count, games = import_file(
                fp, job.group, ImportJob.SHOWN, Progress(job, fp), job.as_copy
            )
    except GivenUp:
        job.forget_files()
    except RecordInvalid as invalid:
        job.fail(gettext("Nothing was imported. {why}").format(why=invalid))
    except OSError as error:
        job.fail(
            gettext("Nothing was imported: the uploaded file could not be read ({why}).").format(
                why=error.strerror
            )
        )
    except (SystemExit, KeyboardInterrupt):
        # The worker told twice to stop (make run stopped, say): what was saved is taken back.
        job.fail(
            gettext(
                "Nothing was imported: the import was stopped with the server. "
                "Import the file again."
            )
        )
        raise
    except BaseException:
        # The worker records the error itself (the task's result, its log).
        job.fail(gettext("Nothing was imported: the import stopped on an error of ours."))
        raise
    else:
        job.finish(count, games)
