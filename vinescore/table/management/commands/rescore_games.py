"""List, or apply, what corrected rules do to the games already played."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from vinescore.table.rescoring import pending


class Command(BaseCommand):
    help = (
        "List the games scored under an older rules version whose totals or winner the "
        "current rules change (before -> after); with --apply, rescore them in the open: "
        "each such game's change log says what changed, and every listed game carries the "
        "current rules version."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--apply", action="store_true", help="Rescore the games instead of only listing."
        )

    def handle(self, *args, apply: bool = False, **options):
        changed = unchanged = 0
        for rescore in pending():
            if rescore.changes_the_score:
                changed += 1
                self.stdout.write(("Rescored " if apply else "Would change ") + rescore.words())
            else:
                unchanged += 1
            if apply:
                rescore.game.rescore()
        if not changed and not unchanged:
            self.stdout.write("Every game is scored by the current rules.")
            return
        games = "game" if unchanged == 1 else "games"
        if unchanged:
            verb = "moved" if apply else "would move"
            self.stdout.write(
                f"{unchanged} other {games} {verb} to the current rules with the same score."
            )
        if not apply:
            self.stdout.write("Nothing was changed; run with --apply to rescore.")
