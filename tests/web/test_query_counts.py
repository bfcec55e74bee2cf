"""The score sheet and hand entry make the same number of SQL queries
whatever the length of the game (times are for `make bench`, never asserted)."""

import pytest
from django.db import DatabaseError, connection
from django.test.utils import CaptureQueriesContext

from tests.factories import make_game
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db
HAND = {"bidder": 0, "bid": 2, "tricks": [2, 4, 4, 3]}
POST = {"bidder": "1", "bid": "2", "tricks": ["2", "4", "4", "3"]}


def queries(call) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = call()
    assert response.status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.parametrize("htmx", [False, True])
def test_the_sheet_queries_do_not_grow_with_the_hands(client, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    short = make_game(target=99_999, hands=[HAND] * 3)
    long = make_game(target=99_999, hands=[HAND] * 60)
    assert queries(lambda: client.get(short.get_absolute_url(), headers=headers)) == queries(
        lambda: client.get(long.get_absolute_url(), headers=headers)
    )


def test_entering_a_hand_makes_as_many_queries_in_a_long_game_as_in_a_short_one(client):
    short = make_game(target=99_999, hands=[HAND] * 3)
    long = make_game(target=99_999, hands=[HAND] * 60)
    htmx = {"HX-Request": "true"}
    assert queries(lambda: client.post(f"/games/{short.pk}/hands/", POST, headers=htmx)) == queries(
        lambda: client.post(f"/games/{long.pk}/hands/", POST, headers=htmx)
    )


def test_the_games_list_queries_do_not_grow_with_the_games(client):
    make_game(hands=[HAND])
    few = queries(lambda: client.get("/"))
    for _ in range(10):
        make_game(hands=[HAND])
    assert queries(lambda: client.get("/")) == few


def test_entering_a_hand_reads_and_writes_only_what_a_hand_needs(
    client, django_capture_on_commit_callbacks
):
    """The htmx hand POST, query by query (README "How many tables"): the
    session with who is asking; then, in one transaction, the game locked
    (with their role in its group), the hand and its change-log line
    inserted, the seats it moved in one UPDATE, the game's new outcome and
    version (on PostgreSQL all four writes in one statement). The hands and
    the seats (to score the new one) are read only when the version the
    lock found was not made by a hand entered in this process. Five seats
    or four, the same."""
    five = make_game(names=("Ana", "Ben", "Cy", "Dee", "Eli"), target=99_999)
    htmx = {"HX-Request": "true"}
    hand = {"bidder": "1", "bid": "2", "tricks": ["2", "3", "2", "2", "2"]}
    client.get(five.get_absolute_url())

    def enter(number: int) -> list[str]:
        five.refresh_from_db()
        with (
            django_capture_on_commit_callbacks(execute=True),
            CaptureQueriesContext(connection) as ctx,
        ):
            response = client.post(
                f"/games/{five.pk}/hands/", {**hand, "version": five.version}, headers=htmx
            )
        assert response.status_code == 200 and f"Hand {number} ·" in response.content.decode()
        # The transaction is a savepoint in the test's (BEGIN and COMMIT on a
        # server, and the NOTIFY that tells the other processes once answered).
        return [q["sql"] for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"]]

    first = enter(2)  # the version the lock finds was made by the test
    assert len(first) == (5 if connection.vendor == "postgresql" else 8), first
    looked = enter(3)  # made by the hand before, entered here
    if connection.vendor == "postgresql":
        written = ["WITH"]
        for part in ("INSERT INTO", "UPDATE table_seat", 'UPDATE "table_game"'):
            assert part in looked[-1]
    else:
        written = ["INSERT"] * 2 + ["UPDATE"] * 2  # the seats, the game
    assert [sql.split()[0] for sql in looked] == ["SELECT"] * 2 + written


@pytest.mark.django_db(transaction=True)
def test_a_hand_after_a_hand_is_six_queries_on_a_server(client):
    """Committed as on a server (BEGIN and COMMIT counted, and on PostgreSQL
    the NOTIFY that tells the other processes): the session with who is
    asking; the game locked with their role; the hand, its log line, the
    seats and the game's outcome and version (one statement on PostgreSQL)."""
    game = make_game(target=99_999)
    htmx = {"HX-Request": "true"}
    client.get(game.get_absolute_url())
    looked = []
    for number in (1, 2):
        game.refresh_from_db()
        with CaptureQueriesContext(connection) as ctx:
            response = client.post(
                f"/games/{game.pk}/hands/", {**POST, "version": game.version}, headers=htmx
            )
        assert response.status_code == 200 and f"Hand {number} scored" in response.content.decode()
        looked = [q["sql"].split()[0] for q in ctx.captured_queries]
    if connection.vendor == "postgresql":
        written = ["WITH", "COMMIT", "SELECT"]  # the last, pg_notify
    else:
        written = ["INSERT", "INSERT", "UPDATE", "UPDATE", "COMMIT"]
    assert looked == ["SELECT", "BEGIN", "SELECT", *written], looked


def test_a_game_gone_from_the_database_is_not_refreshed_in_silence():
    game = make_game(hands=[])
    Game.objects.filter(pk=game.pk).delete()
    with pytest.raises(DatabaseError):
        game.refresh_result()
