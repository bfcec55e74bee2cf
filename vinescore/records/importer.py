"""Checked games saved into a group, a batch at a time: a file of any
length, all or nothing, without holding the database for long."""

from __future__ import annotations

import json
import uuid
from array import array
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import IO, Any

from django.db import IntegrityError, connection, models, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from jsonschema import Draft202012Validator

from vinescore.accounts.models import Group
from vinescore.names import name_key
from vinescore.scoring import replay
from vinescore.table.models import SEAT_SUMMARY, Game, GameChange, Hand, Player, Seat

from .checker import Checked, Checker
from .format import RecordInvalid, game_format
from .reader import read_records
from .words import game_words

BATCH = 200  # games checked, then saved together


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


def _save_batch(batch: list[Checked], players: _Players) -> list[Game]:
    """Saves checked games a batch at a time, writing what add_hand, log and
    refresh_result would in a few queries a batch: through the model methods a
    batch held the database for seconds, where a table entering a hand must
    wait under one (tests/web/test_big_group.py)."""
    players.resolve(name for checked in batch for name in checked.names)
    now = timezone.now()  # a hand the record does not date is dated now
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
            hand_limit=setup.hand_limit,
        )
        game.take_result(sheet)
        played_at = [at or now for at in checked.played_at]
        game.first_hand_at, game.last_hand_at = (
            (played_at[0], played_at[-1]) if played_at else (None, None)
        )
        games.append(game)
        summaries.append(sheet.seat_summaries())
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
    Group.objects.games_changed(players.group.pk if players.group else None)
    return games


def _insert(model: type[models.Model], names: list[str], rows: list[tuple]) -> None:
    """Rows of plain values in one executemany: bulk_create spends most of an
    import preparing each value."""
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
) -> Iterator[list[Checked]]:
    """The records checked, in batches of at most BATCH games and WRITE_HANDS hands;
    progress(n) after each record."""
    batch, hands = [], 0
    for position, record in enumerate(records, start=1):
        checked = Checker(record, position, validator).check()
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


class _Identities:
    """Refuses a game the group or the file already holds, unless imported as
    copies. Only the ids this import saved are kept between batches, so any
    length of file is checked in the same memory."""

    def __init__(self, group, copy: bool):
        self.group, self.copy = group, copy
        self.saved = array("q")  # the games this import saved, by pk

    def check(self, batch: list[Checked]) -> None:
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
    """Imports a games file into `group`: checks all of it, then saves it in short
    transactions of a batch, so tables wait for one batch at most; a failure
    part way removes what was saved. Reads the seekable file twice; returns the
    count and the first `keep` games. progress(n, saving) hears checked, then saved."""
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
    Group.objects.games_changed(players.group.pk if players.group else None)
    for i in range(0, len(players.created), 500):
        added = list(players.created[i : i + 500])
        Player.objects.filter(pk__in=added, seats__isnull=True).delete()


def import_records(records: Iterable[Any], group=None, copy: bool = False) -> list[Game]:
    """Checks and saves every record into `group` in one transaction, or raises
    RecordInvalid at the first problem. Players match by name in the group;
    scored totals and winners must match the record's; a game held already
    (same "id") is refused unless `copy`."""
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
