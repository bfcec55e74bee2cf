"""Every group's ratings computed from the start (after a deploy that
changed how ratings are computed, or to check them)."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from vinescore.accounts.models import Group
from vinescore.leaderboard import service


class Command(BaseCommand):
    help = "Rebuild every group's ratings from its history of games."

    def add_arguments(self, parser):
        parser.add_argument("--group", type=int, action="append", help="only this group (by id)")

    def handle(self, *args, group: list[int] | None = None, **options):
        groups = Group.objects.order_by("pk")
        if group:
            groups = groups.filter(pk__in=group)
            missing = set(group) - set(groups.values_list("pk", flat=True))
            if missing:
                raise CommandError(f"No group with id {', '.join(map(str, sorted(missing)))}.")
        for each in groups:
            started = time.perf_counter()
            computed = service.rebuild(each.pk)
            players = {p for table in computed.ratings.families.values() for p in table}
            self.stdout.write(
                f"{each.name}: {computed.games} games, {len(players)} players rated "
                f"in {time.perf_counter() - started:.2f} s"
            )
