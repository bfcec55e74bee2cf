"""Read a vinescore games file and save its games, all or nothing."""

from __future__ import annotations

import sys
import threading

from django.core.management.base import BaseCommand, CommandError

from vinescore.accounts.models import Group
from vinescore.table.models import ImportJob
from vinescore.table.records import RecordInvalid, import_stream, read_records


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
            "--job",
            type=int,
            metavar="ID",
            help="Import the file uploaded for this job on the Import page (the page starts this).",
        )

    def handle(self, *args, file: str | None, job: int | None, group: int | None, **options):
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
                count, _ = import_stream(read_records(sys.stdin), keep=0, group=into)
            else:
                with open(file, "rb") as fp:
                    count, _ = import_stream(read_records(fp), keep=0, group=into)
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
        self.job, self.games, self.bytes_read = job, 0, 0
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.wait(ImportJob.BEAT):
            self.job.report(self.games, self.bytes_read)

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

                def checked(games: int) -> None:
                    heartbeat.games, heartbeat.bytes_read = games, fp.tell()

                count, games = import_stream(
                    read_records(fp), ImportJob.SHOWN, checked, group=job.group
                )
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
