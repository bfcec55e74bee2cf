"""A games file read as it comes, a game at a time, in memory for one game
whatever the file's size; its outline is checked before any value is built."""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from typing import IO, Any

import ijson
from django.utils.formats import number_format
from django.utils.translation import gettext

from .format import FORMAT, VERSION, RecordInvalid, game_limit

CHUNK = 64 * 1024
BYTE_ORDER_MARK = codecs.BOM_UTF8
# A record nests six deep (file, games, record, hands, hand, facts, a list of
# tricks); anything far deeper is not a games file, and is refused before it
# is built.
MAX_DEPTH = 20
# The other limits apply while parsing too, so the reader never holds more than
# a game's worth: items of a list (a table of 12; 30 payments among 6), a
# game's record (1,000 hands of the widest game are about 1.2 MB), one value.
MAX_ITEMS = 100
MAX_PLAYERS = game_limit("players", "maxItems")
MAX_HANDS = game_limit("hands", "maxItems")
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
    """A games file's records, a game at a time, in memory for one record whatever
    the file's size; its header ("format", "version") must come before "games"."""
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
