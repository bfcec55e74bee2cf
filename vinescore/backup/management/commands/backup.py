"""manage.py backup FILE: everything this server needs to come back, in one
file (see vinescore.backup.files); FILE.gz is compressed."""

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from vinescore.backup.files import in_words, write_backup


class Command(BaseCommand):
    help = (
        "Write every account, group, membership, invitation, spectator and table link, "
        "player, game, hand and change log to one file, for `manage.py restore` "
        "(gzip-compressed when FILE ends in .gz). Sessions are left out: after a restore, "
        "every phone signs in again."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="where to write the backup, e.g. vinescore.jsonl.gz")

    def handle(self, *args, file: str, **options):
        try:
            counts = write_backup(file)
        except OSError as error:
            raise CommandError(f"{file} cannot be written: {error.strerror or error}.") from None
        except DatabaseError as error:
            raise CommandError(f"The database cannot be read: {error}") from None
        self.stdout.write(f"Backed up {in_words(counts)} to {file}.")
