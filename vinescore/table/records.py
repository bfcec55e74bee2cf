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
them is simply scored). The schema is docs/game-record.schema.json.

Export is deterministic (fixed key order, facts sorted by name, a fixed
layout: see `dumps`), so export, import, export gives the same bytes.
"""

from __future__ import annotations

import codecs
import json
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import IO, Any

import ijson
from django.db import IntegrityError, connection, models, transaction
from django.db.models import Prefetch
from django.utils import timezone

from vinescore.scoring import REGISTRY, GameRules, HandInvalid, Payment, Setup, Sheet, replay

from .forms import NoteForm, player_count_words
from .models import MAX_HANDS, SEAT_SUMMARY, Game, GameChange, Hand, LiveHand, Player, Seat
from .names import NameInvalid, clean_name, name_key

FORMAT = "vinescore-games"
VERSION = 1
INDENT = 2
CHUNK_SIZE = 200
BATCH = 200  # games checked, then saved together

# Limits of the columns a record's values land in.
MAX_TITLE = Game._meta.get_field("title").max_length
MAX_RULES_VERSION = Game._meta.get_field("rules_version").max_length
MAX_POSITIVE = 2_147_483_647
MAX_NOTE = NoteForm.base_fields["note"].max_length
FIRST_YEAR, LAST_YEAR = 1900, 2999  # a game's created_at


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

    def follow(self, events: list[tuple[str, Any]]) -> None:
        depth = self.depth
        for event, value in events:
            if depth <= 2:
                self.shallow(event, value, depth)
            if event in OPENING:
                depth += 1
                if depth > MAX_DEPTH:
                    raise RecordInvalid(
                        f"{self.where()}lists and objects nest more than {MAX_DEPTH} deep: "
                        "this is not a vinescore games file."
                    )
            elif event in CLOSING:
                depth -= 1
            elif event in TEXT and "\x00" in value:
                raise RecordInvalid(
                    f"{self.where()}the text holds a NUL character (\\u0000), "
                    "which no name, title, note or fact can hold."
                )
        self.depth = depth

    def where(self) -> str:
        return f"Game {self.game}: " if self.in_games else "The file: "

    def shallow(self, event: str, value: Any, depth: int) -> None:
        """The root object, its keys and values, and where each game starts."""
        if not self.started:
            self.started = True
            if event != "start_map":
                raise RecordInvalid(
                    "The file is not a vinescore games file: it is not a JSON object."
                )
        elif depth == 2:
            if self.in_games and event not in CLOSING:
                self.game += 1
        elif event == "map_key":
            self.key, self.in_games = value, False
            if value == "games":
                if self.games_seen:
                    raise RecordInvalid('The file has two "games" lists.')
                _check_header(self.header)
        elif self.key == "games":
            if event != "start_array":
                raise RecordInvalid('The file has no "games" list.')
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
            raise RecordInvalid("The file is empty.")
        if not self.games_seen:
            raise RecordInvalid('The file has no "games" list.')


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
            outline.bytes_read += len(chunk)
            scanner.send(chunk)
            outline.follow(events)
            del events[:]
            builder.send(chunk)
            yield from games
            del games[:]
        if not outline.bytes_read:
            raise RecordInvalid("The file is empty.")
        scanner.close()
        outline.follow(events)
        builder.close()
        yield from games
    except ijson.JSONError as error:
        raise RecordInvalid(f"The file is not JSON: {_json_error(error)}") from None
    outline.finish()


def _json_error(error: Exception) -> str:
    """What the parser said, as a sentence (its first line: the rest points
    into the text)."""
    said = (str(error).splitlines() or [""])[0].strip()
    if not said or "premature EOF" in said or "Incomplete" in said:
        return "it ends before its last list or object is closed."
    said = said.removeprefix("parse error: ").removeprefix("lexical error: ")
    return said[:200].rstrip(".") + "."


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


def _show_value(value: Any, names: tuple[str, ...] = ()) -> str:
    """A derived value in a message: a winner's sides, or payments in words."""

    def who(seat: Any) -> str:
        return names[seat] if _is_int(seat) and 0 <= seat < len(names) else _show(seat)

    if value is None or value == []:
        return "none"
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return _show(" and ".join(value))
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):
        lines = [
            f"{who(v.get('payer'))} pays {who(v.get('payee'))} {v.get('coins')}" for v in value
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
        self.rules_version = rules.rules_version

        title = " ".join(self.text("title", MAX_TITLE).split())
        # Checked, but the game is scored by the rules vinescore has now and
        # carries their version (see `derived` for a file scored otherwise).
        self.scored_under = self.text("rules_version", MAX_RULES_VERSION, rules.rules_version)
        rules_version = rules.rules_version
        note = self.text("note", MAX_NOTE)
        checked = (("title", title), ("rules_version", self.scored_under), ("note", note))
        for field, value in checked:
            if any(unicodedata.category(c) == "Cc" for c in value.replace("\n", "")):
                raise self.fail(field, "cannot hold control characters.")

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
        if isinstance(record.get("hands"), list) and len(record["hands"]) > MAX_HANDS:
            raise self.fail(
                "hands",
                f"a game holds at most {MAX_HANDS:,} hands; this has {len(record['hands']):,}.",
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
            sheet=self.sheet,
        )

    def players(self, rules: GameRules) -> list[str]:
        players = self.record.get("players")
        if not isinstance(players, list):
            raise self.fail("players", "must be a list of names in seat order.")
        if len(players) not in rules.player_counts:
            listed = f"{len(players)} {'is' if len(players) == 1 else 'are'} listed"
            raise self.fail(
                "players",
                f"{rules.name} is for {player_count_words(rules.player_counts)}; {listed}.",
            )
        names, keys = [], set()
        for seat, name in enumerate(players, start=1):
            if not isinstance(name, str) or not name.strip():
                raise self.fail("players", f"seat {seat} needs a name.")
            try:
                name = clean_name(name)
            except NameInvalid as invalid:
                raise self.fail("players", f"seat {seat}: {invalid}") from None
            key = name_key(name)
            if key in keys:
                raise self.fail("players", f"{name} is seated twice.")
            keys.add(key)
            names.append(name)
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
        try:
            moment = moment.astimezone(UTC)
        except OverflowError:  # year 1 or 9999, moved past the calendar by the offset
            moment = None
        if moment is None or not FIRST_YEAR <= moment.year <= LAST_YEAR:
            raise self.fail(
                "created_at",
                f"must be a time from {FIRST_YEAR} to {LAST_YEAR}; not {_show(value)}.",
            )
        return moment

    def hands(self, rules: GameRules, setup: Setup) -> list[dict]:
        hands = self.record.get("hands")
        if not isinstance(hands, list):
            raise self.fail("hands", "must be a list of hands.")
        sheet = self.sheet = Sheet(rules, setup)
        cleaned = []
        for i, hand in enumerate(hands):
            facts = hand.get("facts") if isinstance(hand, dict) else None
            if not isinstance(facts, dict):
                raise self.fail("facts", "each hand needs its facts, as an object.", hand=i + 1)
            try:
                clean = rules.check_record(facts, sheet.table_for(i))
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
            row = sheet.play(clean)
            for field, scored in (
                ("awards", list(row.result.awards)),
                ("payments", payment_records(row.result.payments)),
                ("totals", list(row.totals)),
            ):
                self.derived(hand, field, scored, hand=i + 1, names=setup.names)
            cleaned.append(clean)
        sheet.finish()
        if "winner" in self.record:
            self.check_winner(self.record["winner"], sheet)
        if "settle_up" in self.record:
            squared = sheet.settle_up
            scored = None if squared is None else payment_records(squared)
            self.derived(self.record, "settle_up", scored, names=setup.names)
        return cleaned

    def check_winner(self, claimed: Any, sheet: Sheet) -> None:
        """The winner a file names (sides matched as player names are: ignoring
        case and spacing) must be the one the rules find."""

        def plain(sides: Any) -> Any:
            if not isinstance(sides, list):
                return sides
            return [" ".join(str(n).split()).casefold() for n in sides]

        sides = claimed.get("sides") if isinstance(claimed, dict) else claimed
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
        since = ""
        if self.scored_under != self.rules_version:
            since = f" (the file was scored under “{self.scored_under[:80]}”)"
        raise self.fail(
            field,
            f"the file says {_show_value(where[field], names)}, but the rules make it "
            f"{_show_value(scored, names)}{since}. Correct it, or leave it out to have it "
            "worked out.",
            hand=hand,
        )


class _Players:
    """The group's players by name key (names.name_key), looked up and
    created a batch of games at a time."""

    def __init__(self, group):
        self.group = group
        self.known: dict[str, Player] = {}

    def resolve(self, names: Iterable[str]) -> None:
        wanted = {}
        for name in names:
            key = name_key(name)
            if key not in self.known:
                wanted.setdefault(key, name)
        if not wanted:
            return
        for player in Player.objects.filter(group=self.group, name_key__in=list(wanted)):
            self.known[player.name_key] = player
        new = [
            Player(name=n, name_key=k, group=self.group)
            for k, n in wanted.items()
            if k not in self.known
        ]
        for player in Player.objects.bulk_create(new):
            self.known[player.name_key] = player

    def __getitem__(self, name: str) -> Player:
        return self.known[name_key(name)]


def _save_batch(batch: list[_Checked], players: _Players) -> list[Game]:
    """Save checked games a batch at a time: a few queries for the whole
    batch, not a few for each game."""
    players.resolve(name for checked in batch for name in checked.names)
    games, seated_games, summaries, seated_players = [], [], [], set()
    for checked in batch:
        setup = checked.setup
        seated = [players[name] for name in checked.names]
        seated_players.update(player.pk for player in seated)
        sheet, names = checked.sheet, tuple(player.name for player in seated)
        # The checks played the hands already; replayed only with the names as
        # stored ("ana" matched "Ana"), or to name a session's winner at its end.
        if names != setup.names or setup.ended:
            sheet = replay(checked.rules, replace(setup, names=names), checked.hands)
        game = Game(
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
    Player.objects.filter(pk__in=seated_players).update(record_changed_at=timezone.now())
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


def _checked(
    records: Iterable[Any], progress: Callable[[int], None] | None = None
) -> Iterator[list[_Checked]]:
    """The records checked, in batches of BATCH; progress(n), when given,
    hears after each record that n have been checked."""
    batch = []
    for position, record in enumerate(records, start=1):
        batch.append(_Checker(record, position).check())
        if progress is not None:
            progress(position)
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def import_stream(
    records: Iterable[Any],
    keep: int = 20,
    progress: Callable[[int], None] | None = None,
    group=None,
) -> tuple[int, list[Game]]:
    """Like import_records, but keeps only the first `keep` games it saved
    (to show them), so a file of any size imports in little memory.
    progress(n) hears how many records have been checked so far.

    A player of the same name added elsewhere while the file was being
    imported is refused like a wrong record, saving nothing."""
    players = _Players(group)
    count, kept = 0, []
    try:
        with transaction.atomic():
            for batch in _checked(records, progress):
                games = _save_batch(batch, players)
                count += len(games)
                kept += games[: max(0, keep - len(kept))]
    except IntegrityError:
        raise RecordInvalid(
            "A player in the file was added on another phone at the same moment. "
            "Import the file again."
        ) from None
    return count, kept


def import_records(records: Iterable[Any], group=None) -> list[Game]:
    """Check and save every record into `group`, all or nothing (one
    transaction). The record names no group: it moves between groups and
    servers; players are matched by name within the group.

    Each hand's facts are checked by the game's rules at the table the hand
    was played at, then scored onto the sheet; awards, payments, totals, the
    winner and the settle-up in the record must match the scoring where given
    (the explanation and name are only read by people).
    Raises RecordInvalid, saving nothing, at the first problem.
    """
    players = _Players(group)
    games = []
    with transaction.atomic():
        for batch in _checked(records):
            games += _save_batch(batch, players)
    return games
