"""What every part of the record format shares: the file's header, the
published schema (and the limits it sets) and the refusal a bad file gets."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from django.conf import settings
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

FORMAT = "vinescore-games"
VERSION = 1
SCHEMA_FILE = "game-record.schema.json"  # in docs/, published at /records/schema.json
SCHEMA_URI = "urn:vinescore:game-record"


class RecordInvalid(Exception):
    """A record cannot be imported. The message names the game (its position
    in the file, from 1, and its name), the hand (from 1) and the field."""

    def __init__(
        self,
        message: str,
        *,
        game: int | None = None,
        hand: int | None = None,
        field: str | None = None,
    ):
        super().__init__(message)
        self.game, self.hand, self.field = game, hand, field


@cache
def schema() -> dict[str, Any]:
    path = Path(settings.BASE_DIR) / "docs" / SCHEMA_FILE
    return json.loads(path.read_text(encoding="utf-8"))


def game_limit(field: str, limit: str) -> int:
    """A limit the schema sets on a game record's field ("players", "maxItems")."""
    return schema()["$defs"]["game"]["properties"][field][limit]


def _whole_number(checker: Any, value: Any) -> bool:
    # JSON Schema counts 30.0 as an integer; a record, like the rules and the
    # columns it lands in, takes a whole number written as one.
    return isinstance(value, int) and not isinstance(value, bool)


RecordValidator = jsonschema.validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole_number),
)


def game_format() -> Draft202012Validator:
    """A validator of one game record by the published schema's game
    (`$defs/game`, and the hands and payments it refers to)."""
    registry = Registry().with_resource(SCHEMA_URI, Resource.from_contents(schema()))
    return RecordValidator({"$ref": f"{SCHEMA_URI}#/$defs/game"}, registry=registry)
