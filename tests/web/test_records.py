"""The game-record format: export, import, and the documented schema."""

from __future__ import annotations

import copy
import io
import json
from datetime import UTC, datetime
from pathlib import Path

import jsonschema
import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from tests.factories import NAMES, default_group, make_game, make_player
from vinescore.names import MAX_NAME
from vinescore.records import importer as records
from vinescore.records.export import dumps, game_record, write_records
from vinescore.records.format import RecordInvalid, game_format
from vinescore.records.importer import import_file, import_records
from vinescore.records.reader import read_records
from vinescore.scoring import REGISTRY
from vinescore.table.forms import NoteForm
from vinescore.table.models import MAX_HANDS, Game, GameChange, Hand, Player

pytestmark = pytest.mark.django_db

DOCS = Path(django_settings.BASE_DIR) / "docs"
SCHEMA = json.loads((DOCS / "game-record.schema.json").read_text(encoding="utf-8"))
EXAMPLE = DOCS / "game-record.example.json"
DERIVED_HAND = ("awards", "payments", "totals", "explanation")

# Two or three valid hands for every game in the registry, and how it starts.
CASES = {
    "coralon": dict(
        players=4,
        options=["zero"],
        hands=[
            {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]},
            {"bidder": 0, "bid": "zero", "tricks": [0, 5, 4, 4]},
            {"bidder": 2, "bid": 2, "tricks": [1, 1, 1, 10]},
        ],
    ),
    "coralon-partners": dict(
        players=4,
        hands=[
            {"bidder": 0, "bid": 7, "bidders_tricks": 7},
            {"bidder": 1, "bid": 5, "bidders_tricks": 3},
        ],
    ),
    "thief": dict(
        players=4,
        hands=[
            {"bidder": 0, "bid": 6, "tricks": [4, 3, 3, 3], "thieves": [2, 0, 1, 0]},
            {"bidder": 1, "bid": 3, "tricks": [2, 6, 3, 2], "thieves": [0, 0, 0, 0]},
        ],
    ),
    "thieves": dict(
        players=4,
        hands=[
            {
                "bidder": 0,
                "bid": 2,
                "bidders_tricks": 7,
                "bidders_thieves": 1,
                "others_thieves": 2,
            },
            {
                "bidder": 1,
                "bid": 3,
                "bidders_tricks": 5,
                "bidders_thieves": 0,
                "others_thieves": 1,
            },
        ],
    ),
    "ducks-and-geese": dict(
        players=4,
        hands=[
            {
                "bidder": 1,
                "bid": 5,
                "open": "open",
                "bidders_tricks": 4,
                "bidders_cards": 3,
                "others_cards": 2,
            },
            {"forfeit": True},
        ],
    ),
    "dog": dict(
        players=4,
        hands=[
            {
                "bidder": 0,
                "bid": 2,
                "open": "open",
                "bidders_tricks": 2,
                "bidders_cards": 1,
                "others_cards": 1,
            },
            {"forfeit": True},
        ],
    ),
    "ducks-and-geese-cutthroat": dict(
        players=5,
        hands=[
            {"bidder": 0, "bid": 4, "bidder_tricks": 3, "cards": [2, 1, 0, 3, 1]},
            {"bidder": 2, "bid": 6, "bidder_tricks": 2, "cards": [2, 1, 1, 3, 1]},
        ],
    ),
    "bishop": dict(
        players=5,
        hands=[
            {"bidder": 0, "bid": 7, "block": "war", "trump": "Cups", "partner": 2, "points": 7},
            {"bidder": 1, "bid": 6, "block": "war", "trump": "Cups", "partner": 3, "points": 4},
        ],
    ),
    "baronet": dict(
        players=5,
        end=True,
        hands=[
            {"bidder": 0, "bid": 6, "block": "war", "trump": "Cups", "partner": 2, "points": 7},
            {"bidder": 1, "bid": 6, "block": "war", "trump": "Cups", "partner": 3, "points": 4},
        ],
    ),
    "chevalier": dict(
        players=4,
        hands=[
            {
                "bidder": 0,
                "bid": 5,
                "bidders_clean": 3,
                "bidders_poisoned": 1,
                "defenders_poisoned": 1,
            },
            {
                "bidder": 1,
                "bid": 5,
                "bidders_clean": 5,
                "bidders_poisoned": 0,
                "defenders_poisoned": 0,
            },
        ],
    ),
    "up-and-down": dict(
        players=5,
        end=True,
        hands=[{"leader": 0, "partner": 2, "points": [6, 3, 5, 3, 3]}, {"take_back": True}],
    ),
    "up-and-down-points": dict(
        players=5,
        hands=[
            {"bidder": 0, "bid": 8, "partner": 2, "points": [5, 3, 5, 3, 3]},
            {"bidder": 1, "bid": 6, "partner": 3, "points": [3, 5, 3, 5, 4]},
        ],
    ),
    "mu": dict(
        players=5,
        hands=[
            {
                "tie": False,
                "chief": 1,
                "bid": 6,
                "vice": None,
                "partner": 0,
                "trump": "other_number",
                "points": [20, 21, 9, 5, 5],
            },
            {"tie": True, "tied": [0, 2], "tied_last": 2, "shown": 3},
        ],
    ),
    # Health carries between exchanges: the third only wins the round for
    # Ana if it is checked and scored at the table the second one left.
    "duel": dict(
        players=2,
        target=3,
        stakes=10,
        hands=[{"damage": [0, 4]}, {"damage": [3, 2]}, {"damage": [0, 9]}],
    ),
    "pad": dict(
        players=3,
        title="Rummy",
        end=True,
        hands=[{"points": [30, 45, 10]}, {"points": [25, 0, 20]}],
    ),
}

CREATED = datetime(2026, 11, 3, 19, 30, 15, 123456, tzinfo=UTC)


def make_case(kind: str) -> Game:
    case = CASES[kind]
    game = make_game(
        kind,
        NAMES[: case["players"]],
        options=case.get("options"),
        target=case.get("target"),
        stakes=case.get("stakes"),
        first_dealer=1,
        hands=case["hands"],
    )
    Game.objects.filter(pk=game.pk).update(
        created_at=CREATED, title=case.get("title", ""), note=f"A {kind} night"
    )
    game.refresh_from_db()
    if case.get("end"):
        game.ended = True
        game.save(update_fields=["ended", "updated_at"])
        game.refresh_result()
    return game


def export(games=None) -> str:
    out = io.StringIO()
    write_records(Game.objects.all() if games is None else games, out)
    return out.getvalue()


def wipe() -> None:
    Game.objects.all().delete()
    Player.objects.all().delete()


def load(text: str) -> list[Game]:
    return import_records(read_records(io.StringIO(text)), default_group())


def without_derived(text: str) -> str:
    data = json.loads(text)
    for record in data["games"]:
        for key in ("name", "winner"):
            record.pop(key, None)
        for hand in record["hands"]:
            for key in DERIVED_HAND:
                hand.pop(key, None)
    return json.dumps(data)


def outcome(game: Game) -> tuple:
    game.refresh_from_db()
    return (game.final_totals, game.winner_name, game.hand_count, game.is_finished)


# --- round trips -------------------------------------------------------------


def test_every_game_in_the_registry_has_a_round_trip_case():
    assert set(CASES) == set(REGISTRY.games)


@pytest.mark.parametrize("kind", sorted(CASES))
def test_export_import_export_is_byte_identical(kind):
    game = make_case(kind)
    before = outcome(game)
    first = export()
    record = json.loads(first)["games"][0]
    assert record["game"] == kind and len(record["hands"]) == len(CASES[kind]["hands"])
    assert record["created_at"] == "2026-11-03T19:30:15.123456Z"
    if CASES[kind].get("end"):
        assert record["ended"] is True and record["winner"] is not None

    wipe()
    (imported,) = load(first)
    assert outcome(imported) == before
    assert imported.created_at == CREATED
    assert export() == first

    # The derived values are for reading: a record without them is the same game.
    wipe()
    load(without_derived(first))
    assert export() == first


def test_the_duel_is_replayed_at_the_table_each_exchange_was_played_at():
    make_case("duel")
    text = export()
    wipe()
    (game,) = load(text)
    assert game.final_totals == [1, 0]
    record = json.loads(text)["games"][0]
    assert "Ben drops below 0 (-5): Ana wins round 1" in record["hands"][2]["explanation"]


def test_a_coin_game_exports_its_payments_and_its_session_winner():
    game = make_case("baronet")
    record = game_record(game)
    payments = record["hands"][0]["payments"]
    assert payments and set(payments[0]) == {"payer", "payee", "coins"}
    assert sum(record["hands"][0]["awards"]) == 0
    assert record["winner"]["reason"] == "most coins when the session ended"


def test_a_game_of_partners_names_the_winning_team():
    exact = {"bidder": 1, "bid": 13, "bidders_tricks": 13}
    game = make_game("coralon-partners", hands=[exact] * 5)
    assert game_record(game)["winner"] == {"sides": ["Ben & Dee"], "reason": "first to reach 60"}


def test_several_games_round_trip_in_one_file_in_order():
    for kind in ("coralon", "duel", "pad", "up-and-down"):
        make_case(kind)
    first = export()
    assert [g["game"] for g in json.loads(first)["games"]] == [
        "coralon",
        "duel",
        "pad",
        "up-and-down",
    ]
    wipe()
    assert len(load(first)) == 4
    assert export() == first


def test_the_streamed_file_is_the_whole_file_laid_out_at_once():
    games = [make_case("coralon"), make_case("thief")]
    expected = {
        "format": "vinescore-games",
        "version": 1,
        "games": [game_record(g) for g in games],
    }
    text = export()
    assert text == dumps(expected) + "\n"
    assert json.loads(text) == expected
    assert '"tricks": [3, 4, 2, 4]' in text  # plain lists stay on one line


def test_no_games_is_an_empty_file_that_imports():
    text = export()
    assert json.loads(text) == {"format": "vinescore-games", "version": 1, "games": []}
    assert load(text) == []


def test_export_loads_seats_once_per_chunk(django_assert_max_num_queries):
    for _ in range(5):
        make_case("coralon")
    Game.objects.update(updated_at=CREATED)  # nothing remembered: every game replays
    # The games, their seats, and each game's hands.
    with django_assert_max_num_queries(2 + 5):
        export()


def test_deleted_hands_are_left_out():
    game = make_case("coralon")
    game.delete_hand(game.hands.get(position=2))
    record = json.loads(export())["games"][0]
    kept = [CASES["coralon"]["hands"][i] for i in (0, 2)]
    assert [h["facts"]["bid"] for h in record["hands"]] == [h["bid"] for h in kept]
    assert record["hands"][-1]["totals"] == game.final_totals
    text = export()
    wipe()
    (imported,) = load(text)
    assert imported.hands.count() == 2 and not imported.hands.filter(deleted_at__isnull=False)
    assert export() == text


def test_imported_hands_are_in_the_change_log():
    make_case("coralon")
    text = export()
    wipe()
    (game,) = load(text)
    assert game.changes.filter(action=GameChange.ADDED).count() == 3
    assert list(game.hands.values_list("position", flat=True)) == [1, 2, 3]


def test_the_example_is_a_real_export_of_a_short_coralon_game():
    text = EXAMPLE.read_text(encoding="utf-8")
    (game,) = load(text)
    assert game.kind == "coralon" and game.is_finished and game.winner_name == "Ana"
    assert export() == text


# --- players -----------------------------------------------------------------


def test_players_are_matched_ignoring_case_and_created_when_missing():
    ana = make_player("Ana")
    record = {
        "game": "coralon",
        "players": ["ana", "BEN", "  Cy  "],
        "target": 60,
        "stakes": None,
        "hands": [{"facts": {"bidder": 0, "bid": 6, "tricks": [6, 5, ""]}}],
    }
    (game,) = import_records([record], default_group())
    assert game.seated_players()[0] == ana
    assert [p.name for p in Player.objects.all()] == ["Ana", "BEN", "Cy"]
    assert game.final_totals == [6, 0, 0]
    exported = game_record(game)
    assert exported["players"] == ["Ana", "BEN", "Cy"]
    assert exported["hands"][0]["facts"]["tricks"] == [6, 5, 7]
    assert "Ana bid 6" in exported["hands"][0]["explanation"]


def test_two_games_in_one_file_share_a_new_player():
    record = {
        "game": "duel",
        "players": ["Zed", "Yan"],
        "target": 1,
        "stakes": 5,
        "hands": [],
    }
    import_records([record, {**record, "players": ["yan", "zed"]}], default_group())
    assert Player.objects.count() == 2


# --- bad records -------------------------------------------------------------


def valid_file() -> dict:
    """Two good games; the tests break the second."""
    make_case("coralon")
    make_case("duel")
    text = export()
    wipe()
    make_player("Ana")
    return json.loads(text)


def break_tricks(g):
    g["hands"][1]["facts"]["tricks"] = [1, 9, 3, 1]


def break_key(g):
    g["game"], g["name"] = "whist", "Whist"


def break_count(g):
    g["players"] = ["Ana", "Ben", "Cy"]


def break_crowd(g):
    g["players"] = [*NAMES, "Gus"]


def break_option(g):
    g["options"] = ["zero", "jokers"]


def break_requires(g):
    g["options"] = ["less"]


def break_dealer(g):
    g["first_dealer"] = 4


def break_target(g):
    g["target"] = 0


def break_stakes(g):
    g["stakes"] = "ten"


def break_twice_seated(g):
    g["players"] = ["Ana", "Ben", "ana", "Dee"]


def break_facts(g):
    g["hands"][2] = {"awards": [1, 2, 3, 4]}


def break_exchange(g):
    g["hands"][1]["facts"]["damage"] = [0, 100]


def break_created(g):
    g["created_at"] = "yesterday"


@pytest.mark.parametrize(
    "position, breaker, message",
    [
        (
            1,
            break_tricks,
            "Game 1 (Coralon), hand 2, tricks: Tricks: 13 in a 4-player hand; these add up to 14.",
        ),
        (2, break_key, "Game 2 (Whist), game: 'whist' is not a game vinescore knows"),
        (
            1,
            break_crowd,
            "Game 1 (Coralon), players: Coralon is for 3 to 6 players; 7 are listed.",
        ),
        (
            2,
            break_count,
            "Game 2 (Duel), players: Duel is for exactly 2 players; 3 are listed.",
        ),
        (1, break_option, "Game 1 (Coralon), options: Coralon has no option 'jokers'"),
        (1, break_requires, "Game 1 (Coralon), options: ““Less” after a zero” needs “Zero"),
        (1, break_dealer, "Game 1 (Coralon), first_dealer: must be a seat index from 0 to 3"),
        (2, break_target, "Game 2 (Duel), target: must be a whole number from 1 up, or null"),
        (2, break_stakes, "Game 2 (Duel), stakes: must be a whole number from 1 up, or null"),
        (1, break_twice_seated, "Game 1 (Coralon), players: ana is seated twice."),
        (1, break_facts, "Game 1 (Coralon), hand 3, facts: each hand needs its facts"),
        (
            2,
            break_exchange,
            "Game 2 (Duel), hand 2, damage: Damage taken for Ben must be from 0 to 99",
        ),
        (2, break_created, "Game 2 (Duel), created_at: must be an ISO 8601 time"),
    ],
)
def test_a_bad_record_imports_nothing_and_says_where(position, breaker, message):
    data = valid_file()
    breaker(data["games"][position - 1])
    before = (Game.objects.count(), Player.objects.count(), Hand.objects.count())
    with pytest.raises(RecordInvalid) as caught:
        load(json.dumps(data))
    assert message in str(caught.value)
    assert caught.value.game == position
    assert (Game.objects.count(), Player.objects.count(), Hand.objects.count()) == before


def test_a_bad_hand_names_its_field():
    data = valid_file()
    break_tricks(data["games"][0])
    with pytest.raises(RecordInvalid) as caught:
        load(json.dumps(data))
    assert (caught.value.game, caught.value.hand, caught.value.field) == (1, 2, "tricks")


def test_a_hand_is_checked_at_its_own_table():
    # Options follow the game: without "zero", a zero bid is not one of the choices.
    data = valid_file()
    data["games"][0]["options"] = []
    with pytest.raises(RecordInvalid, match=r"Game 1 \(Coralon\), hand 2, bid: Bid: zero is"):
        load(json.dumps(data))


# --- the record's structure, checked by the published schema -----------------

PLAIN_HANDS = [CASES["coralon"]["hands"][0], CASES["coralon"]["hands"][2]]


def coralon_file(change) -> str:
    """A file of one good Coralon game of two hands, changed by `change`."""
    record = {
        "game": "coralon",
        "players": list(NAMES[:4]),
        "target": 60,
        "stakes": None,
        "hands": [{"facts": dict(facts)} for facts in PLAIN_HANDS],
    }
    change(record)
    return json.dumps({"format": "vinescore-games", "version": 1, "games": [record]})


def hand_facts(hand: int, **facts):
    return lambda record: record["hands"][hand - 1]["facts"].update(facts)


def hand_has(hand: int, **fields):
    return lambda record: record["hands"][hand - 1].update(fields)


@pytest.mark.parametrize(
    "change, where, message",
    [
        (
            lambda r: r.update(target=30.0),
            (None, "target"),
            "Game 1 (Coralon), target: must be a whole number from 1 up, or null; not 30.0.",
        ),
        (
            lambda r: r.update(target=3_000_000_000),
            (None, "target"),
            "Game 1 (Coralon), target: must be a whole number from 1 to 2,147,483,647, or "
            "null; not 3000000000.",
        ),
        (
            lambda r: r.update(note="Thursday\u0007"),
            (None, "note"),
            "Game 1 (Coralon), note: cannot hold control characters.",
        ),
        (
            lambda r: r.update(note="x" * 501),
            (None, "note"),
            "Game 1 (Coralon), note: at most 500 characters; this is 501.",
        ),
        (
            lambda r: r.update(options=["zero", "zero"]),
            (None, "options"),
            "Game 1 (Coralon), options: an option is listed twice.",
        ),
        (
            lambda r: r.update(players=["Ana", "   ", "Cy", "Dee"]),
            (None, "players"),
            "Game 1 (Coralon), players: seat 2 needs a name.",
        ),
        (
            lambda r: r.update(players=["A" * 41, "Ben", "Cy", "Dee"]),
            (None, "players"),
            "Game 1 (Coralon), players: seat 1: A name has at most 40 characters; this has 41.",
        ),
        (
            lambda r: r.pop("players"),
            (None, "players"),
            "Game 1 (Coralon), players: missing: give the players' names in seat order.",
        ),
        (
            lambda r: r.update(duration_seconds="long"),
            (None, "duration_seconds"),
            "Game 1 (Coralon), duration_seconds: must be a whole number of seconds, or null; "
            "not 'long'.",
        ),
        (
            lambda r: r.update(winner={"sides": []}),
            (None, "winner"),
            "Game 1 (Coralon), winner: must be null, or the winning sides and how they won, as "
            '{"sides": ["Ana"], "reason": "…"}; not {\'sides\': []}.',
        ),
        (
            lambda r: r.update(settle_up=[{"payer": 0, "coins": 3}]),
            (None, "settle_up"),
            "Game 1 (Coralon), settle_up: must be null, or a list of payments, each a payer and "
            'a payee (seat indexes, from 0) and the coins (a whole number from 0), as {"payer": '
            "1, \"payee\": 0, \"coins\": 3}; not [{'payer': 0, 'coins': 3}].",
        ),
        (
            hand_has(1, awards=["six"]),
            (1, "awards"),
            "Game 1 (Coralon), hand 1, awards: must be a list of whole numbers; not ['six'].",
        ),
        (
            hand_has(2, payments=[{"payer": -1, "payee": 0, "coins": 1}]),
            (2, "payments"),
            "Game 1 (Coralon), hand 2, payments: must be a list of payments, each a payer and a "
            'payee (seat indexes, from 0) and the coins (a whole number from 0), as {"payer": 1, '
            "\"payee\": 0, \"coins\": 3}; not [{'payer': -1, 'payee': 0, 'coins': 1}].",
        ),
        (
            hand_facts(2, bid={"value": 2}),
            (2, "bid"),
            "Game 1 (Coralon), hand 2, bid: must be a whole number, text, true or false, null, "
            "or a list of whole numbers; not {'value': 2}.",
        ),
        (
            hand_facts(1, tricks=[3, 4, 2.5, 3.5]),
            (1, "tricks"),
            "Game 1 (Coralon), hand 1, tricks: must be a whole number, text, true or false, "
            "null, or a list of whole numbers; not [3, 4, 2.5, 3.5].",
        ),
        (
            hand_has(2, played_at="1800-01-01T00:00:00Z"),
            (2, "played_at"),
            "Game 1 (Coralon), hand 2, played_at: must be a time from 1900 to 2999; not "
            "'1800-01-01T00:00:00Z'.",
        ),
    ],
)
def test_a_record_off_the_schema_is_refused_in_words_naming_the_field(change, where, message):
    error = refused_import(coralon_file(change))
    assert str(error) == message
    assert (error.game, error.hand, error.field) == (1, *where)


def test_a_record_off_the_schema_is_refused_in_german():
    with translation.override("de"):
        error = refused_import(coralon_file(hand_has(1, awards=["six"])))
    assert str(error) == (
        "Spiel 1 (Coralon), Runde 1, awards: muss eine Liste ganzer Zahlen sein; nicht ['six']."
    )


def test_what_the_rules_took_before_the_schema_still_imports():
    def loose(record):
        record.update(id=None, created_at=None, title="Thursday\tnight", note="Line one\nline two")
        record["hands"][0]["facts"]["tricks"] = [3, "4", 2, ""]  # a blank the rules work out

    (game,) = load(coralon_file(loose))
    (plain,) = load(coralon_file(lambda record: None))
    assert game.final_totals == plain.final_totals and game.created_at is not None
    assert game.note == "Line one\nline two" and game.hands.first().facts["tricks"] == [3, 4, 2, 4]
    assert game.title == "Thursday night"


def test_a_record_given_as_data_is_held_to_the_limits_a_file_is():
    record = json.loads(coralon_file(lambda r: None))["games"][0]
    hands = {**record, "target": None, "hands": record["hands"][:1] * 1001}
    with pytest.raises(RecordInvalid) as caught:
        import_records([hands], default_group())
    assert str(caught.value) == (
        "Game 1 (Coralon), hands: a game holds at most 1,000 hands; this has 1,001."
    )
    crowd = {**record, "players": [f"P{i}" for i in range(13)]}
    with pytest.raises(RecordInvalid) as caught:
        import_records([crowd], default_group())
    assert str(caught.value) == (
        "Game 1 (Coralon), players: no game seats more than 12 players; this lists 13."
    )
    assert not Game.objects.exists()


GAME_FIELDS = SCHEMA["$defs"]["game"]["properties"]
HAND_FIELDS = SCHEMA["$defs"]["hand"]["properties"]


@pytest.mark.parametrize("field", sorted(GAME_FIELDS))
def test_every_field_of_a_game_in_the_schema_is_refused_in_words(field):
    error = refused_import(coralon_file(lambda r: r.update({field: {"x": [1]}})))
    assert f", {field}: " in str(error) and "record format has it" not in str(error)
    assert error.field == field


@pytest.mark.parametrize("field", SCHEMA["$defs"]["game"]["required"])
def test_every_field_a_game_needs_is_asked_for_in_words(field):
    error = refused_import(coralon_file(lambda r: r.pop(field)))
    label = "Game 1" if field == "game" else "Game 1 (Coralon)"  # named by its key
    assert str(error).startswith(f"{label}, {field}: missing: give ")
    assert error.field == field


@pytest.mark.parametrize("field", sorted(HAND_FIELDS))
def test_every_field_of_a_hand_in_the_schema_is_refused_in_words(field):
    wrong = 7 if field == "facts" else {"x": [1]}
    error = refused_import(coralon_file(hand_has(2, **{field: wrong})))
    assert f"hand 2, {field}: " in str(error) and "record format has it" not in str(error)
    assert (error.hand, error.field) == (2, field)


def test_the_schemas_limits_are_those_of_the_columns_and_the_rules():
    game = SCHEMA["$defs"]["game"]["properties"]
    column = {f.name: f.max_length for f in Game._meta.get_fields() if hasattr(f, "max_length")}
    assert game["title"]["maxLength"] == column["title"]
    assert game["rules_version"]["maxLength"] == column["rules_version"]
    assert game["note"]["maxLength"] == NoteForm.base_fields["note"].max_length
    assert game["players"]["items"]["maxLength"] == MAX_NAME
    assert game["players"]["maxItems"] == max(max(r.player_counts) for r in REGISTRY)
    assert game["hands"]["maxItems"] == MAX_HANDS
    # What the columns take on every database Django supports.
    most = BaseDatabaseOperations.integer_field_ranges["PositiveIntegerField"][1]
    assert game["target"]["maximum"] == game["stakes"]["maximum"] == most


def test_an_import_reads_the_schema_once(monkeypatch):
    for _ in range(5):
        make_case("coralon")
    text = export()
    wipe()
    reads = []

    def counted():
        reads.append(1)
        return game_format()

    monkeypatch.setattr(records, "game_format", counted)
    monkeypatch.setattr(records, "BATCH", 2)
    count, _kept = import_file(io.BytesIO(text.encode()), default_group(), copy=True)
    assert count == 5 and len(reads) == 1  # for the check and the save, three batches each


# --- strict facts and derived values ------------------------------------------

OLD_CHEVALIER = "Vines rulebook, Game 8 (Chevalier rulebook); vinescore rulings 2026-11"


def one_game(kind: str, hands: list[dict], **extra) -> str:
    rules = REGISTRY[kind]
    players = extra.pop("players", list(NAMES[: min(rules.player_counts[-1], 4)]))
    record = {
        "game": kind,
        "players": players,
        "target": rules.default_target(len(players)),
        "stakes": rules.default_stakes(len(players)),
        "hands": hands,
        **extra,
    }
    return json.dumps({"format": "vinescore-games", "version": 1, "games": [record]})


def refused_import(text: str) -> RecordInvalid:
    before = (Game.objects.count(), Player.objects.count(), Hand.objects.count())
    with pytest.raises(RecordInvalid) as caught:
        load(text)
    assert (Game.objects.count(), Player.objects.count(), Hand.objects.count()) == before
    return caught.value


DUCKS_HAND = {"bidder": 0, "bid": 5, "bidders_tricks": 4, "bidders_cards": 2, "others_cards": 3}


def test_a_misspelt_blind_is_refused_not_imported_as_an_ordinary_bid():
    text = one_game("ducks-and-geese", [{"facts": {**DUCKS_HAND, "blnd": True}}], options=["blind"])
    error = refused_import(text)
    assert str(error).startswith(
        "Game 1 (Ducks and Geese), hand 1, blnd: Ducks and Geese has no fact “blnd”"
    )
    assert (error.game, error.hand, error.field) == (1, 1, "blnd")
    # Spelt right, it is a made blind bid: the other team scores nothing.
    (game,) = load(text.replace('"blnd"', '"blind"'))
    assert game.final_totals == [5, 0]


def test_a_misspelt_chevalier_fact_is_refused_not_scored_as_a_failed_bid():
    facts = {"bidder": 0, "bid": 8, "bidders_clean": 4, "bidders_poisonned": 2}
    error = refused_import(one_game("chevalier", [{"facts": facts}]))
    assert "hand 1, bidders_poisonned: Chevalier has no fact “bidders_poisonned”" in str(error)


def test_a_fact_that_does_not_apply_to_the_hand_is_refused():
    facts = {"passed": True, "bidder": 1, "bid": 4}
    error = refused_import(one_game("bishop", [{"facts": facts}], players=list(NAMES[:5])))
    assert str(error) == (
        "Game 1 (Bishop), hand 1, bidder: Bidder does not apply to this hand "
        "(Everyone passed: yes).; bid: Bid does not apply to this hand (Everyone passed: yes)."
    )
    assert error.field == "bidder"


def test_a_fact_of_a_house_rule_the_game_was_not_started_with_is_refused():
    error = refused_import(one_game("ducks-and-geese", [{"facts": {**DUCKS_HAND, "blind": True}}]))
    assert "hand 1, blind: Bid blind is only recorded with the house rule “Blind bids”" in str(
        error
    )


CHEVALIER_DISCARD = {
    "bidder": 0,
    "bid": 10,
    "bidders_clean": 4,
    "bidders_poisoned": 4,
    "defenders_poisoned": 0,
    "discarded_poison": True,
}


def test_a_file_scored_under_the_old_sweep_is_refused_saying_which_value():
    # Written before the correction: 4 clean + 4 poisoned with the fifth 7
    # discarded was scored as a made sweep, 12 to 2. It is a failed bid: 0 to 12.
    hand = {"facts": CHEVALIER_DISCARD, "awards": [12, 2], "totals": [12, 2]}
    error = refused_import(one_game("chevalier", [hand], rules_version=OLD_CHEVALIER))
    assert str(error) == (
        "Game 1 (Chevalier), hand 1, awards: the file says [12, 2], but the rules make it "
        f"[0, 12] (the file was scored under “{OLD_CHEVALIER}”). Correct it, or leave it "
        "out to have it worked out."
    )
    assert (error.hand, error.field) == (1, "awards")


def test_a_file_without_derived_values_is_scored_and_carries_the_current_rules():
    text = one_game("chevalier", [{"facts": CHEVALIER_DISCARD}], rules_version=OLD_CHEVALIER)
    (game,) = load(text)
    assert game.final_totals == [0, 12]
    assert game.rules_version == REGISTRY["chevalier"].rules_version


def test_totals_in_a_file_must_be_the_running_totals():
    data = valid_file()
    data["games"][0]["hands"][1]["totals"][0] += 1
    error = refused_import(json.dumps(data))
    assert (error.game, error.hand, error.field) == (1, 2, "totals")
    assert "Game 1 (Coralon), hand 2, totals: the file says" in str(error)


def test_payments_in_a_file_must_be_the_hand_s_ledger():
    make_case("baronet")
    data = json.loads(export())
    wipe()
    data["games"][0]["hands"][0]["payments"][0]["coins"] += 1
    error = refused_import(json.dumps(data))
    assert (error.hand, error.field) == (1, "payments")
    assert (
        "the file says Ben pays Ana 7; Dee pays Ana 6; Eli pays Cy 6, but the rules make it "
        "Ben pays Ana 6; Dee pays Ana 6; Eli pays Cy 6."
    ) in str(error)


def test_a_winner_in_a_file_must_be_the_winner_the_rules_find():
    exact = {"bidder": 1, "bid": 13, "bidders_tricks": 13}
    make_game("coralon-partners", hands=[exact] * 5)
    data = json.loads(export())
    wipe()
    data["games"][0]["winner"]["sides"] = ["Ana & Cy"]
    error = refused_import(json.dumps(data))
    assert str(error).startswith(
        "Game 1 (Coralon Partners), winner: the file says 'Ana & Cy', but the rules make it "
        "'Ben & Dee'."
    )
    data["games"][0]["winner"] = None
    assert "winner: the file says none, but the rules make it 'Ben & Dee'" in str(
        refused_import(json.dumps(data))
    )
    data["games"][0]["winner"] = {"sides": ["  ben &  DEE "], "reason": ""}  # as names match
    (game,) = load(json.dumps(data))
    assert game.winner_name == "Ben & Dee"


def test_a_settle_up_in_a_file_must_be_the_one_the_balances_need():
    make_case("up-and-down")
    data = json.loads(export())
    wipe()
    data["games"][0]["settle_up"] = []
    error = refused_import(json.dumps(data))
    assert str(error) == (
        "Game 1 (Up and Down), settle_up: the file says none, but the rules make it Ben pays "
        "Ana 1; Cy pays Ana 1; Dee pays Ana 1; Eli pays Ana 1. Correct it, or leave it out to "
        "have it worked out."
    )


@pytest.mark.parametrize(
    "text, message",
    [
        ("{", "The file is not JSON"),
        ("[]", "not a vinescore games file"),
        ('{"format": "other", "version": 1, "games": []}', '"format" is not "vinescore-games"'),
        ('{"format": "vinescore-games", "version": 2, "games": []}', "version 2"),
        ('{"format": "vinescore-games", "version": 1}', 'no "games" list'),
        ('{"format": "vinescore-games", "version": 1, "games": [7]}', "Game 1: a game record"),
    ],
)
def test_a_file_that_is_not_a_games_file_is_refused(text, message):
    with pytest.raises(RecordInvalid) as caught:
        load(text)
    assert message in str(caught.value)
    assert not Game.objects.exists()


# --- the commands -----------------------------------------------------------


def test_the_commands_export_to_a_file_and_import_it(tmp_path):
    coralon, duel, pad = make_case("coralon"), make_case("duel"), make_case("pad")
    path = tmp_path / "games.json"
    call_command("export_games", "-o", str(path), stderr=io.StringIO())
    text = path.read_text(encoding="utf-8")
    stdout = io.StringIO()
    call_command("export_games", stdout=stdout)
    assert stdout.getvalue() == text == export()

    some = tmp_path / "some.json"
    call_command(
        "export_games", "--game", str(duel.pk), str(pad.pk), "-o", str(some), stderr=io.StringIO()
    )
    assert [g["game"] for g in json.loads(some.read_text(encoding="utf-8"))["games"]] == [
        "duel",
        "pad",
    ]
    assert coralon.pk

    wipe()
    out = io.StringIO()
    call_command("import_games", str(path), stdout=out)
    assert out.getvalue() == "Imported 3 games.\n"
    assert export() == text


def test_the_export_command_refuses_an_unknown_game():
    with pytest.raises(CommandError, match="No game with id 999"):
        call_command("export_games", "--game", "999")


def test_the_import_command_reports_a_bad_record_and_saves_nothing(tmp_path):
    data = valid_file()
    break_tricks(data["games"][0])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CommandError) as caught:
        call_command("import_games", str(path), stdout=io.StringIO())
    assert str(caught.value) == (
        "Game 1 (Coralon), hand 2, tricks: Tricks: 13 in a 4-player hand; these add up to 14."
    )
    assert not Game.objects.exists()
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_games", str(tmp_path / "missing.json"))


# --- a hand after the win ---------------------------------------------------

BEN_MAKES_6 = {"bidder": 1, "bid": 6, "tricks": [2, 6, 2, 3]}  # 6 a hand: 42 of 40 on hand 7
AFTER_THE_WIN = (
    "Game 2 (Coralon), hand 8 comes after the game was won on hand 7: a won game takes no "
    "more hands. Leave it out, or give the target the table played on to."
)


def won_on_hand_7_and_an_eighth_hand() -> dict:
    """A file of two games: one still going, then a Coralon game to 40 that
    Ben won on hand 7, with an 8th hand after it."""
    make_game(target=40, hands=[BEN_MAKES_6] * 2)
    make_game(target=40, hands=[BEN_MAKES_6] * 7)
    data = json.loads(export())
    won = data["games"][1]
    assert won["winner"]["sides"] == ["Ben"]
    won["hands"].append({"facts": won["hands"][-1]["facts"]})
    wipe()
    return data


def test_the_import_command_refuses_a_hand_after_the_win_and_saves_nothing(tmp_path):
    path = tmp_path / "won.json"
    path.write_text(json.dumps(won_on_hand_7_and_an_eighth_hand()), encoding="utf-8")
    with pytest.raises(CommandError) as caught:
        call_command("import_games", str(path), stdout=io.StringIO())
    assert str(caught.value) == AFTER_THE_WIN
    assert not Game.objects.exists() and not Hand.objects.exists()


def test_the_same_game_played_on_to_a_higher_target_imports():
    data = won_on_hand_7_and_an_eighth_hand()
    data["games"][1]["target"] = 100  # reopened to play on, as the sheet does it
    del data["games"][1]["winner"]
    going, played_on = load(json.dumps(data))
    assert played_on.hand_count == 8 and not played_on.is_finished
    assert played_on.final_totals == [0, 48, 0, 0]


def test_a_session_the_table_ends_takes_every_hand_until_it_ends():
    # No target decides a coin session or a score pad without one: the
    # table's end does, after the last hand.
    session = make_case("baronet")
    pad = make_game("pad", NAMES[:3], target=None, hands=[{"points": [10, 0, 0]}] * 9)
    for game in (session, pad):
        game.end_session()
    text = export()
    wipe()
    imported = load(text)
    assert [g.hand_count for g in imported] == [session.hand_count, 9]
    assert all(g.is_finished for g in imported)


# --- the schema --------------------------------------------------------------

VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def schema_errors(value) -> list[str]:
    """Where `value` breaks the schema, as JSON paths ("$.games[0].target")."""
    return [f"{e.json_path}: {e.message}" for e in VALIDATOR.iter_errors(value)]


def test_the_schema_is_a_valid_draft_2020_12_schema():
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_the_example_matches_the_schema():
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert schema_errors(example) == []


@pytest.mark.parametrize("kind", sorted(CASES))
def test_every_games_export_matches_the_schema(kind):
    make_case(kind)
    assert schema_errors(json.loads(export())) == []


def test_a_finished_coin_session_exports_its_settle_up_and_matches_the_schema():
    make_case("up-and-down")
    data = json.loads(export())
    # Ana and Cy won the first hand (34 and 33), then Cy took back (Cy 29,
    # everyone else 1 up): Ana ends 4 up on the stakes of 30 and the other
    # four 1 down each, so each of them pays Ana 1.
    assert data["games"][0]["hands"][-1]["totals"] == [34, 29, 29, 29, 29]
    assert data["games"][0]["settle_up"] == [
        {"payer": seat, "payee": 0, "coins": 1} for seat in (1, 2, 3, 4)
    ]
    assert schema_errors(data) == []


@pytest.mark.parametrize(
    "change, error",
    [
        (lambda d: d.pop("version"), "$: 'version' is a required property"),
        (lambda d: d["games"][0].pop("players"), "$.games[0]: 'players' is a required"),
        (lambda d: d["games"][0].update(target="30"), "$.games[0].target: '30' is not"),
        (lambda d: d["games"][0]["hands"][0].update(facts=[1]), "$.games[0].hands[0].facts:"),
        (lambda d: d["games"][0].update(winner={"sides": []}), "$.games[0].winner:"),
        (lambda d: d["games"][0].update(first_dealer=True), "$.games[0].first_dealer: True"),
        (
            lambda d: d["games"][0].update(settle_up=[{"payer": 0, "coins": 3}]),
            "$.games[0].settle_up:",
        ),
    ],
)
def test_the_schema_catches_a_wrong_shape(change, error):
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    broken = copy.deepcopy(example)
    change(broken)
    errors = schema_errors(broken)
    assert any(e.startswith(error) for e in errors), errors


# --- a property ---------------------------------------------------------------


@st.composite
def coralon_games(draw):
    players = draw(st.integers(3, 6))
    size = REGISTRY["coralon"].hand_size(players)
    zero = draw(st.booleans())
    hands = []
    for _ in range(draw(st.integers(0, 8))):
        cuts = sorted(
            draw(st.lists(st.integers(0, size), min_size=players - 1, max_size=players - 1))
        )
        tricks = [b - a for a, b in zip([0, *cuts], [*cuts, size], strict=True)]
        bids = list(range(2, size + 1)) + (["zero"] if zero else [])
        hands.append(
            {
                "bidder": draw(st.integers(0, players - 1)),
                "bid": draw(st.sampled_from(bids)),
                "tricks": tricks,
            }
        )
    target = draw(st.integers(5, 60))
    return players, ["zero"] if zero else [], target, hands


class ImportOfExportKeepsTheScore(TestCase):
    @settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(game=coralon_games(), dealer=st.integers(0, 2))
    def test_random_coralon_games_keep_their_totals_and_winner(self, game, dealer):
        players, options, target, hands = game
        original = make_game(
            "coralon",
            NAMES[:players],
            options=options,
            target=target,
            first_dealer=dealer,
            hands=hands,
        )
        before = outcome(original)
        won_on = original.played()[1].decided_at
        text = export()
        wipe()
        if won_on is not None and won_on < len(hands):
            # A hand the sheet would have refused once the game was won.
            after = f"hand {won_on + 1} comes after the game was won on hand {won_on}"
            with pytest.raises(RecordInvalid, match=after):
                load(text)
            assert not Game.objects.exists()
            return
        (imported,) = load(text)
        assert outcome(imported) == before
        assert export() == text
