"""How long a game took, first hand to last: on the sheet, the cards, History
and in the records."""

import csv
import io
import json
from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone
from hypothesis import given
from hypothesis import settings as examples
from hypothesis import strategies as st

from tests.factories import default_group, make_game
from vinescore.records.export import write_records
from vinescore.records.format import RecordInvalid
from vinescore.records.importer import import_records
from vinescore.records.reader import read_records
from vinescore.table.models import Game, Hand, duration_words

pytestmark = pytest.mark.django_db
MISS = {"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}
EVENING = datetime(2026, 11, 3, 19, 30, tzinfo=UTC)


def played_over(game: Game, minutes: list[int]) -> Game:
    """Give the game's hands these times, in minutes after 19:30."""
    for hand, m in zip(game.hands.order_by("position"), minutes, strict=True):
        Hand.objects.filter(pk=hand.pk).update(created_at=EVENING + timedelta(minutes=m))
    game.refresh_result()  # a new version of the game: its pages are drawn again
    return game


@pytest.mark.parametrize(
    "seconds, words",
    [
        (0, ""),
        (20, "1 min"),
        (89, "1 min"),
        (90, "2 min"),
        (25 * 60, "25 min"),
        (60 * 60, "1 h"),
        (85 * 60, "1 h 25 min"),
    ],
)
def test_a_duration_reads_as_a_scorekeeper_says_it(seconds, words):
    assert duration_words(EVENING, EVENING + timedelta(seconds=seconds)) == words


def test_the_sheet_card_and_history_say_how_long_the_game_took(client):
    game = played_over(make_game(hands=[MISS] * 3), [0, 40, 85])
    assert "Played for 1 h 25 min" in client.get(game.get_absolute_url()).content.decode()
    assert "3 hands in 1 h 25 min" in client.get("/").content.decode()
    assert "3 hands in 1 h 25 min" in client.get("/history/").content.decode()


def test_a_game_of_seconds_reads_the_same_on_the_sheet_and_in_history(client):
    game = make_game(hands=[MISS] * 2)
    first, second = game.hands.order_by("position")
    Hand.objects.filter(pk=first.pk).update(created_at=EVENING)
    Hand.objects.filter(pk=second.pk).update(created_at=EVENING + timedelta(seconds=40))
    game.refresh_result()
    assert "Played for 1 min" in client.get(game.get_absolute_url()).content.decode()
    assert "2 hands in 1 min" in client.get("/history/").content.decode()


def test_a_deleted_last_hand_no_longer_counts(client):
    game = played_over(make_game(hands=[MISS] * 3), [0, 20, 85])
    last = game.live_hands()[-1]
    client.post(f"/games/{game.pk}/hands/{last.pk}/delete/")
    assert "Played for 20 min" in client.get(game.get_absolute_url()).content.decode()


def test_a_game_of_one_hand_says_nothing_of_its_length(client):
    game = make_game(hands=[MISS])
    assert "Played for" not in client.get(game.get_absolute_url()).content.decode()


def test_the_records_carry_each_hands_time_and_keep_it_through_import(client):
    played_over(make_game(hands=[MISS] * 2), [0, 50])
    out = io.StringIO()
    write_records(Game.objects.all(), out)
    record = json.loads(out.getvalue())["games"][0]
    assert record["duration_seconds"] == 50 * 60
    assert [h["played_at"] for h in record["hands"]] == [
        "2026-11-03T19:30:00.000000Z",
        "2026-11-03T20:20:00.000000Z",
    ]
    Game.objects.all().delete()
    (game,) = import_records(read_records(io.StringIO(out.getvalue())), default_group())
    assert "Played for 50 min" in client.get(game.get_absolute_url()).content.decode()


def test_a_hand_time_that_is_not_a_time_is_refused_naming_the_hand():
    game = make_game(hands=[MISS] * 2)
    out = io.StringIO()
    write_records(Game.objects.filter(pk=game.pk), out)
    data = json.loads(out.getvalue())
    data["games"][0]["hands"][1]["played_at"] = "after tea"
    with pytest.raises(RecordInvalid, match="hand 2, played_at: must be an ISO 8601 time"):
        import_records(read_records(io.StringIO(json.dumps(data))), default_group())
    assert Game.objects.count() == 1


def test_the_csv_sheet_says_when_each_hand_was_scored(client):
    game = played_over(make_game(hands=[MISS] * 2), [0, 50])
    response = client.get(f"/games/{game.pk}/export.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][-1] == "played at"
    assert [row[-1] for row in rows[1:]] == [
        "2026-11-03T19:30:00.000000Z",
        "2026-11-03T20:20:00.000000Z",
    ]


def test_the_sheet_reads_the_hands_in_play_as_they_were_stored():
    # The hands in play, by position, each with the time it was scored.
    game = make_game(hands=[MISS, {**MISS, "bidder": 1}, {**MISS, "bidder": 2}])
    played_over(game, [0, 35, 65])
    second = game.hands.order_by("position")[1]
    Hand.objects.filter(pk=second.pk).update(deleted_at=EVENING)
    # Stored out of order: the sheet goes by position, not by the row's id.
    first = game.hands.order_by("position")[0]
    Hand.objects.filter(pk=first.pk).update(position=9)

    hands = Game.objects.get(pk=game.pk).live_hands()

    stored = game.hands.filter(deleted_at__isnull=True).order_by("position")
    assert [(h.pk, h.facts, h.played_at) for h in hands] == [
        (h.pk, h.facts, h.created_at) for h in stored
    ]
    assert [h.facts["bidder"] for h in hands] == [2, 0]
    assert [h.played_at for h in hands] == [
        EVENING + timedelta(minutes=65),
        EVENING,
    ]
    assert all(h.played_at.utcoffset() == timedelta(0) for h in hands)


def test_a_hand_kept_on_a_phone_is_stamped_when_it_was_played(client):
    game = make_game()
    Game.objects.filter(pk=game.pk).update(created_at=timezone.now() - timedelta(hours=1))
    played = timezone.now() - timedelta(minutes=20)
    response = client.post(
        f"/games/{game.pk}/hands/",
        {
            "bidder": "0",
            "bid": "5",
            "tricks": ["3", "4", "4", "2"],
            "played_at": played.isoformat(),
        },
    )
    assert response.status_code == 302
    assert Hand.objects.get().created_at == played


@pytest.mark.parametrize(
    "sent", ["in an hour", "before the game", "after tea", "not sent"], ids=str
)
def test_a_played_time_out_of_bounds_or_unreadable_is_taken_within_them(client, sent):
    game = make_game()
    started = timezone.now() - timedelta(hours=1)
    Game.objects.filter(pk=game.pk).update(created_at=started)
    times = {
        "in an hour": (timezone.now() + timedelta(hours=1)).isoformat(),
        "before the game": (started - timedelta(days=2)).isoformat(),
        "after tea": "after tea",
    }
    data = {"bidder": "0", "bid": "5", "tricks": ["3", "4", "4", "2"]}
    if sent in times:
        data["played_at"] = times[sent]
    before = timezone.now()
    response = client.post(f"/games/{game.pk}/hands/", data)
    assert response.status_code == 302
    stamped = Hand.objects.get().created_at
    if sent == "before the game":
        assert stamped == started
    else:  # the server's time: never later than now
        assert before <= stamped <= timezone.now()


def test_a_card_says_how_long_as_the_hands_in_play_say_it(client):
    game = played_over(make_game(hands=[MISS] * 3), [0, 20, 85])
    last = game.live_hands()[-1]
    client.post(f"/games/{game.pk}/hands/{last.pk}/delete/")
    assert "2 hands in 20 min" in client.get("/history/").content.decode()
    client.post(f"/games/{game.pk}/hands/{last.pk}/restore/")
    assert "3 hands in 1 h 25 min" in client.get("/history/").content.decode()


def test_an_imported_game_says_how_long_it_took_on_its_card(client):
    played_over(make_game(hands=[MISS] * 2), [0, 50])
    out = io.StringIO()
    write_records(Game.objects.all(), out)
    Game.objects.all().delete()
    import_records(read_records(io.StringIO(out.getvalue())), default_group())
    assert "2 hands in 50 min" in client.get("/history/").content.decode()


@examples(max_examples=25, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["scored", "scored offline", "scored after a replay", "deleted", "restored"]
        ),
        max_size=8,
    )
)
def test_a_games_play_times_are_always_those_of_its_hands_in_play(steps):
    """However hands come and go (scored, scored on a phone that was offline,
    deleted, restored), the game's row says when its first and last hand in
    play were scored, as reading the hands does."""
    game = make_game(target=99_999)
    Game.objects.filter(pk=game.pk).update(created_at=timezone.now() - timedelta(hours=2))
    game = Game.objects.get(pk=game.pk)
    for i, step in enumerate(steps):
        live = game.hands.filter(deleted_at__isnull=True).order_by("position")
        gone = game.hands.filter(deleted_at__isnull=False).order_by("position")
        if step.startswith("scored"):
            facts = game.rules.clean(MISS, game.sheet().next_table)
            when = timezone.now() - timedelta(minutes=90 - i) if "offline" in step else None
            played = game.sheet() if "replay" in step else None
            game.add_hand(facts, played=played, played_at=when)
        elif step == "deleted" and live.exists():
            game.delete_hand(live.last())
        elif step == "restored" and gone.exists():
            game.restore_hand(gone.first())
    game = Game.objects.get(pk=game.pk)
    hands = game.live_hands()
    read = (hands[0].played_at, hands[-1].played_at) if hands else (None, None)
    assert (game.first_hand_at, game.last_hand_at) == read
