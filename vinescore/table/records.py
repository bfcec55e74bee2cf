"""The game-record format: games as a documented JSON file, out and back in.

A file holds any number of games:

    {"format": "vinescore-games", "version": 1, "games": [record, ...]}

A record is a game's setup and the facts of its live hands (deleted hands are
left out). On export each hand also carries what the facts scored (awards,
payments, totals, explanation) and the record carries the winner; these are
derived, for people and other programs to read, and are ignored on import:
importing replays the facts through the game's rules, hand by hand, at the
table each hand was played at. The schema is docs/game-record.schema.json.

Export is deterministic (fixed key order, facts sorted by name, a fixed
layout: see `dumps`), so export, import, export gives the same bytes.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import IO, Any

from django.db import models, transaction
from django.db.models import Prefetch

from vinescore.scoring import REGISTRY, GameRules, HandInvalid, Setup, Sheet, replay

from .forms import player_count_words
from .models import Game, GameChange, Hand, LiveHand, Player, Seat

FORMAT = "vinescore-games"
VERSION = 1
INDENT = 2
CHUNK_SIZE = 200

# Limits of the columns a record's values land in.
MAX_NAME = Player._meta.get_field("name").max_length
MAX_TITLE = Game._meta.get_field("title").max_length
MAX_RULES_VERSION = Game._meta.get_field("rules_version").max_length
MAX_POSITIVE = 2_147_483_647


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
    return {
        "game": game.kind,
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
                "payments": [
                    {"payer": p.payer, "payee": p.payee, "coins": p.coins}
                    for p in row.result.payments
                ],
                "totals": list(row.totals),
                "explanation": row.result.explanation,
                "played_at": iso_utc(hand.played_at) if hand.played_at else None,
            }
            for row, hand in zip(sheet.rows, hands, strict=True)
        ],
        "winner": winner,
    }


def duration_seconds(hands: list[LiveHand]) -> int | None:
    """How long the game took, first hand to last, in whole seconds."""
    if not hands or hands[0].played_at is None or hands[-1].played_at is None:
        return None
    return int((hands[-1].played_at - hands[0].played_at).total_seconds())


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


def _text_chunks(fp: IO) -> Iterator[str]:
    """The file's text in pieces, whether it was opened as text or bytes."""
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    while True:
        piece = fp.read(CHUNK)
        if not piece:
            break
        if isinstance(piece, bytes):
            try:
                piece = decoder.decode(piece)
            except UnicodeDecodeError:
                raise RecordInvalid("The file is not JSON: it is not UTF-8 text.") from None
        yield piece


class _Reader:
    """Reads JSON values one at a time from a stream, keeping only what it
    has not parsed yet: a games file of any size is read game by game."""

    def __init__(self, fp: IO):
        self.chunks = _text_chunks(fp)
        self.buffer = ""
        self.pos = 0
        self.done = False
        self.decoder = json.JSONDecoder()

    def _more(self) -> bool:
        if self.done:
            return False
        try:
            chunk = next(self.chunks)
        except StopIteration:
            self.done = True
            return False
        self.buffer = self.buffer[self.pos :] + chunk
        self.pos = 0
        return True

    def peek(self) -> str:
        """The next character that is not white space ("" at the end)."""
        while True:
            while self.pos < len(self.buffer) and self.buffer[self.pos] in " \t\r\n":
                self.pos += 1
            if self.pos < len(self.buffer):
                return self.buffer[self.pos]
            if not self._more():
                return ""

    def expect(self, char: str, what: str) -> None:
        if self.peek() != char:
            raise RecordInvalid(f"The file is not a vinescore games file: expected {what}.")
        self.pos += 1

    def value(self) -> Any:
        self.peek()
        while True:
            try:
                value, end = self.decoder.raw_decode(self.buffer, self.pos)
            except json.JSONDecodeError as error:
                if self._more():
                    continue
                raise RecordInvalid(f"The file is not JSON: {error}.") from None
            # A number cut off at the end of a chunk would parse short: read on.
            if end == len(self.buffer) and not self.done and self._more():
                continue
            self.pos = end
            return value


def read_records(fp: IO) -> Iterator[dict]:
    """The records of a games file, one at a time, after checking its header.

    The file is read as it goes, so its size does not matter; vinescore
    writes "format" and "version" before "games", and a file must too.
    """
    reader = _Reader(fp)
    if reader.peek() == "":
        raise RecordInvalid("The file is empty.")
    if reader.peek() != "{":
        raise RecordInvalid("The file is not a vinescore games file: it is not a JSON object.")
    reader.pos += 1
    header: dict[str, Any] = {}
    while True:
        if reader.peek() == "}":
            raise RecordInvalid('The file has no "games" list.')
        key = reader.value()
        reader.expect(":", "a colon after a key")
        if key == "games":
            _check_header(header)
            if reader.peek() != "[":
                raise RecordInvalid('The file has no "games" list.')
            reader.pos += 1
            yield from _games(reader)
            return
        header[key] = reader.value()
        if reader.peek() == ",":
            reader.pos += 1


def _games(reader: _Reader) -> Iterator[Any]:
    if reader.peek() == "]":
        reader.pos += 1
        return
    while True:
        yield reader.value()
        following = reader.peek()
        reader.pos += 1
        if following == "]":
            return
        if following != ",":
            raise RecordInvalid("The file is not JSON: the games list is not closed.")


def _check_header(header: dict[str, Any]) -> None:
    if header.get("format") != FORMAT:
        raise RecordInvalid(
            f'The file is not a vinescore games file: "format" is not "{FORMAT}" '
            '(it must come before "games").'
        )
    version = header.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordInvalid('The file has no "version" number before "games".')
    if version != VERSION:
        raise RecordInvalid(
            f"The file is version {version} of the record format; this vinescore reads "
            f"version {VERSION}."
        )


# --- import ------------------------------------------------------------------


def _show(value: Any) -> str:
    """A value from the file, as written, cut short for a message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


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


class _Checker:
    """Checks one record; every complaint names the game, hand and field."""

    def __init__(self, record: Any, position: int):
        self.record = record
        self.position = position
        self.label = f"Game {position}"

    def fail(self, field: str, message: str, hand: int | None = None) -> RecordInvalid:
        where = self.label if hand is None else f"{self.label}, hand {hand}"
        return RecordInvalid(
            f"{where}, {field}: {message}", game=self.position, hand=hand, field=field
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
            self.label = f"Game {self.position} ({name[:60]})"

    def text(self, field: str, limit: int | None = None, default: str = "") -> str:
        value = self.record.get(field, default)
        if not isinstance(value, str):
            raise self.fail(field, "must be text.")
        if limit is not None and len(value) > limit:
            raise self.fail(field, f"at most {limit} characters; this is {len(value)}.")
        return value

    def positive_or_null(self, field: str) -> int | None:
        if field not in self.record:
            raise self.fail(field, "missing: give a whole number, or null for none.")
        value = self.record[field]
        if value is None:
            return None
        if not _is_int(value) or not 1 <= value <= MAX_POSITIVE:
            raise self.fail(
                field, f"must be a whole number from 1 up, or null; not {_show(value)}."
            )
        return value

    def check(self) -> _Checked:
        record = self.record
        if not isinstance(record, dict):
            raise RecordInvalid(
                f"{self.label}: a game record must be a JSON object.", game=self.position
            )
        self.name_the_game()

        key = record.get("game")
        if not isinstance(key, str) or key not in REGISTRY:
            known = ", ".join(sorted(REGISTRY.games))
            raise self.fail(
                "game", f"{_show(key)} is not a game vinescore knows (it knows {known})."
            )
        rules = REGISTRY[key]

        title = " ".join(self.text("title", MAX_TITLE).split())
        rules_version = self.text("rules_version", MAX_RULES_VERSION, rules.rules_version)
        note = self.text("note")

        names = self.players(rules)
        options = self.options(rules)

        first_dealer = record.get("first_dealer", 0)
        if not _is_int(first_dealer) or not 0 <= first_dealer < len(names):
            raise self.fail(
                "first_dealer",
                f"must be a seat index from 0 to {len(names) - 1}; not {_show(first_dealer)}.",
            )
        target = self.positive_or_null("target")
        stakes = self.positive_or_null("stakes")
        if rules.target_required and target is None:
            raise self.fail("target", f"{rules.name} needs the {rules.target_label.lower()}.")
        if (rules.coins or rules.start_label) and stakes is None:
            what = (rules.start_label or "stakes").lower()
            raise self.fail("stakes", f"{rules.name} needs the {what}.")
        ended = record.get("ended", False)
        if not isinstance(ended, bool):
            raise self.fail("ended", "must be true or false.")
        created_at = self.created_at()

        setup = Setup(
            names=tuple(names),
            first_dealer=first_dealer,
            options=frozenset(options),
            target=target,
            stakes=stakes,
            ended=ended,
        )
        hands = self.hands(rules, setup)
        played_at = [
            self.moment(hand, "played_at", i + 1) for i, hand in enumerate(record["hands"])
        ]
        return _Checked(
            rules=rules,
            title=title,
            rules_version=rules_version,
            names=names,
            setup=setup,
            note=note,
            created_at=created_at,
            hands=hands,
            played_at=played_at,
        )

    def players(self, rules: GameRules) -> list[str]:
        players = self.record.get("players")
        if not isinstance(players, list):
            raise self.fail("players", "must be a list of names in seat order.")
        names = []
        for seat, name in enumerate(players, start=1):
            if not isinstance(name, str) or not name.strip():
                raise self.fail("players", f"seat {seat} needs a name.")
            name = " ".join(name.split())
            if len(name) > MAX_NAME:
                raise self.fail("players", f"at most {MAX_NAME} characters in a name: {name[:50]}…")
            if name.casefold() in {n.casefold() for n in names}:
                raise self.fail("players", f"{name} is seated twice.")
            names.append(name)
        if len(names) not in rules.player_counts:
            listed = f"{len(names)} {'is' if len(names) == 1 else 'are'} listed"
            raise self.fail(
                "players",
                f"{rules.name} is for {player_count_words(rules.player_counts)}; {listed}.",
            )
        return names

    def options(self, rules: GameRules) -> list[str]:
        chosen = self.record.get("options", [])
        if not isinstance(chosen, list) or not all(isinstance(o, str) for o in chosen):
            raise self.fail("options", "must be a list of option names.")
        known = {o.name: o for o in rules.options}
        for name in chosen:
            if name not in known:
                offered = ", ".join(sorted(known)) or "none"
                raise self.fail(
                    "options",
                    f"{rules.name} has no option {_show(name)} (its options: {offered}).",
                )
        if len(set(chosen)) != len(chosen):
            raise self.fail("options", "an option is listed twice.")
        for name in chosen:
            needs = known[name].requires
            if needs and needs not in chosen:
                raise self.fail(
                    "options",
                    f"“{known[name].label}” needs “{known[needs].label}” switched on.",
                )
        return sorted(chosen)

    def created_at(self) -> datetime | None:
        return self.moment(self.record, "created_at")

    def moment(self, where: dict, field: str, hand: int | None = None) -> datetime | None:
        """An optional ISO 8601 time with its offset, in UTC."""
        value = where.get(field)
        if value is None:
            return None
        moment = None
        if isinstance(value, str):
            try:
                moment = datetime.fromisoformat(value)
            except ValueError:
                pass
        if moment is None or moment.tzinfo is None:
            raise self.fail(
                field,
                f"must be an ISO 8601 time with its offset, e.g. 2026-11-03T19:30:00Z; "
                f"not {_show(value)}.",
                hand=hand,
            )
        return moment.astimezone(UTC)

    def hands(self, rules: GameRules, setup: Setup) -> list[dict]:
        hands = self.record.get("hands")
        if not isinstance(hands, list):
            raise self.fail("hands", "must be a list of hands.")
        sheet = Sheet(rules, setup)
        cleaned = []
        for i, hand in enumerate(hands):
            facts = hand.get("facts") if isinstance(hand, dict) else None
            if not isinstance(facts, dict):
                raise self.fail("facts", "each hand needs its facts, as an object.", hand=i + 1)
            try:
                clean = rules.clean(facts, sheet.table_for(i))
            except HandInvalid as invalid:
                where = f"{self.label}, hand {i + 1}"
                parts = [
                    f"{'facts' if field == '__all__' else field}: {message}"
                    for field, message in invalid.errors.items()
                ]
                first = next(iter(invalid.errors), None)
                raise RecordInvalid(
                    f"{where}, " + "; ".join(parts),
                    game=self.position,
                    hand=i + 1,
                    field="facts" if first in (None, "__all__") else first,
                ) from None
            sheet.play(clean)
            cleaned.append(clean)
        return cleaned


class _Players:
    """The group's players by name, matched ignoring case; created when missing."""

    def __init__(self, group):
        self.group = group
        self.known: dict[str, Player] = {}

    def get(self, name: str) -> Player:
        key = name.casefold()
        if key not in self.known:
            player = Player.objects.filter(group=self.group, name__iexact=name).first()
            if player is None:
                player = Player.objects.create(name=name, group=self.group)
            self.known[key] = player
        return self.known[key]


def _save(checked: _Checked, players: _Players) -> Game:
    setup = checked.setup
    game = Game.objects.create(
        kind=checked.rules.key,
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
    seated = [players.get(name) for name in checked.names]
    Seat.objects.bulk_create(
        Seat(game=game, player=player, position=i) for i, player in enumerate(seated)
    )
    hands = Hand.objects.bulk_create(
        Hand(game=game, position=i + 1, facts=facts) for i, facts in enumerate(checked.hands)
    )
    GameChange.objects.bulk_create(
        GameChange(game=game, hand=hand, action=GameChange.ADDED, after=hand.facts)
        for hand in hands
    )
    timed = [hand for hand, at in zip(hands, checked.played_at, strict=True) if at is not None]
    if timed:  # the record's times, not the time of import (creation sets "now")
        for hand, at in zip(hands, checked.played_at, strict=True):
            hand.created_at = at or hand.created_at
        Hand.objects.bulk_update(timed, ["created_at"])
    if checked.created_at is not None:
        Game.objects.filter(pk=game.pk).update(created_at=checked.created_at)
        game.created_at = checked.created_at
    # Replayed with the names as stored ("ana" may have matched "Ana").
    names = tuple(player.name for player in seated)
    game.refresh_result(replay(checked.rules, replace(setup, names=names), checked.hands))
    return game


def import_stream(records: Iterable[Any], keep: int = 20, group=None) -> tuple[int, list[Game]]:
    """Like import_records, but keeps only the first `keep` games it saved
    (to show them), so a file of any size imports in little memory."""
    players = _Players(group)
    count, kept = 0, []
    with transaction.atomic():
        for position, record in enumerate(records, start=1):
            game = _save(_Checker(record, position).check(), players)
            count += 1
            if len(kept) < keep:
                kept.append(game)
    return count, kept


def import_records(records: Iterable[Any], group=None) -> list[Game]:
    """Check and save every record into `group`, all or nothing (one
    transaction). The record names no group: it moves between groups and
    servers; players are matched by name within the group.

    Each hand's facts are checked by the game's rules at the table the hand
    was played at, then scored onto the sheet; derived values in the record
    (awards, payments, totals, explanation, winner, name) are ignored.
    Raises RecordInvalid, saving nothing, at the first problem.
    """
    players = _Players(group)
    games = []
    with transaction.atomic():
        for position, record in enumerate(records, start=1):
            games.append(_save(_Checker(record, position).check(), players))
    return games
