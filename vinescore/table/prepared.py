"""A queryset's SQL worked out once a process, then run with each call's values.

For the few reads every request makes, where the ORM takes longer to build
the statement than the database takes to answer it. The queryset is built
once with stand-in values; each run puts its own values in their place and
Django's own iterable makes the model instances (with their select_related
objects and annotations), with the converters of the connection at hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.sql import Query
from django.db.models.sql.compiler import SQLCompiler


@dataclass(frozen=True)
class Prepared:
    sql: str
    params: tuple
    # What the compiler worked out for the columns, which Django's iterable reads.
    select: list
    klass_info: dict
    annotation_col_map: dict
    col_count: int
    has_extra_select: bool


def prepare(queryset: QuerySet, stand_ins: tuple) -> Prepared | None:
    """The queryset's statement, or None unless each stand-in is one of its
    parameters exactly once (then it is built each time instead)."""
    compiler = queryset.query.get_compiler(using=queryset.db)
    sql, params = compiler.as_sql()
    if any(list(params).count(stand_in) != 1 for stand_in in stand_ins):
        return None
    return Prepared(
        sql,
        tuple(params),
        compiler.select,
        compiler.klass_info,
        compiler.annotation_col_map,
        compiler.col_count,
        compiler.has_extra_select,
    )


def run(prepared: Prepared, model: type[Model], values: dict) -> list:
    """The rows of the prepared statement, with `values` for its stand-ins."""
    params = [values.get(p, p) if isinstance(p, int) else p for p in prepared.params]
    query = PreparedQuery(model, prepared, params)
    return list(QuerySet(model=model, query=query))


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
