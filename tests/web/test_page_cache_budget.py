"""The page cache stays within its budget however many versions of a long
game are shown: no more entries than MAX_ENTRIES, none bigger than
MAX_ENTRY_BYTES (a "show all hands" page of a long game is not kept)."""

import pytest
from django.core.cache import cache
from django.test import override_settings

from tests.factories import make_game

pytestmark = pytest.mark.django_db
HAND = {"bidder": 0, "bid": 2, "tricks": [2, 4, 4, 3]}
SMALL = {
    "default": {
        "BACKEND": "vinescore.cache.BoundedLocMemCache",
        "OPTIONS": {"MAX_ENTRIES": 40, "MAX_ENTRY_BYTES": 32 * 1024},
    }
}


@override_settings(CACHES=SMALL)
def test_a_hundred_versions_of_a_long_game_stay_within_the_cache_budget(client):
    game = make_game(target=99_999, hands=[HAND] * 5)
    largest = 0
    for _ in range(100):  # each new hand is a new version of every page of the game
        game.add_hand(game.rules.clean(HAND, game.sheet().next_table))
        game.refresh_result()
        for query in ("", "?all=1"):
            response = client.get(game.get_absolute_url() + query)
            assert response.status_code == 200
            largest = max(largest, len(response.content))
        assert len(cache._cache) <= 40
        assert cache.held_bytes() <= cache.budget == 40 * 32 * 1024
    assert largest > 32 * 1024  # all 105 hands: too big to keep, so not kept


def test_the_pages_are_kept_in_a_bounded_cache_by_default():
    assert cache.budget <= 64 * 1024 * 1024
