"""A long game's sheet opens from the hands it shows: the last fifteen are
read and scored from the totals the game keeps for the hands before them
(Game.running_totals), and the page is the one a replay of every hand
draws, to the byte."""

import json
import re
from datetime import timedelta
from unittest import mock

import pytest
from django.core.cache import cache
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import NAMES, make_game
from tests.scoring.test_combined_facts import ducks_hands, thief_hands, up_hands
from tests.scoring.test_coralon import coralon_hands
from vinescore.table.models import Game, Hand
from vinescore.table.sheet_parts import SHEET_WINDOW, SheetParts

pytestmark = pytest.mark.django_db
HAND = {"bidder": 0, "bid": 2, "tricks": [2, 4, 4, 3]}
# What differs from one answer to the next whatever the sheet: the phone's
# CSRF token and the one-time keys of its forms.
OWN = re.compile(r'(csrfmiddlewaretoken" value="|X-CSRFToken": "|name="key" value=")[^"]+')


def first_view(client, game: Game) -> str:
    """The sheet as a phone opening it first sees it: drawn afresh, nothing
    kept in this process."""
    cache.clear()
    response = client.get(game.get_absolute_url())
    assert response.status_code == 200
    return OWN.sub(r"\1…", response.content.decode())


def page(client, game: Game, *, replayed: bool) -> str:
    """The first view from the game's last hands alone, or from a replay of all."""
    if replayed:
        with mock.patch.object(SheetParts, "last_played", return_value=None):
            return first_view(client, game)
    in_full = AssertionError("a long game's hands read in full")
    with mock.patch.object(Game, "live_hands", side_effect=in_full):
        return first_view(client, game)


def assert_opens_as_replayed(client, game: Game) -> None:
    game.refresh_from_db()
    assert not game.is_finished
    assert page(client, game, replayed=False) == page(client, game, replayed=True)


def test_a_long_sheet_opens_from_its_last_hands_as_a_replay_draws_it(client):
    game = make_game(target=99_999, first_dealer=2, hands=[HAND] * 40)
    body = page(client, game, replayed=False)
    assert "Show all 40 hands" in body and "(25 earlier hidden)" in body
    assert "Hand 41 · <strong>Cy</strong> deals · <strong>Dee</strong> bids first" in body
    assert body.count('<tbody id="hand-') == SHEET_WINDOW
    assert_opens_as_replayed(client, game)


def test_an_edited_earlier_hand_moves_the_totals_the_sheet_opens_from(client):
    game = make_game(target=99_999, hands=[HAND] * 30)
    first = Hand.objects.filter(game=game).order_by("position").first()
    game.edit_hand(first, {"bidder": 1, "bid": 6, "tricks": [2, 6, 2, 3]})
    game.refresh_from_db()
    # Ben's 6 where Ana's 2 were, before the fifteen hands the sheet shows.
    assert game.final_totals == [58, 6, 0, 0]
    assert "data-total>6<" in page(client, game, replayed=False)
    assert_opens_as_replayed(client, game)
    game.delete_hand(Hand.objects.filter(game=game).order_by("position")[3])
    assert_opens_as_replayed(client, game)


def test_totals_kept_that_disagree_with_the_hands_are_not_believed(client, caplog):
    game = make_game(target=99_999, hands=[HAND] * 20)
    # Totals kept by an older vinescore, or by none (before they were kept).
    Game.objects.filter(pk=game.pk).update(running_totals=json.dumps([[1, 2, 3, 4]] * 20))
    game.refresh_from_db()
    assert first_view(client, game) == page(client, game, replayed=True)
    assert "differ from its hands" in caplog.text
    Game.objects.filter(pk=game.pk).update(running_totals="")
    game.refresh_from_db()
    assert first_view(client, game) == page(client, game, replayed=True)
    assert "Show all 20 hands" in first_view(client, game)


def test_a_game_whose_hands_carry_on_is_replayed_in_full():
    game = make_game("duel", NAMES[:2], target=3, stakes=999, hands=[{"damage": [1, 0]}] * 20)
    parts = SheetParts(Game.objects.get(pk=game.pk), "write", False)
    assert parts.last_played() is None
    assert parts.count == 20


FEW = settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@FEW
@given(
    st.lists(coralon_hands(players=4), min_size=SHEET_WINDOW + 1, max_size=30), st.integers(0, 3)
)
def test_coralon_opens_from_its_last_hands_as_replayed(client, hands, dealer):
    game = make_game(
        target=99_999, options=["zero"], first_dealer=dealer, hands=[f for _, f in hands]
    )
    assert_opens_as_replayed(client, game)


@FEW
@given(st.lists(thief_hands(), min_size=SHEET_WINDOW + 1, max_size=30))
def test_thief_opens_from_its_last_hands_as_replayed(client, hands):
    assert_opens_as_replayed(client, make_game("thief", target=99_999, hands=hands))


@FEW
@given(st.lists(ducks_hands(), min_size=SHEET_WINDOW + 1, max_size=30))
def test_ducks_and_geese_opens_from_its_last_hands_as_replayed(client, hands):
    assert_opens_as_replayed(client, make_game("ducks-and-geese", target=99_999, hands=hands))


@FEW
@given(st.lists(up_hands(), min_size=SHEET_WINDOW + 1, max_size=30))
def test_up_and_down_opens_from_its_last_hands_as_replayed(client, hands):
    game = make_game("up-and-down", NAMES[:5], target=99_999, hands=hands)
    assert_opens_as_replayed(client, game)


def test_a_hand_entered_on_another_phone_as_the_sheet_opens_is_not_mixed_in(client):
    """Ana's phone reads the game; Ben's hand is stored before her phone reads
    the hands. Every hand alike, the totals kept would still agree with the
    hands shifted by one: her sheet is the one a replay of every hand draws."""
    game = make_game(target=99_999, hands=[HAND] * 20)
    last_hands = Game.last_hands

    def bens_hand_first(ana_s_game, n):
        ben_s_game = Game.objects.for_sheet().get(pk=ana_s_game.pk)
        ben_s_game.add_hand(HAND)
        return last_hands(ana_s_game, n)

    with mock.patch.object(Game, "last_hands", bens_hand_first):
        body = first_view(client, game)
    assert game.hands.count() == 21
    assert "Show all 21 hands" in body and "Hand 22 · <strong>Ben</strong> deals" in body
    assert "data-total>42<" in body


def test_a_long_sheet_says_how_long_from_its_first_hand_in_play(client):
    """Opened from its last hands, the sheet takes when the first hand in play
    was scored from the game's row: the first hand deleted, the second's."""
    game = make_game(target=99_999, hands=[HAND] * 20)
    first, second = game.hands.order_by("position")[:2]
    last = game.hands.order_by("position").last()
    Hand.objects.filter(pk=first.pk).update(created_at=last.created_at - timedelta(minutes=95))
    Hand.objects.filter(pk=second.pk).update(created_at=last.created_at - timedelta(minutes=40))
    game.refresh_result()
    game.refresh_from_db()
    assert "Played for 1 h 35 min" in page(client, game, replayed=False)
    game.delete_hand(first)
    game.refresh_from_db()
    opened = page(client, game, replayed=False)
    assert "Played for 40 min" in opened
    assert opened == page(client, game, replayed=True)
