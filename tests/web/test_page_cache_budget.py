"""The cache stays within its budget however many versions of a long game
are shown: at most MAX_ENTRIES parts a worker, each holding its latest hands
only (and the chart, a point a hand), and "show all hands" is not kept."""

import pytest
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.test import override_settings

from tests.factories import make_game

pytestmark = pytest.mark.django_db
HAND = {"bidder": 0, "bid": 2, "tricks": [2, 4, 4, 3]}
PARTS = ("sheet-head", "sheet-scored", "sheet-next", "sheet-fields", "sheet-rows")
SMALL = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "OPTIONS": {"MAX_ENTRIES": 40},
    }
}


def kept_parts(game) -> dict[str, str | None]:
    vary = {
        "sheet-head": [game.pk, game.version, "write", "en-gb"],
        "sheet-rows": [game.pk, game.version, "write", "en-gb"],
    }
    return {
        name: cache.get(
            make_template_fragment_key(name, vary.get(name, [game.pk, game.version, "en-gb"]))
        )
        for name in PARTS
    }


@override_settings(CACHES=SMALL)
def test_the_kept_parts_of_a_long_game_do_not_grow_with_it(client):
    game = make_game(target=99_999, hands=[HAND] * 5)
    sizes = []
    for _ in range(60):  # each new hand is a new version of every part of the sheet
        game.add_hand(game.rules.clean(HAND, game.sheet().next_table))
        game.refresh_result()
        assert client.get(game.get_absolute_url()).status_code == 200
        parts = kept_parts(game)
        assert all(part is not None for part in parts.values()), parts
        sizes.append(sum(len(part) for part in parts.values()))
    # Only the chart grows, by a point a hand; the rest stays the size of
    # the window of hands shown: a 300-hand game's parts are under 64 KB.
    per_hand = (sizes[-1] - sizes[0]) / (len(sizes) - 1)
    assert per_hand < 200
    assert sizes[0] + 300 * per_hand < 64 * 1024
    everything = client.get(game.get_absolute_url() + "?all=1").content
    assert everything.count(b'<tbody id="hand-') == 65
    assert len(everything) > 60 * 1024  # all the hands: not kept, rendered each time


def test_the_cache_is_bounded_by_default(settings):
    # About 2 KB an entry at a table (settings.py): some 40 MB a worker.
    assert settings.CACHES["default"]["OPTIONS"]["MAX_ENTRIES"] <= 20_000
