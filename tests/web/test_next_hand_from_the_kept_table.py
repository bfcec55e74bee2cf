"""A hand entered in this process keeps the game as it left it (hands,
sheet, seats) once committed, so the next hand entered here reads neither
the hands nor the seats; any other change, or a change rolled back, leaves
the next hand to read the table as it stands."""

import contextlib
from dataclasses import asdict

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.factories import make_game
from vinescore.live import hub
from vinescore.table import models
from vinescore.table.models import KEPT, Game, Seat

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
MISS = {"bidder": "0", "bid": "5", "tricks": ["3", "4", "4", "2"]}  # Ana misses: others score
MADE = {"bidder": "1", "bid": "3", "tricks": ["3", "4", "4", "2"]}  # Ben makes 3 with 4


@pytest.fixture(autouse=True)
def nothing_kept():
    KEPT.clear()
    yield
    KEPT.clear()


def enter(client, game: Game, hand: dict, commit):
    with commit(execute=True), CaptureQueriesContext(connection) as ctx:
        response = client.post(f"/games/{game.pk}/hands/", hand, headers=HTMX)
    assert response.status_code == 200, response.content.decode()
    read = [q["sql"] for q in ctx.captured_queries if q["sql"].startswith("SELECT")]
    return response.content.decode(), read


def test_the_next_hand_scores_from_the_table_the_last_one_left(
    client, django_capture_on_commit_callbacks
):
    game = make_game(hands=[])
    _, first = enter(client, game, MISS, django_capture_on_commit_callbacks)
    assert any("table_hand" in sql for sql in first) and any("table_seat" in sql for sql in first)
    page, second = enter(client, game, MADE, django_capture_on_commit_callbacks)
    assert not any('FROM "table_hand"' in sql or "table_seat" in sql for sql in second), second
    assert "Hand 2 scored" in page
    game.refresh_from_db()
    # The same totals as the game replayed from what the database holds.
    assert game.final_totals == list(game.sheet().totals) == [3, 8, 8, 4]
    assert list(game.seats.values_list("total", flat=True)) == [3, 8, 8, 4]


def test_a_hand_after_an_edit_scores_from_the_edited_table(
    client, django_capture_on_commit_callbacks
):
    game = make_game(hands=[])
    enter(client, game, MISS, django_capture_on_commit_callbacks)
    first = game.live_hands()[0]
    edit = {"bidder": "0", "bid": "3", "tricks": ["3", "4", "4", "2"]}  # Ana made it after all
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/games/{game.pk}/hands/{first.pk}/edit/", edit)
    assert response.status_code == 302
    page, read = enter(client, game, MADE, django_capture_on_commit_callbacks)
    assert any('FROM "table_hand"' in sql for sql in read)
    game.refresh_from_db()
    assert game.final_totals == list(game.sheet().totals) == [6, 4, 4, 2]
    assert "Hand 2 scored" in page


def test_a_hand_rolled_back_is_not_kept(client, django_capture_on_commit_callbacks):
    game = make_game(hands=[])
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            locked = Game.objects.select_for_update().get(pk=game.pk)
            hands, sheet = locked.played_as_locked()
            locked.add_hand(
                game.rules.clean({"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}, sheet.next_table),
                played=sheet,
                hands=hands,
            )
            raise RuntimeError("the connection dropped before the commit")
    page, read = enter(client, game, MADE, django_capture_on_commit_callbacks)
    assert any('FROM "table_hand"' in sql for sql in read)
    assert "Hand 1 scored" in page
    game.refresh_from_db()
    assert game.final_totals == [3, 4, 4, 2]


def committed(execute: bool):
    """Each request's own commit, its news told as it is answered."""
    return contextlib.nullcontext()


class TwoProcesses:
    """Hands entered here or there (each process its own KEPT), and the
    news each told, as a NOTIFY carries it."""

    def __init__(self, client, monkeypatch) -> None:
        self.client, self.monkeypatch = client, monkeypatch
        self.kept = {"here": models.KEPT, "there": models.KeptTables()}
        self.told: list[str] = []
        monkeypatch.setattr(hub, "publish", self.publish)

    def publish(self, pk, news) -> None:
        news = news if isinstance(news, hub.News) else hub.News(news)
        self.told.append(news.payload(pk))

    def enter(self, where: str, game: Game, hand: dict):
        self.monkeypatch.setattr(models, "KEPT", self.kept[where])
        return enter(self.client, game, hand, committed)


@pytest.mark.django_db(transaction=True)
def test_a_hand_entered_in_another_process_is_taken_from_its_news(client, monkeypatch):
    # Two app processes take a table's hands in turn: each keeps the table
    # its own last hand left, and hears from the other's news the hand that
    # came after it, so neither reads the hands or seats for the next.
    game = make_game(hands=[])
    processes = TwoProcesses(client, monkeypatch)
    processes.enter("here", game, MISS)
    _, read = processes.enter("there", game, MADE)
    assert any('FROM "table_hand"' in sql for sql in read)  # it had kept nothing
    for payload in processes.told:
        hub.streams.heard(payload)
    game.refresh_from_db()
    hands, sheet = processes.kept["here"].take(game)  # as hand 2 left it, seats and all
    assert [hand.facts for hand in hands] == [hand.facts for hand in game.live_hands()]
    for seat in game.seats.all():
        summary = asdict(sheet.seat_summary(seat.position))
        stored = Seat.objects.filter(pk=seat.pk).values(*summary).get()
        assert {name: getattr(seat, name) for name in summary} == stored == summary
    page, read = processes.enter("here", game, MISS)
    assert not any('FROM "table_hand"' in sql or "table_seat" in sql for sql in read), read
    assert "Hand 3 scored" in page
    game.refresh_from_db()
    # The same totals and seats as the game replayed from what the database holds.
    sheet = game.sheet()
    assert game.final_totals == list(sheet.totals)
    for seat in game.seats.all():
        summary = asdict(sheet.seat_summary(seat.position))
        assert {name: getattr(seat, name) for name in summary} == summary


@pytest.mark.django_db(transaction=True)
def test_news_of_a_hand_that_skips_a_version_here_is_not_taken(client, monkeypatch):
    game = make_game(hands=[])
    processes = TwoProcesses(client, monkeypatch)
    processes.enter("here", game, MISS)
    processes.enter("there", game, MADE)
    processes.enter("there", game, MADE)
    hub.streams.heard(processes.told[-1])  # the news of hand 3 only
    _, read = processes.enter("here", game, MISS)
    assert any('FROM "table_hand"' in sql for sql in read)
    game.refresh_from_db()
    assert game.final_totals == list(game.sheet().totals)
