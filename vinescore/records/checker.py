"""One game record checked: first its structure by the published schema,
then what only the rules can say (the players, options, settings, each
hand's facts, and any derived value the file carries)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.utils.translation import gettext, ngettext
from jsonschema import Draft202012Validator, ValidationError

from vinescore.names import NameInvalid, clean_name, name_key
from vinescore.scoring import REGISTRY, GameRules, HandInvalid, Setup, Sheet
from vinescore.table.forms import option_misfit, player_count_words, unasked_setting

from .export import payment_records
from .format import RecordInvalid
from .words import (
    hand_field_words,
    hand_words,
    id_words,
    iso_words,
    known_games,
    missing_words,
    needs_words,
    record_words,
    show,
    show_value,
)

FIRST_YEAR, LAST_YEAR = 1900, 2999  # a game's created_at, as the schema says


@dataclass
class Checked:
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


class Checker:
    """Checks one record; every complaint names the game, hand and field. Schema
    problems are raised field by field in reading order, each before the rules'
    word on that field, so a file always hears of the same first problem."""

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
            raise self.fail(key, missing_words(key))
        said = record_words(key, error, self.record[key])
        raise self.fail(key, said or self.unworded(self.record[key]))

    def hand_off_shape(self, index: int, error: ValidationError) -> RecordInvalid:
        hand = self.record["hands"][index]
        path = list(error.absolute_path)[2:]
        if len(path) < 2 or path[0] != "facts":
            field = path[0] if path else "facts"
            if field == "facts":
                said = gettext("each hand needs its facts, as an object.")
            else:
                said = hand_field_words(field, hand[field]) or self.unworded(hand[field])
            return self.fail(field, said, hand=index + 1)
        fact = str(path[1])
        value = hand["facts"][path[1]]
        said = gettext(
            "must be a whole number, text, true or false, null, or a list of whole numbers; "
            "not {value}."
        ).format(value=show(value))
        return self.fail(fact[:40], said, hand=index + 1)

    def unworded(self, value: Any) -> str:
        """A field the schema gained without words here (a test keeps this away)."""
        return gettext("is not as the record format has it (see its schema); not {value}.").format(
            value=show(value)
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

    def check(self) -> Checked:
        record = self.record
        self.shape(None)
        self.name_the_game()

        self.shape("game")
        key = record["game"]
        if key not in REGISTRY:
            raise self.fail(
                "game",
                gettext("{value} is not a game vinescore knows (it knows {known}).").format(
                    value=show(key), known=known_games()
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
                    last=len(names) - 1, value=show(first_dealer)
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
        self.shape("hand_limit")
        hand_limit = record.get("hand_limit")
        self.shape("created_at")
        created_at = self.moment(record, "created_at")

        setup = Setup(
            names=tuple(names),
            first_dealer=first_dealer,
            options=frozenset(options),
            target=target,
            stakes=stakes,
            ended=ended,
            hand_limit=hand_limit,
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
        return Checked(
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
            raise self.fail("id", id_words(value)) from None

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
                        game=rules.name, value=show(name), offered=offered
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
            raise self.fail(field, iso_words(value), hand=hand)
        try:
            moment = moment.astimezone(UTC)
        except OverflowError:  # year 1 or 9999, moved past the calendar by the offset
            moment = None
        if moment is None or not FIRST_YEAR <= moment.year <= LAST_YEAR:
            raise self.fail(
                field,
                gettext("must be a time from {first} to {last}; not {value}.").format(
                    first=FIRST_YEAR, last=LAST_YEAR, value=show(value)
                ),
                hand=hand,
            )
        return moment

    def hands(self, rules: GameRules, setup: Setup) -> list[dict]:
        sheet = self.sheet = Sheet(rules, setup)
        cleaned = []
        for i, hand in enumerate(self.record["hands"]):
            self.shape(i)
            self.not_after_the_win(sheet, i + 1)
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

    def not_after_the_win(self, sheet: Sheet, hand: int) -> None:
        """A game is finished once won, as the score sheet has it: a hand after
        that is refused as the sheet refuses it. (A coin session, or a game the
        table ends, is won only when ended, after its last hand.)"""
        if sheet.winner is None:
            return
        if sheet.at_limit:
            raise RecordInvalid(
                gettext(
                    "{where} comes after the game's last hand: it was played to {limit} hands. "
                    "Leave it out, or give the number of hands the table played."
                ).format(where=hand_words(self.label, hand), limit=sheet.setup.hand_limit),
                game=self.position,
                hand=hand,
                field="hands",
            )
        raise RecordInvalid(
            gettext(
                "{where} comes after the game was won on hand {won}: a won game takes no "
                "more hands. Leave it out, or give the target the table played on to."
            ).format(where=hand_words(self.label, hand), won=sheet.decided_at),
            game=self.position,
            hand=hand,
            field="hands",
        )

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
                said=show_value(where[field], names),
                scored=show_value(scored, names),
                version=self.scored_under[:80],
            ),
            hand=hand,
        )
