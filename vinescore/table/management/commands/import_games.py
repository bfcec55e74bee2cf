"""Read a vinescore games file and save its games, all or nothing."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError

from vinescore.accounts.models import Group
from vinescore.table.records import RecordInvalid, import_stream, read_records


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

    def handle(self, *args, file: str, group: int | None = None, **options):
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
