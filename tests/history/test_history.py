import datetime as dt
from unittest import mock

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.factories import NAMES, make_game, make_player
from vinescore.history import cards as kept_cards
from vinescore.table.models import Game, Player

pytestmark = pytest.mark.django_db
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def on(game: Game, day: str) -> Game:
    when = timezone.make_aware(dt.datetime.fromisoformat(day + "T20:00"))
    Game.objects.filter(pk=game.pk).update(created_at=when)
    return game


def cards(body: str) -> int:
    return body.count('<a class="card"')


def test_history_lists_games_newest_first_with_winner_and_final_scores(client):
    old = on(make_game(hands=[EXACT_BEN] * 4), "2026-01-05")
    new = on(make_game("chevalier"), "2026-03-01")
    body = client.get("/history/").content.decode()
    assert body.index(f"/games/{new.pk}/") < body.index(f"/games/{old.pk}/")
    assert "🏆 Ben" in body and "Ben <strong>52</strong>" in body
    assert "Ana &amp; Cy <strong>0</strong>" in body


def test_history_filters_by_game_player_status_and_dates(client):
    on(make_game(hands=[EXACT_BEN] * 4), "2026-01-05")
    on(make_game("chevalier"), "2026-03-01")
    on(make_game("pad", ("Eli", "Fay")), "2026-03-02")
    eli = Player.objects.get(name="Eli")
    assert cards(client.get("/history/", {"game": "chevalier"}).content.decode()) == 1
    assert cards(client.get("/history/", {"player": eli.pk}).content.decode()) == 1
    assert cards(client.get("/history/", {"status": "finished"}).content.decode()) == 1
    between = {"start": "2026-02-01", "end": "2026-03-01"}
    assert cards(client.get("/history/", between).content.decode()) == 1


def test_a_date_range_backwards_is_refused_beside_the_field(client):
    response = client.get("/history/", {"start": "2026-03-01", "end": "2026-02-01"})
    assert response.status_code == 422
    assert "The end date is before the start date." in response.content.decode()


@pytest.mark.parametrize("query", [{"game": "snap"}, {"player": "x"}, {"start": "yesterday"}])
def test_nonsense_filters_are_refused_not_failed(client, query):
    assert client.get("/history/", query).status_code == 422


def test_history_is_paginated_and_keeps_the_filters(client):
    for _ in range(25):
        make_game("pad", NAMES[:2])
    first = client.get("/history/", {"game": "pad"}).content.decode()
    assert cards(first) == 20 and "page 1 of 2" in first
    assert "game=pad&amp;page=2" in first
    second = client.get("/history/", {"game": "pad", "page": "2"}).content.decode()
    assert cards(second) == 5
    assert client.get("/history/", {"page": "999"}).status_code == 200


def history_queries(client) -> tuple[int, int]:
    """Queries for the first look at History (nothing rendered yet), then
    for a second look."""
    cache.clear()
    counts = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get("/history/").status_code == 200
        counts.append(len(ctx))
    return counts[0], counts[1]


def test_history_queries_do_not_grow_with_the_games(client):
    make_game()
    few = history_queries(client)
    for _ in range(15):
        make_game()
    assert history_queries(client) == few


def test_a_second_look_at_history_loads_no_game(client):
    for _ in range(3):
        make_game()
    first, second = history_queries(client)
    # First: who is asking (the session with its person and their groups,
    # and when the group's games last changed: one query) and the players;
    # the count with the months' span (all in one month: no months to
    # count), the kinds "What if" offers; the page's games with what their
    # cards show, then their players' names.
    assert (first, second) == (6, 2)


def test_a_card_shows_a_hand_entered_after_it_was_first_shown(client):
    game = make_game()
    assert "Ben <strong>0</strong>" in client.get("/history/").content.decode()
    client.post(
        f"/games/{game.pk}/hands/", {"bidder": "1", "bid": "13", "tricks": ["0", "13", "0", "0"]}
    )
    body = client.get("/history/").content.decode()
    assert "Ben <strong>13</strong>" in body and "Ben <strong>0</strong>" not in body


def test_after_a_hand_history_reads_the_players_of_that_games_card_alone(client):
    """The page's games are read with what their cards show; of the cards,
    only the one whose game moved is drawn again, and only its players'
    names are read for it."""
    games = [make_game() for _ in range(3)]
    client.get("/history/")
    games[1].add_hand({"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]})
    with CaptureQueriesContext(connection) as ctx:
        body = client.get("/history/").content.decode()
    assert cards(body) == 3 and "Ben <strong>13</strong>" in body
    seats = [q["sql"] for q in ctx.captured_queries if 'FROM "table_seat"' in q["sql"]]
    assert len(seats) == 1 and f"IN ({games[1].pk})" in seats[0], seats
    assert len(ctx.captured_queries) == 6


def test_after_a_hand_history_draws_that_games_card_alone(client):
    """Each card is kept by its game's version: a hand in one game makes
    History draw that game's card again, and finds the others kept."""
    games = [make_game() for _ in range(3)]
    client.get("/history/")
    games[0].add_hand(EXACT_BEN)
    with mock.patch.object(kept_cards, "history_card", wraps=kept_cards.history_card) as drawn:
        body = client.get("/history/").content.decode()
    assert [call.args[0].pk for call in drawn.call_args_list] == [games[0].pk]
    assert cards(body) == 3 and "Ben <strong>13</strong>" in body


def test_a_card_shows_a_player_renamed_after_it_was_first_shown(client):
    make_game()
    assert "Ben <strong>" in client.get("/history/").content.decode()
    ben = Player.objects.get(name="Ben")
    client.post(f"/players/{ben.pk}/rename/", {"name": "Benedict"})
    body = client.get("/history/").content.decode()
    assert "Benedict <strong>" in body and "Ben <strong>" not in body


def test_the_filters_list_a_player_added_after_they_were_first_shown(client):
    make_game()
    client.get("/history/")
    make_player("Zoe")
    assert ">Zoe</option>" in client.get("/history/").content.decode()
