"""Write games as a vinescore games file (docs/game-record.schema.json)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from vinescore.records.export import write_records
from vinescore.table.models import Game


class _Out:
    """The command's stdout as a plain stream: writes text exactly as given."""

    def __init__(self, wrapper):
        self.wrapper = wrapper

    def write(self, text: str) -> None:
        self.wrapper.write(text, ending="")


class Command(BaseCommand):
    help = "Export games (all, or those given with --game) as a vinescore games file."

    def add_arguments(self, parser):
        parser.add_argument(
            "--game",
            dest="games",
            metavar="ID",
            type=int,
            nargs="+",
            action="extend",
            help="Export only these games (by id); may be repeated.",
        )
        parser.add_argument(
            "--group", metavar="ID", type=int, help="Export only this group's games."
        )
        parser.add_argument(
            "-o", "--output", metavar="FILE", help="Write to FILE (UTF-8) instead of stdout."
        )

    def handle(
        self,
        *args,
        games: list[int] | None = None,
        group: int | None = None,
        output: str | None = None,
        **options,
    ):
        queryset = Game.objects.order_by("pk")
        if group is not None:
            queryset = queryset.filter(group=group)
        if games:
            found = set(queryset.filter(pk__in=games).values_list("pk", flat=True))
            missing = [str(pk) for pk in dict.fromkeys(games) if pk not in found]
            if missing:
                raise CommandError(f"No game with id {', '.join(missing)}.")
            queryset = queryset.filter(pk__in=games)
        if output is None:
            write_records(queryset, _Out(self.stdout))
            return
        try:
            with open(output, "w", encoding="utf-8", newline="\n") as out:
                count = write_records(queryset, out)
        except OSError as error:
            raise CommandError(f"Cannot write {output}: {error.strerror}.") from None
        self.stderr.write(f"Exported {count} game{'' if count == 1 else 's'} to {output}.")
