"""The game-record format: games as a documented JSON file, out and back in.

A file holds any number of games:

    {"format": "vinescore-games", "version": 1, "games": [record, ...]}

A record is a game's setup and the facts of its live hands (deleted hands are
left out). On export each hand also carries what the facts scored (awards,
payments, totals, explanation) and the record carries the winner and, for a
finished coin session, the settle-up. Importing replays the facts through the
game's rules, hand by hand, at the table each hand was played at: a fact the
game does not know, or one that does not apply to its hand, is refused, and
awards, payments, totals, winner or settle-up a file carries must be what the
rules make of the facts, or the file is refused saying which (a file without
them is simply scored). The schema is docs/game-record.schema.json: an import
reads it once and checks each game's structure by it (jsonschema) as the game
comes out of the stream, before the rules check its hands.

Export is deterministic (fixed key order, facts sorted by name, a fixed
layout: see `dumps`), so export, import, export gives the same bytes.
"""

from __future__ import annotations

import codecs
import json
import uuid
from array import array
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import ijson
import jsonschema
from django.conf import settings
from django.db import IntegrityError, connection, models, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, gettext_lazy, ngettext
from jsonschema import Draft202012Validator, ValidationError
from referencing import Registry, Resource

from vinescore.names import NameInvalid, clean_name, name_key
from vinescore.scoring import REGISTRY, GameRules, HandInvalid, Payment, Setup, Sheet, replay
from vinescore.scoring.words import and_list

from .forms import option_misfit, player_count_words, unasked_setting
from .models import MAX_HANDS, SEAT_SUMMARY, Game, GameChange, Hand, LiveHand, Player, Seat

FORMAT = "vinescore-games"
VERSION = 1
INDENT = 2
CHUNK_SIZE = 200
BATCH = 200  # games checked, then saved together


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


# --- export ------------------------------------------------------------------


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
        "note": game.note,
        "created_at": iso_utc(game.created_at),
        "duration_seconds": duration_seconds(hands),
        "hands": [
            {
                "facts": dict(sorted(row.facts.items())),
                "awards": list(row.result.awards),
                "payments": payment_records(row.result.payments),
                "totals": list(row.totals),
                "explanation": row.result.explanation,
                "played_at": iso_utc(hand.played_at) if hand.played_at else None,
            }
            for row, hand in zip(sheet.rows, hands, strict=True)
        ],
        "winner": winner,
        **session,
    }


def duration_seconds(hands: list[LiveHand]) -> int | None:
    """How long the game took, first hand to last, in whole seconds."""
    if not hands or hands[0].played_at is None or hands[-1].played_at is None:
        return None
    return int((hands[-1].played_at - hands[0].played_at).total_seconds())


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
    """A games file as text, one game at a time (for streaming responses).

    Joined, the chunks are exactly `dumps(file) + "\\n"`, as if the whole
    file had been built first.
    """
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


# --- reading -----------------------------------------------------------------


CHUNK = 64 * 1024
BYTE_ORDER_MARK = codecs.BOM_UTF8
# A record nests six deep (file, games, record, hands, hand, facts, a list of
# tricks); anything far deeper is not a games file, and is refused before it
# is built.
MAX_DEPTH = 20
# Every other limit is applied as the file is parsed too, before a value is
# built, so no file makes the reader hold more than a game's worth at a time:
# a game's hands (models.MAX_HANDS), the items of any other list or object
# (a table of 12 is the most; payments among 6 at most 30), a game's record
# (1,000 hands of the widest game export to about 1.2 MB), and one value
# (no name, title, note or fact comes near 1 MB; a value the parser is still
# reading is held whole).
MAX_ITEMS = 100
MAX_PLAYERS = max(max(rules.player_counts) for rules in REGISTRY)
MAX_GAME_BYTES = 8 * 1024 * 1024
MAX_VALUE_BYTES = 1024 * 1024
OPENING = frozenset(("start_map", "start_array"))
CLOSING = frozenset(("end_map", "end_array"))
TEXT = frozenset(("string", "map_key"))


def _byte_chunks(fp: IO) -> Iterator[bytes]:
    """The file's bytes in pieces, whether it was opened as text or bytes,
    without a leading byte order mark."""
    head = b""
    while True:
        piece = fp.read(CHUNK)
        if isinstance(piece, str):
            piece = piece.encode("utf-8")
        if head is not None:
            head += piece
            if len(head) < len(BYTE_ORDER_MARK) and piece:
                continue
            piece, head = head.removeprefix(BYTE_ORDER_MARK), None
        if not piece:
            return
        yield piece


class _Outline:
    """Follows the file's outline as it is parsed, event by event: refuses
    deep nesting and NUL characters before any value is built, and checks the
    header ("format" and "version") before the first game is read."""

    def __init__(self):
        self.depth = 0
        self.started = False
        self.key: str | None = None  # the top-level key whose value comes next
        self.header: dict[str, Any] = {}
        self.games_seen = False
        self.in_games = False  # inside the games list
        self.bytes_read = 0
        self.game = 0  # the game being read, from 1
        self.game_from = 0  # bytes read when it began
        self.unbroken = 0  # bytes read since the parser last finished a value
        # For each open list or object: is it an object, its items so far,
        # the most it may hold (None: any number) and the key it is under.
        self.open: list[list] = []
        self.key_seen: str | None = None

    def follow(self, events: list[tuple[str, Any]], read: int) -> None:
        """The events the parser found in the last `read` bytes."""
        self.bytes_read += read
        self.unbroken = 0 if events else self.unbroken + read
        if self.unbroken > MAX_VALUE_BYTES:
            raise RecordInvalid(
                gettext(
                    "{where}one value runs on for more than {most} MB; no name, title, note "
                    "or fact is that long: this is not a vinescore games file."
                ).format(where=self.where(), most=MAX_VALUE_BYTES // 2**20)
            )
        depth, open_ = self.depth, self.open
        for event, value in events:
            if depth <= 2:
                self.shallow(event, value, depth)
            if open_ and event not in CLOSING:
                container = open_[-1]
                if event == "map_key" or not container[0]:
                    container[1] += 1
                    if container[2] is not None and container[1] > container[2]:
                        self.too_many(container)
            if event in OPENING:
                depth += 1
                if depth > MAX_DEPTH:
                    raise RecordInvalid(
                        gettext(
                            "{where}lists and objects nest more than {most} deep: "
                            "this is not a vinescore games file."
                        ).format(where=self.where(), most=MAX_DEPTH)
                    )
                key = self.key_seen if open_ and open_[-1][0] else None
                if depth == 2 and key == "games":
                    most = None
                elif depth == 4 and key == "hands":
                    most = MAX_HANDS
                elif depth == 4 and key == "players":
                    most = MAX_PLAYERS
                else:
                    most = MAX_ITEMS
                open_.append([event == "start_map", 0, most, key])
            elif event in CLOSING:
                depth -= 1
                open_.pop()
            elif event == "map_key":
                self.key_seen = value
            if event in TEXT and "\x00" in value:
                raise RecordInvalid(
                    gettext(
                        "{where}the text holds a NUL character (\\u0000), "
                        "which no name, title, note or fact can hold."
                    ).format(where=self.where())
                )
        self.depth = depth
        if self.in_games and depth > 2 and self.bytes_read - self.game_from > MAX_GAME_BYTES:
            raise RecordInvalid(
                gettext(
                    "Game {game}: its record runs past {most} MB, far more than a game of "
                    "{hands} hands takes: this is not a vinescore game record."
                ).format(
                    game=self.game,
                    most=MAX_GAME_BYTES // 2**20,
                    hands=number_format(MAX_HANDS, force_grouping=True),
                ),
                game=self.game,
            )

    def too_many(self, container: list) -> None:
        is_map, _count, most, key = container
        if most == MAX_HANDS:
            raise RecordInvalid(
                gettext(
                    "Game {game}, hands: a game holds at most {most} hands; this one "
                    "has more (it was refused at hand {refused})."
                ).format(
                    game=self.game,
                    most=number_format(MAX_HANDS, force_grouping=True),
                    refused=number_format(MAX_HANDS + 1, force_grouping=True),
                ),
                game=self.game,
                hand=MAX_HANDS + 1,
                field="hands",
            )
        if most == MAX_PLAYERS and key == "players":
            raise RecordInvalid(
                gettext(
                    "Game {game}, players: no game seats more than {most} players; this lists more."
                ).format(game=self.game, most=MAX_PLAYERS),
                game=self.game,
                field="players",
            )
        if key:
            what = gettext("“{text}”").format(text=key[:40])
        else:
            what = gettext("an object") if is_map else gettext("a list")
        if is_map:
            said = gettext(
                "{where}{what} holds more than {most} keys, more than any part of a "
                "game record: this is not a vinescore games file."
            )
        else:
            said = gettext(
                "{where}{what} holds more than {most} items, more than any part of a "
                "game record: this is not a vinescore games file."
            )
        raise RecordInvalid(
            said.format(where=self.where(), what=what, most=most),
            game=self.game if self.in_games else None,
        )

    def where(self) -> str:
        if self.in_games:
            return gettext("Game {game}: ").format(game=self.game)
        return gettext("The file: ")

    def shallow(self, event: str, value: Any, depth: int) -> None:
        """The root object, its keys and values, and where each game starts."""
        if not self.started:
            self.started = True
            if event != "start_map":
                raise RecordInvalid(
                    gettext("The file is not a vinescore games file: it is not a JSON object.")
                )
        elif depth == 2:
            if self.in_games and event not in CLOSING:
                self.game += 1
                self.game_from = self.bytes_read
        elif event == "map_key":
            self.key, self.in_games = value, False
            if value == "games":
                if self.games_seen:
                    raise RecordInvalid(gettext('The file has two "games" lists.'))
                _check_header(self.header)
        elif self.key == "games":
            if event != "start_array":
                raise RecordInvalid(gettext('The file has no "games" list.'))
            self.games_seen = self.in_games = True
            self.key = None
        else:
            if self.key is not None and self.key not in self.header:
                # A list or object where "format" or "version" should be is
                # kept as something the header check refuses.
                self.header[self.key] = ... if event in OPENING else value
            self.key = None
            self.in_games = False

    def finish(self) -> None:
        if not self.started:
            raise RecordInvalid(gettext("The file is empty."))
        if not self.games_seen:
            raise RecordInvalid(gettext('The file has no "games" list.'))


def read_records(fp: IO) -> Iterator[Any]:
    """The records of a games file, one at a time, after checking its header.

    The file is read as it goes, in time proportional to its size and in
    memory for one record at a time, so its size does not matter; vinescore
    writes "format" and "version" before "games", and a file must too.
    Each piece of the file is first followed event by event (_Outline), and
    only then handed to the parser that builds the records.
    """
    events, games = ijson.sendable_list(), ijson.sendable_list()
    scanner = ijson.basic_parse_coro(events, use_float=True)
    builder = ijson.items_coro(games, "games.item", use_float=True)
    outline = _Outline()
    try:
        for chunk in _byte_chunks(fp):
            scanner.send(chunk)
            outline.follow(events, len(chunk))
            del events[:]
            builder.send(chunk)
            yield from games
            del games[:]
        if not outline.bytes_read:
            raise RecordInvalid(gettext("The file is empty."))
        scanner.close()
        outline.follow(events, 0)
        builder.close()
        yield from games
    except ijson.JSONError as error:
        raise RecordInvalid(
            gettext("The file is not JSON: {why}").format(why=_json_error(error))
        ) from None
    outline.finish()


def _json_error(error: Exception) -> str:
    """What the parser said, as a sentence (its first line: the rest points
    into the text)."""
    said = (str(error).splitlines() or [""])[0].strip()
    if not said or "premature EOF" in said or "Incomplete" in said:
        return gettext("it ends before its last list or object is closed.")
    said = said.removeprefix("parse error: ").removeprefix("lexical error: ")
    return said[:200].rstrip(".") + "."


def _check_header(header: dict[str, Any]) -> None:
    if header.get("format") != FORMAT:
        raise RecordInvalid(
            gettext(
                'The file is not a vinescore games file: "format" is not "{format}" '
                '(it must come before "games").'
            ).format(format=FORMAT)
        )
    version = header.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordInvalid(gettext('The file has no "version" number before "games".'))
    if version != VERSION:
        raise RecordInvalid(
            gettext(
                "The file is version {version} of the record format; this vinescore reads "
                "version {current}."
            ).format(version=version, current=VERSION)
        )


# --- import ------------------------------------------------------------------


def hand_words(label: str, hand: int) -> str:
    """Where in the file: "Game 2 (Coralon), hand 5"."""
    return gettext("{game}, hand {hand}").format(game=label, hand=hand)


def needs_words(game: str, setting: str) -> str:
    """A setting the rules need, missing from a record ("Bishop needs the target")."""
    # German nouns keep their capital.
    english = (get_language() or "en").startswith("en")
    return gettext("{game} needs the {setting}.").format(
        game=game, setting=setting.lower() if english else setting
    )


def _show(value: Any) -> str:
    """A value from the file, as written, cut short for a message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _show_value(value: Any, names: tuple[str, ...] = ()) -> str:
    """A derived value in a message: a winner's sides, or payments in words."""

    def who(seat: Any) -> str:
        return names[seat] if _is_int(seat) and 0 <= seat < len(names) else _show(seat)

    if value is None or value == []:
        return gettext("none")
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return _show(gettext(" and ").join(value))
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):
        lines = [
            gettext("{payer} pays {payee} {coins}").format(
                payer=who(v.get("payer")), payee=who(v.get("payee")), coins=v.get("coins")
            )
            for v in value
        ]
        return "; ".join(lines[:6]) + ("…" if len(lines) > 6 else "")
    return _show(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class _Checked:
    """A record that passed every check, ready to save."""

    rules: GameRules
    title: str
    rules_version: str
    names: list[str]
    setup: Setup
    note: str
    created_at: datetime | None
    hands: list[dict]  # cleaned facts
    played_at: list[datetime | None]  # when each hand was scored, if the record says
    sheet: Sheet  # the hands played, with the names in the file
    uid: uuid.UUID | None  # the game's identity in the file, if it has one
    position: int  # in the file, from 1
    label: str  # "Game 3 (Coralon)", for messages


# What a record's structure must be is the published schema's game record
# (docs/game-record.schema.json), checked by jsonschema as each game comes out
# of the stream; what follows here is what only the rules can say.

SCHEMA_FILE = "game-record.schema.json"  # in docs/, published at /records/schema.json
SCHEMA_URI = "urn:vinescore:game-record"


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
    (`$defs/game`, and the hands and payments it refers to); an import reads
    the schema once."""
    path = Path(settings.BASE_DIR) / "docs" / SCHEMA_FILE
    schema = json.loads(path.read_text(encoding="utf-8"))
    registry = Registry().with_resource(SCHEMA_URI, Resource.from_contents(schema))
    return RecordValidator({"$ref": f"{SCHEMA_URI}#/$defs/game"}, registry=registry)


FIRST_YEAR, LAST_YEAR = 1900, 2999  # a game's created_at, as the schema says
PAYMENT_SHAPE = '{"payer": 1, "payee": 0, "coins": 3}'
WINNER_SHAPE = '{"sides": ["Ana"], "reason": "…"}'


def _iso_words(value: Any) -> str:
    return gettext(
        "must be an ISO 8601 time with its offset, e.g. 2026-11-03T19:30:00Z; not {value}."
    ).format(value=_show(value))


def _payments_words(value: Any) -> str:
    return gettext(
        "must be a list of payments, each a payer and a payee (seat indexes, from 0) and "
        "the coins (a whole number from 0), as {shape}; not {value}."
    ).format(shape=PAYMENT_SHAPE, value=_show(value))


def _id_words(value: Any) -> str:
    return gettext(
        "must be the game's identity as vinescore writes it (a UUID such as "
        "“1b4e28ba-2fa1-11d2-883f-0016d3cca427”), or left out; not {value}."
    ).format(value=_show(value))


def _known_games() -> str:
    return ", ".join(sorted(REGISTRY.games))


def _record_words(field: str, error: ValidationError, value: Any) -> str | None:
    """What a field of the game record must be, as the schema found it was
    not: a sentence for the person importing (None: a field with no words
    of its own)."""
    check, shown = error.validator, _show(value)
    if field == "game":
        return gettext("{value} is not a game vinescore knows (it knows {known}).").format(
            value=shown, known=_known_games()
        )
    if field == "id":
        return _id_words(value)
    if field in ("name", "title", "rules_version", "note"):
        if check == "maxLength":
            return gettext("at most {most} characters; this is {n}.").format(
                most=error.validator_value, n=len(value)
            )
        if check == "pattern":
            return gettext("cannot hold control characters.")
        return gettext("must be text.")
    if field == "options":
        if check == "uniqueItems":
            return gettext("an option is listed twice.")
        return gettext("must be a list of option names.")
    if field == "players":
        path = error.absolute_path
        if check == "maxItems":
            return gettext("no game seats more than {most} players; this lists {n}.").format(
                most=error.validator_value, n=len(value)
            )
        if len(path) > 1 and check == "maxLength":
            why = gettext("A name has at most {most} characters; this has {length}.").format(
                most=error.validator_value, length=len(error.instance)
            )
            return gettext("seat {seat}: {why}").format(seat=path[1] + 1, why=why)
        if len(path) > 1:
            return gettext("seat {seat} needs a name.").format(seat=path[1] + 1)
        return gettext("must be a list of names in seat order.")
    if field in ("target", "stakes"):
        if check == "maximum":
            return gettext("must be a whole number from 1 to {most}, or null; not {value}.").format(
                most=number_format(error.validator_value, force_grouping=True), value=shown
            )
        return gettext("must be a whole number from 1 up, or null; not {value}.").format(
            value=shown
        )
    if field == "ended":
        return gettext("must be true or false.")
    if field == "created_at":
        return _iso_words(value)
    if field == "duration_seconds":
        return gettext("must be a whole number of seconds, or null; not {value}.").format(
            value=shown
        )
    if field == "hands":
        if check == "maxItems":
            return gettext("a game holds at most {most} hands; this has {n}.").format(
                most=number_format(error.validator_value, force_grouping=True),
                n=number_format(len(value), force_grouping=True),
            )
        return gettext("must be a list of hands.")
    if field == "winner":
        return gettext(
            "must be null, or the winning sides and how they won, as {shape}; not {value}."
        ).format(shape=WINNER_SHAPE, value=shown)
    if field == "settle_up":
        return gettext(
            "must be null, or a list of payments, each a payer and a payee (seat indexes, "
            "from 0) and the coins (a whole number from 0), as {shape}; not {value}."
        ).format(shape=PAYMENT_SHAPE, value=shown)
    return None


def _hand_words(field: str, value: Any) -> str | None:
    """What a field of a hand must be (None: a field with no words of its own)."""
    if field in ("awards", "totals"):
        return gettext("must be a list of whole numbers; not {value}.").format(value=_show(value))
    if field == "payments":
        return _payments_words(value)
    if field == "explanation":
        return gettext("must be text.")
    if field == "played_at":
        return _iso_words(value)
    return None


def _missing_words(field: str) -> str:
    """A field the schema requires, missing from a record."""
    if field == "game":
        return gettext("missing: give the game's key (vinescore knows {known}).").format(
            known=_known_games()
        )
    if field == "players":
        return gettext("missing: give the players' names in seat order.")
    if field in ("target", "stakes"):
        return gettext("missing: give a whole number, or null for none.")
    if field == "hands":
        return gettext("missing: give the list of hands ([] for none).")
    return gettext("missing.")


class _Checker:
    """Checks one record; every complaint names the game, hand and field.

    The record's structure is checked against the schema first, and its
    problems are kept by field (and by hand); they are raised field by field,
    in the order the record is read, each before what the rules say of that
    field, so a file with several problems hears of the same first one as
    ever."""

    def __init__(self, record: Any, position: int, validator: Draft202012Validator):
        self.record = record
        self.position = position
        self.label = gettext("Game {game}").format(game=position)
        self.problems = self.departures(validator)

    def departures(
        self, validator: Draft202012Validator
    ) -> dict[str | int | None, ValidationError]:
        """Where the record departs from the schema: the first problem of
        each field (None: the record itself; a number: that hand, from 0)."""
        problems: dict[str | int | None, ValidationError] = {}
        for error in validator.iter_errors(self.record):
            path = error.absolute_path
            if not path and error.validator == "required":
                for field in error.validator_value:
                    if field not in self.record:
                        problems.setdefault(field, error)
            elif not path:
                problems.setdefault(None, error)
            elif path[0] == "hands" and len(path) > 1:
                problems.setdefault(path[1], error)
            else:
                problems.setdefault(path[0], error)
        return problems

    def shape(self, key: str | int | None) -> None:
        """Raise the schema's problem with this field, or hand, if it has one."""
        error = self.problems.get(key)
        if error is None:
            return
        if key is None:
            raise RecordInvalid(
                gettext("{game}: a game record must be a JSON object.").format(game=self.label),
                game=self.position,
            )
        if isinstance(key, int):
            raise self.hand_off_shape(key, error)
        if key not in self.record:
            raise self.fail(key, _missing_words(key))
        said = _record_words(key, error, self.record[key])
        raise self.fail(key, said or self.unworded(self.record[key]))

    def hand_off_shape(self, index: int, error: ValidationError) -> RecordInvalid:
        hand = self.record["hands"][index]
        path = list(error.absolute_path)[2:]
        if len(path) < 2 or path[0] != "facts":
            field = path[0] if path else "facts"
            if field == "facts":
                said = gettext("each hand needs its facts, as an object.")
            else:
                said = _hand_words(field, hand[field]) or self.unworded(hand[field])
            return self.fail(field, said, hand=index + 1)
        fact = str(path[1])
        value = hand["facts"][path[1]]
        said = gettext(
            "must be a whole number, text, true or false, null, or a list of whole numbers; "
            "not {value}."
        ).format(value=_show(value))
        return self.fail(fact[:40], said, hand=index + 1)

    def unworded(self, value: Any) -> str:
        """A field the schema gained without words here (a test keeps this away)."""
        return gettext("is not as the record format has it (see its schema); not {value}.").format(
            value=_show(value)
        )

    def fail(self, field: str, message: str, hand: int | None = None) -> RecordInvalid:
        where = self.label if hand is None else hand_words(self.label, hand)
        return RecordInvalid(
            gettext("{where}, {field}: {problem}").format(
                where=where, field=field, problem=message
            ),
            game=self.position,
            hand=hand,
            field=field,
        )

    def name_the_game(self) -> None:
        record = self.record
        name = ""
        for candidate in (record.get("title"), record.get("name")):
            if isinstance(candidate, str) and candidate.strip():
                name = candidate.strip()
                break
        key = record.get("game")
        if not name and isinstance(key, str):
            name = REGISTRY[key].name if key in REGISTRY else key
        if name:
            self.label = gettext("Game {game} ({name})").format(game=self.position, name=name[:60])

    def check(self) -> _Checked:
        record = self.record
        self.shape(None)
        self.name_the_game()

        self.shape("game")
        key = record["game"]
        if key not in REGISTRY:
            raise self.fail(
                "game",
                gettext("{value} is not a game vinescore knows (it knows {known}).").format(
                    value=_show(key), known=_known_games()
                ),
            )
        rules = REGISTRY[key]
        self.rules_version = rules.rules_version

        for field in ("name", "title", "rules_version", "note"):
            self.shape(field)
        title = " ".join(record.get("title", "").split())
        # The game is scored by the rules vinescore has now and carries their
        # version (see `derived` for a file scored otherwise).
        self.scored_under = record.get("rules_version", rules.rules_version)
        note = record.get("note", "")

        names = self.players(rules)
        options = self.options(rules, len(names))

        first_dealer = record.get("first_dealer", 0)
        if "first_dealer" in self.problems or first_dealer >= len(names):
            raise self.fail(
                "first_dealer",
                gettext("must be a seat index from 0 to {last}; not {value}.").format(
                    last=len(names) - 1, value=_show(first_dealer)
                ),
            )
        self.shape("target")
        self.shape("stakes")
        target, stakes = record["target"], record["stakes"]
        for field, value in (("target", target), ("stakes", stakes)):
            why = unasked_setting(rules, field)
            if why is not None and value is not None:
                raise self.fail(field, gettext("{why} Give null.").format(why=why))
        if rules.target_required and target is None:
            raise self.fail("target", needs_words(rules.name, gettext(rules.target_label)))
        if (rules.coins or rules.start_label) and stakes is None:
            what = rules.start_label or gettext("stakes")
            raise self.fail("stakes", needs_words(rules.name, what))
        self.shape("ended")
        ended = record.get("ended", False)
        self.shape("created_at")
        created_at = self.moment(record, "created_at")

        setup = Setup(
            names=tuple(names),
            first_dealer=first_dealer,
            options=frozenset(options),
            target=target,
            stakes=stakes,
            ended=ended,
        )
        self.shape("hands")
        hands = self.hands(rules, setup)
        played_at = [
            self.moment(hand, "played_at", i + 1) for i, hand in enumerate(record["hands"])
        ]
        self.shape("duration_seconds")
        self.shape("id")
        uid = self.identity()
        for key in self.problems:  # any the schema found that no field above raised
            self.shape(key)
        return _Checked(
            rules=rules,
            title=title,
            rules_version=rules.rules_version,
            names=names,
            setup=setup,
            note=note,
            created_at=created_at,
            hands=hands,
            played_at=played_at,
            sheet=self.sheet,
            uid=uid,
            position=self.position,
            label=self.label,
        )

    def identity(self) -> uuid.UUID | None:
        """The game's "id", which a file written before it had none."""
        value = self.record.get("id")
        if value is None:
            return None
        try:
            return uuid.UUID(value)
        except ValueError:  # the schema's pattern lets a line break through at its end
            raise self.fail("id", _id_words(value)) from None

    def players(self, rules: GameRules) -> list[str]:
        self.shape("players")
        players = self.record["players"]
        if len(players) not in rules.player_counts:
            raise self.fail(
                "players",
                ngettext(
                    "{game} is for {players}; {n} is listed.",
                    "{game} is for {players}; {n} are listed.",
                    len(players),
                ).format(
                    game=rules.name,
                    players=player_count_words(rules.player_counts),
                    n=len(players),
                ),
            )
        names, keys = [], set()
        for seat, name in enumerate(players, start=1):
            try:
                name = clean_name(name)
            except NameInvalid as invalid:
                raise self.fail(
                    "players", gettext("seat {seat}: {why}").format(seat=seat, why=invalid)
                ) from None
            key = name_key(name)
            if key in keys:
                raise self.fail("players", gettext("{name} is seated twice.").format(name=name))
            keys.add(key)
            names.append(name)
        return names

    def options(self, rules: GameRules, players: int) -> list[str]:
        self.shape("options")
        chosen = self.record.get("options", [])
        known = {o.name: o for o in rules.options}
        for name in chosen:
            if name not in known:
                offered = ", ".join(sorted(known)) or gettext("none")
                raise self.fail(
                    "options",
                    gettext("{game} has no option {value} (its options: {offered}).").format(
                        game=rules.name, value=_show(name), offered=offered
                    ),
                )
        for name in chosen:
            if not known[name].fits(players):
                raise self.fail("options", option_misfit(known[name], players, "listed"))
            needs = known[name].requires
            if needs and needs not in chosen:
                raise self.fail(
                    "options",
                    gettext("“{option}” needs “{needed}” switched on.").format(
                        option=known[name].label, needed=known[needs].label
                    ),
                )
        return sorted(chosen)

    def moment(self, where: dict, field: str, hand: int | None = None) -> datetime | None:
        """An optional ISO 8601 time with its offset, in UTC, from 1900 to 2999."""
        value = where.get(field)
        if value is None:
            return None
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            moment = None
        if moment is None or moment.tzinfo is None:
            raise self.fail(field, _iso_words(value), hand=hand)
        try:
            moment = moment.astimezone(UTC)
        except OverflowError:  # year 1 or 9999, moved past the calendar by the offset
            moment = None
        if moment is None or not FIRST_YEAR <= moment.year <= LAST_YEAR:
            raise self.fail(
                field,
                gettext("must be a time from {first} to {last}; not {value}.").format(
                    first=FIRST_YEAR, last=LAST_YEAR, value=_show(value)
                ),
                hand=hand,
            )
        return moment

    def hands(self, rules: GameRules, setup: Setup) -> list[dict]:
        sheet = self.sheet = Sheet(rules, setup)
        cleaned = []
        for i, hand in enumerate(self.record["hands"]):
            self.shape(i)
            try:
                clean = rules.check_record(hand["facts"], sheet.table_for(i))
            except HandInvalid as invalid:
                where = hand_words(self.label, i + 1)
                parts = [
                    gettext("{field}: {problem}").format(
                        field="facts" if field == "__all__" else field, problem=message
                    )
                    for field, message in invalid.errors.items()
                ]
                first = next(iter(invalid.errors), None)
                raise RecordInvalid(
                    gettext("{where}, {problems}").format(where=where, problems="; ".join(parts)),
                    game=self.position,
                    hand=i + 1,
                    field="facts" if first in (None, "__all__") else first,
                ) from None
            row = sheet.play(clean)
            for field, scored in (
                ("awards", list(row.result.awards)),
                ("payments", payment_records(row.result.payments)),
                ("totals", list(row.totals)),
            ):
                self.derived(hand, field, scored, hand=i + 1, names=setup.names)
            cleaned.append(clean)
        sheet.finish()
        self.shape("winner")
        if "winner" in self.record:
            self.check_winner(self.record["winner"], sheet)
        self.shape("settle_up")
        if "settle_up" in self.record:
            squared = sheet.settle_up
            scored = None if squared is None else payment_records(squared)
            self.derived(self.record, "settle_up", scored, names=setup.names)
        return cleaned

    def check_winner(self, claimed: dict | None, sheet: Sheet) -> None:
        """The winner a file names (sides matched as player names are: ignoring
        case and spacing) must be the one the rules find."""

        def plain(sides: list[str] | None) -> list[str] | None:
            return None if sides is None else [" ".join(n.split()).casefold() for n in sides]

        sides = None if claimed is None else claimed["sides"]
        scored = sheet.winner_names if sheet.winner is not None else None
        if plain(sides) != plain(scored):
            self.derived({"winner": sides}, "winner", scored)

    def derived(
        self,
        where: dict,
        field: str,
        scored: Any,
        hand: int | None = None,
        names: tuple[str, ...] = (),
    ) -> None:
        """A derived value the file carries must be what the rules make of the
        facts: the rules may have been corrected since it was written, or the
        file edited by hand."""
        if field not in where or where[field] == scored:
            return
        if self.scored_under != self.rules_version:
            said = gettext(
                "the file says {said}, but the rules make it {scored} (the file was scored "
                "under “{version}”). Correct it, or leave it out to have it worked out."
            )
        else:
            said = gettext(
                "the file says {said}, but the rules make it {scored}. Correct it, or leave "
                "it out to have it worked out."
            )
        raise self.fail(
            field,
            said.format(
                said=_show_value(where[field], names),
                scored=_show_value(scored, names),
                version=self.scored_under[:80],
            ),
            hand=hand,
        )


KNOWN_PLAYERS = 20_000  # players kept at hand while importing


class _Players:
    """The group's players by name key (names.name_key), looked up and
    created a batch of games at a time."""

    def __init__(self, group):
        self.group = group
        self.known: dict[str, Player] = {}
        self.created = array("q")  # players this import added, by pk

    def resolve(self, names: Iterable[str]) -> None:
        if len(self.known) > KNOWN_PLAYERS:  # a cache: looked up again when needed
            self.known.clear()
        wanted = [name for name in names if name_key(name) not in self.known]
        if not wanted:
            return
        keys = [name_key(name) for name in wanted]
        there = set(
            Player.objects.filter(group=self.group, name_key__in=keys).values_list("pk", flat=True)
        )
        for player in Player.objects.get_or_create_named(self.group, wanted).values():
            self.known[player.name_key] = player
            if player.pk not in there:
                self.created.append(player.pk)

    def __getitem__(self, name: str) -> Player:
        return self.known[name_key(name)]


def _save_batch(batch: list[_Checked], players: _Players) -> list[Game]:
    """Save checked games a batch at a time: a few queries for the whole
    batch, not a few for each game.

    This is a write path of its own, beside Game.add_hand: it writes what
    add_hand, log and refresh_result would (the hands, an "added" line in
    the change log for each, the seats' and the game's outcome from the
    sheet), but a batch at a time. Through
    the model methods (Game.objects.create, then add_hand for each hand),
    a file of 2,000 games of 5 hands saved in 39 s on SQLite (54 s on
    PostgreSQL) against 0.3 s (1.1 s) here, and the longest of its 10
    batches held the database for 5.7 s (5.9 s) against 0.03 s (0.18 s):
    a table entering a hand meanwhile would wait that long, where it must
    wait under a second (tests/web/test_big_group.py).
    """
    players.resolve(name for checked in batch for name in checked.names)
    games, seated_games, summaries = [], [], []
    for checked in batch:
        setup = checked.setup
        seated = [players[name] for name in checked.names]
        sheet, names = checked.sheet, tuple(player.name for player in seated)
        # The checks played the hands already; replayed only with the names as
        # stored ("ana" matched "Ana"), or to name a session's winner at its end.
        if names != setup.names or setup.ended:
            sheet = replay(checked.rules, replace(setup, names=names), checked.hands)
        game = Game(
            kind=checked.rules.key,
            uid=checked.uid or uuid.uuid4(),
            group=players.group,
            title=checked.title,
            rules_version=checked.rules_version,
            options=sorted(setup.options),
            target=setup.target,
            stakes=setup.stakes,
            first_dealer=setup.first_dealer,
            note=checked.note,
            ended=setup.ended,
        )
        game.take_result(sheet)
        games.append(game)
        summaries.append([sheet.seat_summary(i) for i in range(len(seated))])
        seated_games.append(seated)
    Game.objects.bulk_create(games)
    # created_at is set on insert (auto_now_add): the file's times go in after.
    dated = []
    for game, checked in zip(games, batch, strict=True):
        if checked.created_at is not None:
            game.created_at = checked.created_at
            dated.append(game)
    if dated:
        Game.objects.bulk_update(dated, ["created_at"])
    _insert(
        Seat,
        ["game", "player", "position", *SEAT_SUMMARY],
        [
            (game.pk, player.pk, i, *(getattr(summary, name) for name in SEAT_SUMMARY))
            for game, seated, seat_summaries in zip(games, seated_games, summaries, strict=True)
            for i, (player, summary) in enumerate(zip(seated, seat_summaries, strict=True))
        ],
    )
    now = timezone.now()
    stored = connection.ops.adapt_datetimefield_value
    _insert(
        Hand,
        ["game", "position", "facts", "created_at", "updated_at"],
        [
            # A hand is dated when the record says it was scored, else now.
            (game.pk, i + 1, json.dumps(facts), stored(at or now), stored(now))
            for game, checked in zip(games, batch, strict=True)
            for i, (facts, at) in enumerate(zip(checked.hands, checked.played_at, strict=True))
        ],
    )
    _log_added(games)
    # Each player's new seats are a new version of their record
    # (Player.record_version): no player row is written.
    return games


def _insert(model: type[models.Model], names: list[str], rows: list[tuple]) -> None:
    """Rows of plain values, in one statement run for many rows.

    Written without the ORM because bulk_create spends most of an import
    preparing each value of each row; the values here are plain already.
    """
    column = {f.name: f.column for f in model._meta.concrete_fields}
    with connection.cursor() as cursor:
        cursor.executemany(
            f"INSERT INTO {model._meta.db_table} "  # noqa: S608 — names from the models
            f"({', '.join(column[name] for name in names)}) "
            f"VALUES ({', '.join(['%s'] * len(names))})",
            rows,
        )


def _log_added(games: list[Game]) -> None:
    """Each hand of these games goes into their change log as added: one
    INSERT ... SELECT in the database rather than a row built here per hand."""
    log = {f.name: f.column for f in GameChange._meta.concrete_fields}
    hand = {f.name: f.column for f in Hand._meta.concrete_fields}
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {GameChange._meta.db_table} "  # noqa: S608 — names from the models
            f"({log['game']}, {log['hand']}, {log['action']}, {log['after']}, {log['at']}, "
            f"{log['key']}, {log['version']}) "
            f"SELECT {hand['game']}, {hand['id']}, %s, {hand['facts']}, {hand['created_at']}, "
            "'', 0 "
            f"FROM {Hand._meta.db_table} "
            f"WHERE {hand['game']} IN ({', '.join(['%s'] * len(games))}) ORDER BY {hand['id']}",
            [GameChange.ADDED, *(game.pk for game in games)],
        )


WRITE_HANDS = 2_000  # hands saved in one transaction, at most (and BATCH games)


def _checked(
    records: Iterable[Any],
    validator: Draft202012Validator,
    progress: Callable[[int], None] | None = None,
) -> Iterator[list[_Checked]]:
    """The records checked (`validator`: game_format()), in batches of at
    most BATCH games and, past the first game, WRITE_HANDS hands;
    progress(n), when given, hears after each record that n have been
    checked."""
    batch, hands = [], 0
    for position, record in enumerate(records, start=1):
        checked = _Checker(record, position, validator).check()
        if batch and hands + len(checked.hands) > WRITE_HANDS:
            yield batch
            batch, hands = [], 0
        batch.append(checked)
        hands += len(checked.hands)
        if progress is not None:
            progress(position)
        if len(batch) == BATCH:
            yield batch
            batch, hands = [], 0
    if batch:
        yield batch


def game_words(game: Game) -> str:
    """A game as a table names it: "Coralon of 3 May 2026 with Ana, Ben, Cy and Dee"."""
    played = timezone.localtime(game.created_at)
    names = [seat.player.name for seat in game.seats.all()]
    return gettext("{game} of {date} with {names}").format(
        game=game.name, date=date_format(played, "j F Y"), names=and_list(names)
    )


class _Identities:
    """Refuses a game the group already holds, or one the file holds twice,
    unless the games are imported as copies (each then a new game). Nothing
    is kept from batch to batch but the ids of what this import saved (read
    back from the database), so a file of any length is checked in the same
    memory."""

    def __init__(self, group, copy: bool):
        self.group, self.copy = group, copy
        self.saved = array("q")  # the games this import saved, by pk

    def check(self, batch: list[_Checked]) -> None:
        if self.copy:
            for checked in batch:
                checked.uid = None  # a copy is a new game, with an identity of its own
            return
        wanted = [checked.uid for checked in batch if checked.uid is not None]
        held = {}
        if wanted:
            games = Game.objects.filter(group=self.group, uid__in=wanted)
            held = {game.uid: game for game in games.prefetch_related(_SEATED)}
        in_batch: dict[uuid.UUID, int] = {}
        for checked in batch:
            if checked.uid is None:
                continue
            earlier = in_batch.get(checked.uid)
            if earlier is None and checked.uid in held and held[checked.uid].pk in self.saved:
                earlier = 0
            if earlier is not None:
                if earlier:
                    which = gettext("game {game}").format(game=earlier)
                else:
                    which = gettext("a game before it")
                raise RecordInvalid(
                    gettext(
                        "{game}: the file holds this game twice (the same id as {which}). "
                        "To add it twice, import the file as a copy."
                    ).format(game=checked.label, which=which),
                    game=checked.position,
                    field="id",
                )
            if checked.uid in held:
                game = held[checked.uid]
                if game.deleted_at is not None:
                    said = gettext(
                        "{game} is among this group's deleted games: restore it "
                        "from Deleted games, or import the file as a copy to add it as a game "
                        "of its own."
                    )
                else:
                    said = gettext(
                        "{game} is already in this group. To add it again as "
                        "a game of its own, import the file as a copy."
                    )
                raise RecordInvalid(
                    gettext("{label}: {problem}").format(
                        label=checked.label, problem=said.format(game=game_words(game))
                    ),
                    game=checked.position,
                    field="id",
                )
            in_batch[checked.uid] = checked.position


_SEATED = Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
RACED = gettext_lazy(
    "A game or a player in the file was added on another phone at the same moment. "
    "Import the file again."
)


def import_file(
    fp: IO,
    group,
    keep: int = 20,
    progress: Callable[[int, bool], None] | None = None,
    copy: bool = False,
) -> tuple[int, list[Game]]:
    """Import a games file into `group`: check all of it first, then save it
    a batch at a time, each batch a short transaction of its own, so that the
    tables using the database meanwhile wait for one batch at most, never for
    the whole file. It is still all or nothing for whoever imports it: a
    failure part way removes what was saved. Reads the file twice (it must
    be seekable), in memory for a batch of games; keeps the first `keep`
    games saved, to show them. progress(n, saving) hears how many games have
    been checked (saving False), then saved (True). With `copy`, games the
    group already holds are added again, each as a new game."""
    start = fp.tell()
    count = 0
    validator = game_format()
    identities = _Identities(group, copy)
    checked = None if progress is None else (lambda n: progress(n, False))
    for batch in _checked(read_records(fp), validator, checked):
        identities.check(batch)
        count += len(batch)
    fp.seek(start)
    players, kept = _Players(group), []
    identities = _Identities(group, copy)  # again: the group may have moved on meanwhile
    saved = identities.saved
    try:
        for batch in _checked(read_records(fp), validator):
            identities.check(batch)
            with transaction.atomic():
                games = _save_batch(batch, players)
            saved.extend(game.pk for game in games)
            kept += games[: max(0, keep - len(kept))]
            if progress is not None:
                progress(len(saved), True)
    except IntegrityError:
        _take_back(saved, players)
        raise RecordInvalid(RACED) from None
    except BaseException:
        _take_back(saved, players)
        raise
    return len(saved), kept


def _take_back(saved: array, players: _Players) -> None:
    """Remove the games an import saved before it failed, and the players it
    added that no game seats now."""
    for i in range(0, len(saved), 500):
        Game.objects.filter(pk__in=list(saved[i : i + 500])).delete()
    for i in range(0, len(players.created), 500):
        added = list(players.created[i : i + 500])
        Player.objects.filter(pk__in=added, seats__isnull=True).delete()


def import_records(records: Iterable[Any], group=None, copy: bool = False) -> list[Game]:
    """Check and save every record into `group`, all or nothing (one
    transaction). The record names no group: it moves between groups and
    servers; players are matched by name within the group.

    Each hand's facts are checked by the game's rules at the table the hand
    was played at, then scored onto the sheet; awards, payments, totals, the
    winner and the settle-up in the record must match the scoring where given
    (the explanation and name are only read by people). A game the group
    holds already (the same "id") is refused unless `copy`.
    Raises RecordInvalid, saving nothing, at the first problem.
    """
    players = _Players(group)
    identities = _Identities(group, copy)
    validator = game_format()
    games = []
    try:
        with transaction.atomic():
            for batch in _checked(records, validator):
                identities.check(batch)
                saved = _save_batch(batch, players)
                identities.saved.extend(game.pk for game in saved)
                games += saved
    except IntegrityError:
        raise RecordInvalid(RACED) from None
    return games
