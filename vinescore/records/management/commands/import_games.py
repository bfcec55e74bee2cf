"""Read a vinescore games file and save its games, all or nothing."""

from __future__ import annotations

import shutil
import sys
import tempfile

from django.core.management.base import BaseCommand, CommandError

from vinescore.accounts.models import Group
from vinescore.records.format import RecordInvalid
from vinescore.records.importer import import_file


class Command(BaseCommand):
    help = (
        "Import the games in a vinescore games file (docs/game-record.schema.json); "
        "every hand is checked by its game's rules, and nothing is saved if any is wrong."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE", help="The games file; - reads stdin.")
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
            "such a game is refused and nothing is imported).",
        )

    def handle(self, *args, file: str, group: int | None, copy: bool, **options):
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
