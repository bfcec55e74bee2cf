"""Read a vinescore games file and save its games, all or nothing."""

from __future__ import annotations

import shutil
import sys
import tempfile
import threading

from django.core.management.base import BaseCommand, CommandError

from vinescore.accounts.models import Group
from vinescore.table.models import ImportJob
from vinescore.table.records import RecordInvalid, import_file


class Command(BaseCommand):
    help = (
        "Import the games in a vinescore games file (docs/game-record.schema.json); "
        "every hand is checked by its game's rules, and nothing is saved if any is wrong."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "file", metavar="FILE", nargs="?", help="The games file; - reads stdin."
        )
        parser.add_argument(
            "--group",
            metavar="ID",
            type=int,
            help="The group the games go into; by default the first group (or, before "
            "there is any, the one the owner's first visit creates).",
        )
        parser.add_argument(
            "--copy",
            action="store_true",
            help="Add games the group already holds again, each as a new game (without it, "
            "such a game is refused and nothing is imported). A job keeps what its page asked.",
        )
        parser.add_argument(
            "--job",
            type=int,
            metavar="ID",
            help="Import the file uploaded for this job on the Import page (the page starts this).",
        )

    def handle(
        self, *args, file: str | None, job: int | None, group: int | None, copy: bool, **options
    ):
        if (file is None) == (job is None):
            raise CommandError("Name a games file, or an import job with --job.")
        if job is not None:
            return run_job(job)
        if group is None:
            into = Group.objects.order_by("pk").first()
        else:
            into = Group.objects.filter(pk=group).first()
            if into is None:
                raise CommandError(f"No group with id {group}.")
        try:
            if file == "-":
                # The file is read twice (checked, then saved): kept on disk meanwhile.
                with tempfile.TemporaryFile() as fp:
                    shutil.copyfileobj(sys.stdin.buffer, fp)
                    fp.seek(0)
                    count, _ = import_file(fp, into, keep=0, copy=copy)
            else:
                with open(file, "rb") as fp:
                    count, _ = import_file(fp, into, keep=0, copy=copy)
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from None
        except RecordInvalid as invalid:
            raise CommandError(str(invalid)) from None
        self.stdout.write(f"Imported {count} game{'' if count == 1 else 's'}.")


class Heartbeat(threading.Thread):
    """Writes how far the import got every ImportJob.BEAT seconds, which
    also tells the job's page that this process is alive."""

    def __init__(self, job: ImportJob):
        super().__init__(daemon=True)
        self.job, self.games, self.bytes_read, self.saving = job, 0, 0, False
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(ImportJob.BEAT):
            self.job.report(self.games, self.bytes_read, self.saving)

    def stop(self) -> None:
        self.stopped.set()
        self.join()


def run_job(pk: int) -> None:
    try:
        job = ImportJob.objects.get(pk=pk, status=ImportJob.WAITING)
    except ImportJob.DoesNotExist:
        raise CommandError(f"There is no import job {pk} waiting to run.") from None
    job.start()
    job.report(0, 0)
    heartbeat = Heartbeat(job)
    heartbeat.start()
    try:
        try:
            with job.upload_path.open("rb") as fp:

                def progress(games: int, saving: bool) -> None:
                    # The file is read twice: checked, then saved.
                    heartbeat.games, heartbeat.saving = games, saving
                    heartbeat.bytes_read = (job.size * saving + fp.tell()) // 2

                count, games = import_file(fp, job.group, ImportJob.SHOWN, progress, job.as_copy)
        finally:
            heartbeat.stop()
    except RecordInvalid as invalid:
        job.fail(f"Nothing was imported. {invalid}")
    except OSError as error:
        job.fail(f"Nothing was imported: the uploaded file could not be read ({error.strerror}).")
    except BaseException:
        job.fail("Nothing was imported: the import stopped on an error of ours.")
        raise
    else:
        job.finish(count, games)
