"""What the profile commands share: their table and options, the CPU each kept
part's {% cache %} tag takes, and cProfile's report for a command's output."""

from __future__ import annotations

import io
import pstats
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple
from unittest import mock

from django.contrib.auth.models import User
from django.templatetags.cache import CacheNode
from django.test import Client

from bench.sessions import bench_member
from vinescore.accounts.models import Group
from vinescore.table.models import Player


@contextmanager
def parts_timed(spent: dict, name: Callable[[str], object] = lambda fragment: fragment) -> Iterator:
    """While inside, the CPU each {% cache %} tag takes (nested ones inside it)
    is added up in `spent`, under `name(fragment name)`."""
    render = CacheNode.render

    def timed(node, context):
        began = time.process_time()
        try:
            return render(node, context)
        finally:
            spent[name(node.fragment_name)] += time.process_time() - began

    with mock.patch.object(CacheNode, "render", timed):
        yield


def report(profiler, *, sort: str, top: int, callers: str = "") -> str:
    """cProfile's heaviest functions (and, if asked, who calls `callers`)."""
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs().sort_stats(sort)
    stats.print_stats(top)
    if callers:
        stats.print_callers(callers)
    return out.getvalue()


NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli")


class Table(NamedTuple):
    client: Client
    user: User
    group: Group
    players: list[Player]


def at_the_table() -> Table:
    """The benchmark's member signed in on a test client, their group, and
    five players of it for a table."""
    user = bench_member()
    group = user.memberships.get().group
    players = [Player.objects.create(name=name, group=group) for name in NAMES]
    client = Client(SERVER_NAME="127.0.0.1")
    client.force_login(user)
    return Table(client, user, group, players)


def add_arguments(parser, *, hands: int, warm: int, top: int) -> None:
    """The options both profile commands take."""
    parser.add_argument("--hands", type=int, default=hands, help="hands profiled")
    parser.add_argument("--warm", type=int, default=warm, help="hands entered first")
    parser.add_argument("--per-game", type=int, default=30, help="hands a game, then the next game")
    parser.add_argument("--top", type=int, default=top, help="functions printed")
    parser.add_argument("--sort", default="cumulative", help="pstats sort key")
