"""A hand is written in one transaction: the hand, its log line, the seats'
figures and the game's outcome, each as a replay of the hands stored gives
them; a hand rolled back leaves nothing, and the next scores from the table
as it stands."""

from dataclasses import asdict

import pytest
from django.db import transaction

from tests.factories import make_game
from vinescore.table.models import Game, GameChange, Hand

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
MISS = {"bidder": "0", "bid": "5", "tricks": ["3", "4", "4", "2"]}  # Ana misses: others score
MADE = {"bidder": "1", "bid": "3", "tricks": ["3", "4", "4", "2"]}  # Ben makes 3 with 4


def enter(client, game: Game, hand: dict, django_capture_on_commit_callbacks) -> str:
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/games/{game.pk}/hands/", hand, headers=HTMX)
    assert response.status_code == 200, response.content.decode()
    return response.content.decode()


def assert_as_replayed(game: Game) -> None:
    """The outcome and every seat's figures as a replay of the stored hands gives them."""
    game.refresh_from_db()
    sheet = game.sheet()
    assert game.final_totals == list(sheet.totals)
    assert game.hand_count == len(sheet.rows)
    assert game.kept_totals() == [list(row.totals) for row in sheet.rows]
    for seat in game.seats.all():
        summary = asdict(sheet.seat_summary(seat.position))
        assert {name: getattr(seat, name) for name in summary} == summary


def test_each_hand_leaves_the_totals_and_seats_a_replay_gives(
    client, django_capture_on_commit_callbacks
):
    game = make_game(hands=[])
    enter(client, game, MISS, django_capture_on_commit_callbacks)
    page = enter(client, game, MADE, django_capture_on_commit_callbacks)
    assert "Hand 2 scored" in page
    assert_as_replayed(game)
    assert game.final_totals == [3, 8, 8, 4]
    assert list(game.seats.values_list("bids", "bids_made")) == [
        (1, 0),
        (1, 1),
        (0, 0),
        (0, 0),
    ]


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
    page = enter(client, game, MADE, django_capture_on_commit_callbacks)
    assert "Hand 2 scored" in page
    assert_as_replayed(game)
    assert game.final_totals == [6, 4, 4, 2]


def test_a_hand_rolled_back_leaves_nothing_and_the_next_scores_as_hand_one(
    client, django_capture_on_commit_callbacks
):
    game = make_game(hands=[])
    logged = GameChange.objects.filter(game=game).count()
    with pytest.raises(RuntimeError), transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        _, sheet = locked.played()
        facts = game.rules.clean({"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}, sheet.next_table)
        locked.add_hand(facts, played=sheet)
        raise RuntimeError("the connection dropped before the commit")
    assert not Hand.objects.filter(game=game).exists()
    assert GameChange.objects.filter(game=game).count() == logged
    assert Game.objects.get(pk=game.pk).version == game.version
    page = enter(client, game, MADE, django_capture_on_commit_callbacks)
    assert "Hand 1 scored" in page
    assert_as_replayed(game)
    assert game.final_totals == [3, 4, 4, 2]


def test_a_long_games_next_hands_score_as_a_replay_of_every_hand(
    client, django_capture_on_commit_callbacks
):
    # From hand 16 on a hand goes on from the last hands shown and the totals
    # kept before them; what it leaves is what replaying all of them gives.
    game = make_game(target=99_999, hands=[])
    for number in range(1, 21):
        page = enter(client, game, MISS if number % 3 else MADE, django_capture_on_commit_callbacks)
        assert f"Hand {number} scored" in page
    assert_as_replayed(game)
    assert game.hand_count == 20
    ben = game.seats.get(position=1)
    assert (ben.bids, ben.bids_made, ben.bid_total) == (6, 6, 18)


def test_an_edit_to_the_first_hand_moves_every_later_row_shown(
    client, django_capture_on_commit_callbacks
):
    # Each row shown is kept under all it prints: hand 1 made after all
    # gives Ana 3 more, in each of the 15 rows shown, not only in hand 1's.
    game = make_game(target=99_999, hands=[])
    for _ in range(20):
        enter(client, game, MISS, django_capture_on_commit_callbacks)
    before = client.get(game.get_absolute_url()).content.decode()
    assert before.count('<tbody id="hand-') == 15
    first = game.live_hands()[0]
    edit = {"bidder": "0", "bid": "3", "tricks": ["3", "4", "4", "2"]}
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/games/{game.pk}/hands/{first.pk}/edit/", edit)
    after = client.get(game.get_absolute_url()).content.decode()
    assert_as_replayed(game)
    for number, totals in enumerate(game.kept_totals()[5:], start=6):
        hand = game.live_hands()[number - 1]
        row = after.split(f'<tbody id="hand-{hand.pk}"', 1)[1].split("</tbody>", 1)[0]
        assert f'<span class="running">{totals[0]}</span>' in row, (number, row)
    assert game.final_totals[0] == 3  # Ana: 3 for hand 1, nothing for her 19 misses
