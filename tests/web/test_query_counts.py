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
    """The htmx hand POST, query by query (README "Where the time goes"): the
    session with who is asking; then, in one transaction, the game locked
    (with their role in its group), the hands in play and the seats with
    their players (to check the new hand against the table and score it),
    the hand and its change-log line inserted, each seat it moved by a
    short UPDATE, the game's new outcome and version, and last when the
    group's games changed (what its History is kept by). The same on both
    databases, for every hand, five seats or four."""
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

    for number in (2, 3):
        sql = enter(number)
        # Every seat's total moved: one short UPDATE a seat.
        assert [q.split()[0] for q in sql] == ["SELECT"] * 4 + ["INSERT"] * 2 + ["UPDATE"] * 7, sql
        read = [q.split(" FROM ", 1)[1].split()[0].strip('"') for q in sql[:4]]
        assert read == ["accounts_session", "table_game", "table_hand", "table_seat"], sql
        assert "FOR UPDATE" in sql[1] or not connection.features.has_select_for_update
        assert 'JOIN "table_player"' in sql[3]
        written = [q.split()[1].strip('"') for q in sql[4:]]
        assert written == ["INTO", "INTO", *["table_seat"] * 5, "table_game", "accounts_group"], sql


@pytest.mark.django_db(transaction=True)
def test_a_hand_on_a_server_is_read_and_written_in_one_transaction(client):
    """Committed as on a server (BEGIN and COMMIT counted, and on PostgreSQL
    the NOTIFY that tells the other processes): the session with who is
    asking; the game locked with their role, its hands and its seats; the
    hand, its log line, each seat moved, the game's outcome and version, and
    when the group's games changed: 14 queries, 15 with PostgreSQL's NOTIFY."""
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
    told = ["SELECT"] if connection.vendor == "postgresql" else []  # pg_notify
    # Each of the four seats' totals moved: an UPDATE a seat, then the
    # game's, then the group's.
    read, written = ["SELECT"] * 3, ["INSERT", "INSERT", *["UPDATE"] * 4, "UPDATE", "UPDATE"]
    assert looked == ["SELECT", "BEGIN", *read, *written, "COMMIT", *told], looked


def test_a_game_gone_from_the_database_is_not_refreshed_in_silence():
    game = make_game(hands=[])
    Game.objects.filter(pk=game.pk).delete()
    with pytest.raises(DatabaseError):
        game.refresh_result()


def test_a_game_whose_hands_are_confirmed_reads_its_waiting_hands_in_one_query_more(client):
    """A club night's table that confirms its hands: the hand POST reads the
    hands waiting, with their numbers, in one query more than any other
    game's, however many wait."""
    htmx = {"HX-Request": "true"}
    plain = make_game(target=99_999, hands=[HAND] * 3)
    confirming = make_game(target=99_999, hands=[HAND] * 3)
    Game.objects.filter(pk=confirming.pk).update(confirms_hands=True)
    counts = []
    for _ in range(2):  # three hands waiting, then four
        counts.append(
            queries(lambda: client.post(f"/games/{confirming.pk}/hands/", POST, headers=htmx))
            - queries(lambda: client.post(f"/games/{plain.pk}/hands/", POST, headers=htmx))
        )
    assert counts == [1, 1]
    assert confirming.hands.filter(confirmed_at=None).count() == 5
