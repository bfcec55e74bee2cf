"""Two phones at the same instant, for real: each change runs in its own
thread with its own database connection, all released by one barrier, twenty
times over. Exactly one is stored, the other is told 409, nothing answers
5xx, and the game's stored outcome equals replaying its hands.

Row locks are PostgreSQL's (SQLite runs writers one at a time and has no
concurrent test database), so these run on PostgreSQL, as CI does."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection, connections
from django.test import Client

from tests.factories import NAMES, make_game, make_member
from vinescore.table.models import Game, GameChange, Player

pytestmark = pytest.mark.django_db(transaction=True)
REPEATS = 20
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
BEN_MAKES_4 = {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "4"]}
ANA_MAKES_2 = {"bidder": "0", "bid": "2", "tricks": ["2", "4", "4", "3"]}
HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def on_postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL's row locks: CI runs the suite on PostgreSQL")


def race(*calls: Callable[[], object]) -> list:
    """Each call in its own thread, all started by one barrier."""
    barrier = threading.Barrier(len(calls))
    answers: list = [None] * len(calls)

    def run(i: int, call: Callable[[], object]) -> None:
        try:
            barrier.wait()
            answers[i] = call()
        except Exception as error:  # the test reports it, not the thread
            answers[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return answers


def phone(path: str, data: dict, **headers):
    """A signed-in phone's post, ready to send from a thread of its own."""
    client = Client()
    client.force_login(make_member("member"))
    return lambda: client.post(path, data, headers=headers)


def assert_one_stored_one_refused(answers: list, stored: int) -> None:
    statuses = sorted(getattr(a, "status_code", repr(a)) for a in answers)
    assert statuses == sorted([stored, 409]), statuses


def assert_outcome_equals_the_hands(game: Game) -> None:
    game.refresh_from_db()
    hands, sheet = game.played()
    assert game.hand_count == len(hands) == len(sheet.rows)
    assert game.final_totals == list(sheet.totals)


def drawn(game: Game, key: str) -> dict:
    game.refresh_from_db()
    return {"version": str(game.version), "key": key}


def test_two_phones_scoring_the_same_next_hand_store_it_once():
    for _ in range(REPEATS):
        game = make_game(hands=[EXACT_BEN])
        path = f"/games/{game.pk}/hands/"
        answers = race(
            phone(path, {**BEN_MAKES_4, **drawn(game, "a" * 20)}, **HTMX),
            phone(path, {**BEN_MAKES_4, **drawn(game, "b" * 20)}, **HTMX),
        )
        assert_one_stored_one_refused(answers, 200)
        refused = next(a for a in answers if a.status_code == 409)
        assert "Hand 2 was already entered on another phone" in refused.content.decode()
        assert game.hands.count() == 2
        assert_outcome_equals_the_hands(game)


def test_an_edit_racing_a_delete_of_the_same_hand_is_never_lost_silently():
    for _ in range(REPEATS):
        game = make_game(hands=[EXACT_BEN, EXACT_BEN])
        hand = game.hands.get(position=2)
        base = f"/games/{game.pk}/hands/{hand.pk}"
        answers = race(
            phone(f"{base}/edit/", {**ANA_MAKES_2, **drawn(game, "e" * 20)}),
            phone(f"{base}/delete/", drawn(game, "d" * 20)),
        )
        assert_one_stored_one_refused(answers, 302)
        hand.refresh_from_db()
        edited = hand.facts != EXACT_BEN
        deleted = hand.deleted_at is not None
        assert edited != deleted  # exactly one of them happened
        assert GameChange.objects.filter(game=game, hand=hand).count() == 2  # added + one
        assert_outcome_equals_the_hands(game)


def test_two_undos_at_once_delete_the_last_hand_once():
    for _ in range(REPEATS):
        game = make_game(hands=[EXACT_BEN, EXACT_BEN])
        last = game.hands.get(position=2)
        path = f"/games/{game.pk}/hands/{last.pk}/delete/"
        answers = race(phone(path, drawn(game, "u" * 20)), phone(path, drawn(game, "v" * 20)))
        assert_one_stored_one_refused(answers, 302)
        assert game.changes.filter(action=GameChange.DELETED).count() == 1
        assert_outcome_equals_the_hands(game)


def test_two_restores_at_once_restore_once():
    for _ in range(REPEATS):
        game = make_game(hands=[EXACT_BEN, EXACT_BEN])
        last = game.hands.get(position=2)
        game.delete_hand(last)
        path = f"/games/{game.pk}/hands/{last.pk}/restore/"
        answers = race(phone(path, drawn(game, "r" * 20)), phone(path, drawn(game, "s" * 20)))
        assert_one_stored_one_refused(answers, 302)
        assert game.changes.filter(action=GameChange.RESTORED).count() == 1
        assert_outcome_equals_the_hands(game)


def test_the_same_submit_sent_twice_at_once_is_stored_once():
    for _ in range(REPEATS):
        game = make_game(hands=[EXACT_BEN])
        same = {**BEN_MAKES_4, **drawn(game, "k" * 20)}
        path = f"/games/{game.pk}/hands/"
        answers = race(phone(path, same, **HTMX), phone(path, same, **HTMX))
        assert [a.status_code for a in answers] == [200, 200]
        safe = "Hand 2 is in: it was sent twice and stored once"
        assert any(safe in a.content.decode() for a in answers)
        assert game.hands.count() == 2
        assert_outcome_equals_the_hands(game)


def test_the_same_note_sent_twice_at_once_is_stored_once():
    for _ in range(REPEATS):
        game = make_game(hands=[EXACT_BEN])
        same = {"note": "Pizza", **drawn(game, "n" * 20)}
        path = f"/games/{game.pk}/note/"
        answers = race(phone(path, same), phone(path, same))
        assert [getattr(a, "status_code", repr(a)) for a in answers] == [302, 302]
        assert game.changes.filter(action=GameChange.NOTE).count() == 1


def test_two_devices_setting_up_a_fresh_install_make_one_owner():
    from django.contrib.auth import get_user_model

    from tests.factories import PASSWORD
    from vinescore.accounts.models import Group

    for _ in range(REPEATS):
        get_user_model().objects.all().delete()
        Group.objects.all().delete()

        def owner(name: str):
            details = {"username": name, "email": f"{name}@example.com", "group": name}
            data = details | {"password1": PASSWORD, "password2": PASSWORD}
            return lambda: Client().post("/welcome/", data)

        answers = race(owner("ana"), owner("ben"))
        assert_one_stored_one_refused(answers, 302)
        refused = next(a for a in answers if a.status_code == 409)
        assert "vinescore was set up on another device a moment ago" in refused.content.decode()
        assert get_user_model().objects.count() == 1 and Group.objects.count() == 1


def test_two_phones_starting_games_with_the_same_new_name_seat_one_player():
    ana = make_game().seats.get(position=0).player
    for attempt in range(REPEATS):
        # One new name, spelled two ways, and another new name, on both phones.
        data = [
            {"seat_1": ana.pk, "seat_2_name": zed, "seat_3_name": f"Yan {attempt}"}
            for zed in (f"ZED {attempt}", f"ｚｅｄ {attempt}")
        ]
        answers = race(*(phone("/games/new/coralon/", d | {"first_dealer": "0"}) for d in data))
        statuses = [getattr(a, "status_code", repr(a)) for a in answers]
        assert statuses == [302, 302], statuses
        zed = Player.objects.get(name_key=f"zed {attempt}")
        yan = Player.objects.get(name_key=f"yan {attempt}")
        for game in Game.objects.order_by("-pk")[:2]:
            assert game.seated_players() == [ana, zed, yan]


def test_hands_in_games_that_share_players_are_each_stored_once():
    """A club night: six games going at once, all seated from the same five
    names in other orders (someone keeping two games going, a game and its
    rematch). Each round, two phones at every table score the same next hand
    at the same instant: no game waits on another's players, nothing
    deadlocks, and each table stores its hand once."""
    rounds = 6
    # Twelve tables from five names: each seats four, in its own order.
    seatings = [tuple(NAMES[(i + k * (1 + i // 5)) % 5] for k in range(4)) for i in range(12)]
    games = [make_game(names=seats, target=99_999, hands=[EXACT_BEN]) for seats in seatings]
    assert len({p.pk for g in games for p in g.seated_players()}) == 5
    for played in range(1, rounds + 1):
        calls = []
        for game in games:
            path = f"/games/{game.pk}/hands/"
            calls += [
                phone(
                    path,
                    {**BEN_MAKES_4, **drawn(game, f"{side}{game.pk}-{played}".ljust(20, "x"))},
                    **HTMX,
                )
                for side in "ab"
            ]
        answers = race(*calls)
        for pair in zip(answers[::2], answers[1::2], strict=True):
            assert_one_stored_one_refused(list(pair), 200)
            stored = next(a for a in pair if a.status_code == 200).content.decode()
            refused = next(a for a in pair if a.status_code == 409).content.decode()
            assert f"Hand {played + 2} ·" in stored
            assert f"Hand {played + 1} was already entered on another phone" in refused
    for game in games:
        assert game.hands.count() == 1 + rounds
        assert game.changes.filter(action=GameChange.ADDED).count() == 1 + rounds
        assert_outcome_equals_the_hands(game)


def test_a_player_renamed_while_their_tables_score_deadlocks_nothing():
    """Ben is renamed on one phone while three tables he sits at each score a
    hand: every change also writes when the group's games changed (History
    is kept by it), after locking its games, so nothing waits in a circle.
    The rename is stored; each hand is stored, or, where the rename came
    first, its phone is told the game changed meanwhile (409); nothing
    answers 5xx, and History names him by his new name at once."""
    games = [
        make_game(names=seats, target=99_999)
        for seats in (NAMES[:4], NAMES[1:5], (NAMES[1], NAMES[0], NAMES[2], NAMES[4]))
    ]
    ben = Player.objects.get(name="Ben")
    member = Client()
    member.force_login(make_member("member"))
    member.get("/history/")  # kept, as a phone between games finds it
    stored = [0] * len(games)
    for attempt in range(REPEATS):
        name = f"Benedict {attempt}"
        hands = [
            phone(f"/games/{game.pk}/hands/", {**ANA_MAKES_2, **drawn(game, "")}, **HTMX)
            for game in games
        ]
        rename = phone(f"/players/{ben.pk}/rename/", {"name": name})
        answers = race(rename, *hands)
        statuses = [getattr(a, "status_code", repr(a)) for a in answers]
        assert statuses[0] == 302 and set(statuses[1:]) <= {200, 409}, statuses
        for i, status in enumerate(statuses[1:]):
            stored[i] += status == 200
        ben.refresh_from_db()
        assert ben.name == name
        history = member.get("/history/").content.decode()
        assert f"{name}<" in history and f"Benedict {attempt - 1}<" not in history
    for game, count in zip(games, stored, strict=True):
        assert game.hands.count() == count
        assert_outcome_equals_the_hands(game)
