"""manage.py restore FILE: a backup brought into a new, empty database
(after `manage.py migrate`), all of it or nothing."""

from django.core.management.base import BaseCommand, CommandError

from vinescore.backup.files import NotRestored, in_words, restore_backup


class Command(BaseCommand):
    help = (
        "Bring a file made by `manage.py backup` into this database, which must be new: "
        "migrated and empty. All of it is restored, or nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a file made by manage.py backup")

    def handle(self, *args, file: str, **options):
        try:
            counts = restore_backup(file)
        except NotRestored as refusal:
            raise CommandError(str(refusal)) from None
        self.stdout.write(f"Restored {in_words(counts)} from {file}.")
