"""A backup: everything a server needs to come back, in one file (README, Backups).

JSON Lines (gzipped for .gz): a header (format, version, date, database,
migrations), a row per line in Django's serialization, then the row count, so
a file cut short is refused, not half restored. Every row of vinescore's apps
and accounts is kept with its number, but no session (each a sign-in token a
file on disk must not hold). MOVED renames models that changed app. Rows are
read in one snapshot and streamed; a restore is one transaction.
"""

from __future__ import annotations

import datetime
import gzip
import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group as AccountGroup
from django.contrib.sessions.base_session import AbstractBaseSession
from django.core import serializers
from django.core.management.color import no_style
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DatabaseError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder
from django.db.models import Model
from django.utils import timezone

from vinescore.table.models import Game

FORMAT = "vinescore-backup"
VERSION = 1
CHUNK = 1000  # rows read at a time


class NotRestored(Exception):
    """Why a file cannot be restored here; nothing was changed."""


def is_session(model: type[Model]) -> bool:
    """Sign-in tokens, which no backup keeps (see above)."""
    return issubclass(model, AbstractBaseSession)


def backed_up_models() -> list[type[Model]]:
    """The models whose rows a backup keeps, each after those it names by
    natural key (groups of accounts before the accounts in them)."""
    chosen = [AccountGroup, get_user_model()]
    for config in apps.get_app_configs():
        if config.name.startswith("vinescore."):
            chosen += [
                m
                for m in config.get_models()
                if m._meta.managed and not m._meta.proxy and not is_session(m)
            ]
    chosen = list(dict.fromkeys(chosen))
    by_app: dict = {}
    for model in chosen:
        by_app.setdefault(model._meta.app_config, []).append(model)
    return serializers.sort_dependencies(by_app.items(), allow_cycles=True)


def label(model: type[Model]) -> str:
    return model._meta.label_lower


def in_words(counts: Counter) -> str:
    """'3 users, 2 groups, 40 hands...' for the rows counted."""
    said = []
    for name, n in counts.items():
        if not n:
            continue
        meta = apps.get_model(name)._meta
        said.append(f"{n} {meta.verbose_name if n == 1 else meta.verbose_name_plural}")
    return ", ".join(said) or "nothing"


# --- writing --------------------------------------------------------------


class ExactEncoder(DjangoJSONEncoder):
    """Django's, with times to the microsecond as they were stored (it
    keeps only milliseconds)."""

    def default(self, o):
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


@contextmanager
def snapshot():
    """One transaction that sees the database as it was when it began."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield


def applied_migrations() -> dict[str, list[str]]:
    """The migrations the database had, of the apps whose rows are kept."""
    kept = {model._meta.app_label for model in backed_up_models()}
    applied: dict[str, list[str]] = {}
    for app, name in sorted(MigrationRecorder(connection).applied_migrations()):
        if app in kept:
            applied.setdefault(app, []).append(name)
    return applied


def rows(model: type[Model], counts: Counter) -> Iterator[Model]:
    many = [f.name for f in model._meta.many_to_many if f.remote_field.through._meta.auto_created]
    found = model._base_manager.order_by("pk")
    if many:
        found = found.prefetch_related(*many)
    for row in found.iterator(chunk_size=CHUNK):
        counts[label(model)] += 1
        yield row


def write_backup(path: Path) -> Counter:
    """Writes the backup to `path` (whole, or not at all: it is written
    beside it and renamed into place), and counts the rows of each model."""
    path = Path(path)
    partial = path.with_name(f".{path.name}.partial")
    counts: Counter = Counter()
    serializer = serializers.get_serializer("jsonl")()
    try:
        with open_for_writing(partial, gzipped=path.suffix == ".gz") as out, snapshot():
            header = {
                "format": FORMAT,
                "version": VERSION,
                "made_at": timezone.now().isoformat(),
                "database": connection.vendor,
                "migrations": applied_migrations(),
            }
            out.write(json.dumps(header) + "\n")
            for model in backed_up_models():
                counts[label(model)] = 0
                serializer.serialize(
                    rows(model, counts), stream=out, use_natural_foreign_keys=True, cls=ExactEncoder
                )
            out.write(json.dumps({"end": FORMAT, "rows": sum(counts.values())}) + "\n")
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return counts


def open_for_writing(path: Path, *, gzipped: bool) -> IO[str]:
    if gzipped:
        return gzip.open(path, "wt", encoding="utf-8")
    return path.open("w", encoding="utf-8")


# --- reading --------------------------------------------------------------


@contextmanager
def open_backup(path: Path):
    """The file's header and an iterator over its other lines."""
    path = Path(path)
    try:
        with path.open("rb") as raw:
            gzipped = raw.read(2) == b"\x1f\x8b"
        stream = gzip.open(path, "rt", encoding="utf-8") if gzipped else path.open(encoding="utf-8")
    except OSError as error:
        raise NotRestored(f"{path} cannot be read: {error.strerror or error}.") from None
    with stream:
        not_a_backup = NotRestored(f"{path} is not a vinescore backup (made by manage.py backup).")
        try:
            header = json.loads(stream.readline())
        except (ValueError, OSError, EOFError):
            raise not_a_backup from None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise not_a_backup
        if not isinstance(header.get("version"), int) or header["version"] > VERSION:
            raise NotRestored(
                f"{path} was made by a newer vinescore (backup format {header.get('version')}): "
                "restore it with that version."
            )
        yield header, stream


def check_database_fits(header: dict) -> None:
    """Refuses a database that is not migrated, or not empty, or older than
    the one the backup was made from."""
    executor = MigrationExecutor(connection)
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        raise NotRestored("This database is not up to date: run `manage.py migrate` first.")
    known = set(executor.loader.graph.nodes)
    newer = [
        f"{app} {name}"
        for app, names in (header.get("migrations") or {}).items()
        for name in names
        if (app, name) not in known
    ]
    if newer:
        raise NotRestored(
            "This backup was made by a newer vinescore (its database had migrations this one "
            f"does not know: {', '.join(newer[:3])}): upgrade vinescore here first."
        )
    held = Counter({label(model): model._base_manager.count() for model in backed_up_models()})
    if +held:
        raise NotRestored(
            f"This database is not empty (it holds {in_words(held)}). A backup is restored "
            "only into "
            "a new, empty database: create one, run `manage.py migrate`, then restore."
        )


def restore_backup(path: Path) -> Counter:
    """Brings the backup at `path` into this (empty, migrated) database, all
    of it or nothing, and counts the rows of each model."""
    allowed = {label(model): model for model in backed_up_models()}
    counts: Counter = Counter()
    sessions_left_out = 0
    with open_backup(path) as (header, lines):
        check_database_fits(header)
        ending: dict = {}
        try:
            with transaction.atomic(), connection.constraint_checks_disabled():
                waiting = []
                found = serializers.deserialize(
                    "jsonl", until_the_end(lines, ending), handle_forward_references=True
                )
                for row in found:
                    name = label(type(row.object))
                    if name not in allowed and is_session(type(row.object)):
                        sessions_left_out += 1  # its phone signs in again
                        continue
                    if name not in allowed:
                        raise NotRestored(f"{path} holds rows of {name}, which no backup keeps.")
                    row.save()
                    counts[name] += 1
                    if row.deferred_fields:
                        waiting.append(row)
                for row in waiting:
                    row.save_deferred_fields()
                # A backup made before the games' rows kept their play times.
                Game.objects.play_times_from_hands()
                if ending.get("rows") != sum(counts.values()) + sessions_left_out:
                    raise NotRestored(
                        f"{path} ends early: it was not written to the end "
                        f"({sum(counts.values())} rows found). Nothing was restored."
                    )
                tables = [model._meta.db_table for model in allowed.values()]
                connection.check_constraints(table_names=tables)
                reset_sequences(list(allowed.values()))
        except (
            serializers.base.DeserializationError,
            DatabaseError,
            ValueError,
            OSError,  # a damaged gzip file
            EOFError,  # a gzip file cut short
        ) as error:
            raise NotRestored(
                f"{path} could not be restored, nothing was changed: {error}"
            ) from None
    return counts


# Models that moved to another app since a backup could have been made:
# its rows are restored as the model's rows where it lives now.
MOVED = {
    "accounts.spectatorlink": "table.spectatorlink",
    "accounts.tablelink": "table.tablelink",
}


def until_the_end(lines: Iterable[str], ending: dict) -> Iterator[str]:
    """The row lines, up to the last line, whose content goes into `ending`,
    rows of a model that moved named as it is named now."""
    for line in lines:
        if line.startswith('{"end":'):
            ending.update(json.loads(line))
            return
        if any(f'"{old}"' in line for old in MOVED):
            row = json.loads(line)
            row["model"] = MOVED.get(row.get("model"), row.get("model"))
            line = json.dumps(row, cls=ExactEncoder)
        yield line


def reset_sequences(models: list[type[Model]]) -> None:
    """The next row of each table is numbered after the restored ones
    (PostgreSQL numbers rows from sequences; SQLite needs nothing)."""
    statements = connection.ops.sequence_reset_sql(no_style(), models)
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)
