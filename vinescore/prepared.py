"""A queryset's SQL worked out once a process, then run with each call's values.

For the few reads every request makes, where the ORM takes longer to build
the statement than the database takes to answer it: the session with its
person, the person's groups, the game a page shows. The queryset is built
once with stand-in values; each run puts its own values in their place and
Django's own iterable makes the model instances (with their select_related
objects and annotations), with the converters of the connection at hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.sql import Query
from django.db.models.sql.compiler import SQLCompiler

# Stands in for "now" where a query compares a time with it.
NOW = datetime(1901, 2, 3, 4, 5, 6, tzinfo=UTC)

StandIn = int | str | datetime


@dataclass(frozen=True)
class Prepared:
    sql: str
    params: tuple
    # Where each stand-in is among the parameters.
    slots: dict[int, StandIn]
    # What the compiler worked out for the columns, which Django's iterable reads.
    select: list
    klass_info: dict
    annotation_col_map: dict
    col_count: int
    has_extra_select: bool


def as_param(connection, value):
    """A value as the compiler passes it to the database: a time is adapted
    (SQLite stores it as text)."""
    return connection.ops.adapt_datetimefield_value(value) if isinstance(value, datetime) else value


def prepare(queryset: QuerySet, stand_ins: tuple[StandIn, ...]) -> Prepared | None:
    """The queryset's statement, or None unless each stand-in is one of its
    parameters exactly once (then it is built each time instead)."""
    compiler = queryset.query.get_compiler(using=queryset.db)
    sql, params = compiler.as_sql()
    drawn = {as_param(compiler.connection, s): s for s in stand_ins}
    slots = {i: drawn[p] for i, p in enumerate(params) if isinstance(p, StandIn) and p in drawn}
    if sorted(map(str, slots.values())) != sorted(map(str, stand_ins)):
        return None
    return Prepared(
        sql,
        tuple(params),
        slots,
        compiler.select,
        compiler.klass_info,
        compiler.annotation_col_map,
        compiler.col_count,
        compiler.has_extra_select,
    )


def params_for(prepared: Prepared, values: dict, connection) -> list:
    """The statement's parameters, with `values` in the stand-ins' places."""
    params = list(prepared.params)
    for i, stand_in in prepared.slots.items():
        params[i] = as_param(connection, values[stand_in])
    return params


def run(prepared: Prepared, model: type[Model], values: dict, using: str = "default") -> list:
    """The model instances the prepared statement finds, with `values` for its
    stand-ins."""
    params = params_for(prepared, values, connections[using])
    query = PreparedQuery(model, prepared, params)
    return list(QuerySet(model=model, query=query, using=using))


def first_row(prepared: Prepared, values: dict, using: str = "default") -> tuple | None:
    """The first row of a prepared values_list() statement, as the database
    answers it (no converters: for columns it gives as Python reads them)."""
    connection = connections[using]
    with connection.cursor() as cursor:
        cursor.execute(prepared.sql, params_for(prepared, values, connection))
        return cursor.fetchone()


def all_rows(prepared: Prepared, values: dict, using: str = "default") -> list[tuple]:
    """Every row of a prepared values_list() statement, as the database answers
    it (no converters): for many rows, where the caller converts only what
    it reads."""
    connection = connections[using]
    with connection.cursor() as cursor:
        cursor.execute(prepared.sql, params_for(prepared, values, connection))
        return cursor.fetchall()


class PreparedQuery(Query):
    def __init__(self, model: type[Model], prepared: Prepared, params: list) -> None:
        super().__init__(model)
        self.prepared, self.params = prepared, params

    def get_compiler(self, using=None, connection=None, elide_empty=True):
        connection = connection or connections[using]
        return PreparedCompiler(self, connection, using, elide_empty)


class PreparedCompiler(SQLCompiler):
    def as_sql(self, with_limits=True, with_col_aliases=False):
        prepared = self.query.prepared
        self.select, self.klass_info = prepared.select, prepared.klass_info
        self.annotation_col_map = prepared.annotation_col_map
        self.col_count, self.has_extra_select = prepared.col_count, prepared.has_extra_select
        return prepared.sql, self.query.params
