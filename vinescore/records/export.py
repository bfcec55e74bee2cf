"""A games file written out: a record per game, streamed a game at a time,
deterministic (fixed key order, facts sorted by name, a fixed layout: see
`dumps`), so export, import, export gives the same bytes."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import IO, Any

from django.db import models
from django.db.models import Prefetch

from vinescore.scoring import Payment
from vinescore.table.models import Game, Seat, duration_seconds

from .format import FORMAT, VERSION

INDENT = 2
CHUNK_SIZE = 200


def iso_utc(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def game_record(game: Game) -> dict:
    """One game as a record: its setup, its live hands' facts and what they
    scored. Seats must be loaded with their players."""
    hands, sheet = game.played()
    names = sheet.setup.names
    winner = None
    if sheet.winner is not None:
        winner = {"sides": sheet.winner_names, "reason": sheet.winner.reason}
    session = {}
    if sheet.rules.coins:
        squared = sheet.settle_up
        session["settle_up"] = None if squared is None else payment_records(squared)
    return {
        "game": game.kind,
        "id": str(game.uid),
        "name": game.name,
        "title": game.title,
        "rules_version": game.rules_version,
        "options": sorted(game.options),
        "players": list(names),
        "first_dealer": game.first_dealer,
        "target": game.target,
        "stakes": game.stakes,
        "ended": game.ended,
        # Only where set: a game without one is written as before it existed.
        **({"hand_limit": game.hand_limit} if game.hand_limit is not None else {}),
        "note": game.note,
        "created_at": iso_utc(game.created_at),
        "duration_seconds": duration_seconds(hands),
        "hands": [
            {
                "facts": dict(sorted(row.facts.items())),
                "awards": list(row.result.awards),
                "payments": payment_records(row.result.payments),
                "totals": list(row.totals),
                "explanation": row.result.in_full,
                "played_at": iso_utc(hand.played_at) if hand.played_at else None,
            }
            for row, hand in zip(sheet.rows, hands, strict=True)
        ],
        "winner": winner,
        **session,
    }


def payment_records(payments: Iterable[Payment]) -> list[dict]:
    return [{"payer": p.payer, "payee": p.payee, "coins": p.coins} for p in payments]


def dumps(value: Any, level: int = 0) -> str:
    """JSON with a fixed layout: objects one key a line, indented by 2; a
    list of plain values (tricks, awards, names) on one line."""
    pad = " " * (INDENT * level)
    inner = " " * (INDENT * (level + 1))
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{dumps(str(k))}: {dumps(v, level + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, (list, tuple)):
        if not any(isinstance(v, (dict, list, tuple)) for v in value):
            return "[" + ", ".join(dumps(v) for v in value) + "]"
        items = [inner + dumps(v, level + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)


def _games_for_export(games: Iterable[Game]) -> Iterator[Game]:
    if isinstance(games, models.Manager):
        games = games.all()
    if isinstance(games, models.QuerySet):
        if not games.ordered:
            games = games.order_by("pk")
        seats = Prefetch("seats", queryset=Seat.objects.select_related("player"))
        # With chunk_size, prefetching runs once per chunk: never the whole list.
        return games.prefetch_related(seats).iterator(chunk_size=CHUNK_SIZE)
    return iter(games)


FRAME_CHUNKS = 5  # iter_records yields four opening chunks, one per game, one closing


def iter_records(games: Iterable[Game]) -> Iterator[str]:
    """A games file as text, a game at a time (streamed); joined, exactly
    `dumps(file) + "\\n"`."""
    pad = " " * INDENT
    yield "{\n"
    yield f"{pad}{dumps('format')}: {dumps(FORMAT)},\n"
    yield f"{pad}{dumps('version')}: {dumps(VERSION)},\n"
    yield f"{pad}{dumps('games')}: ["
    count = 0
    for game in _games_for_export(games):
        yield (",\n" if count else "\n") + pad * 2 + dumps(game_record(game), level=2)
        count += 1
    yield (f"\n{pad}]" if count else "]") + "\n}\n"


def write_records(games: Iterable[Game], out: IO[str]) -> int:
    """Write a games file to `out` (a UTF-8 text stream); return how many games."""
    chunks = 0
    for chunk in iter_records(games):
        out.write(chunk)
        chunks += 1
    return chunks - FRAME_CHUNKS
