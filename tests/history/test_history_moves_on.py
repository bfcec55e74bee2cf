"""History and a player's page are kept by when the group's games last
changed (Group.games_changed_at), which the session reads with the
visitor's groups: every change to one of its games moves it on, in the
change's own transaction, so the next look draws the pages afresh."""

import io
import json
from unittest import mock

import pytest
from django.core.cache import cache
from django.utils import timezone

from tests.factories import NAMES, default_group, make_game, make_player
from vinescore.accounts.models import Group
from vinescore.records.importer import import_file
from vinescore.table.models import Game, Player

pytestmark = pytest.mark.django_db
ANA_MAKES_2 = {"bidder": 0, "bid": 2, "tricks": [2, 4, 4, 3]}
BEN_MAKES_4 = {"bidder": 1, "bid": 4, "tricks": [3, 4, 2, 4]}


def changed_at():
    return Group.objects.get(pk=default_group().pk).games_changed_at


def merged(game: Game) -> None:
    make_player("Benny").merge(Player.objects.get(name="Ben"))


def imported(game: Game) -> None:
    record = {
        "format": "vinescore-games",
        "version": 1,
        "games": [
            {"game": "pad", "players": ["Ana", "Ben"], "target": None, "stakes": None, "hands": []}
        ],
    }
    import_file(io.BytesIO(json.dumps(record).encode()), default_group())


CHANGES = {
    "a hand scored": lambda game: game.add_hand(BEN_MAKES_4),
    "a hand edited": lambda game: game.edit_hand(game.hands.get(), BEN_MAKES_4),
    "a hand undone": lambda game: game.delete_hand(game.hands.get()),
    "a note": lambda game: game.set_note("Dee dealt twice"),
    "the session ended": lambda game: game.end_session(),
    "the game deleted": lambda game: game.delete_game(),
    "a rematch": lambda game: game.start_rematch(),
    "the game gone for good": lambda game: game.delete(),
    "a player renamed": lambda game: Player.objects.get(name="Ben").rename("Benedict"),
    "a player merged": merged,
    "a file imported": imported,
}


def history_shown(client) -> str:
    """History's page below the top bar, as a member sees it."""
    body = client.get("/history/").content.decode()
    return body[body.index("<main>") : body.index("</main>")]


@pytest.mark.parametrize("change", CHANGES.values(), ids=CHANGES.keys())
def test_after_every_change_history_is_as_it_would_be_drawn_afresh(client, change):
    game = make_game(hands=[ANA_MAKES_2])
    history_shown(client)  # kept, as a phone between games finds it
    before = changed_at()
    change(Game.objects.get(pk=game.pk))
    assert changed_at() > before
    seen = history_shown(client)
    cache.clear()
    assert seen == history_shown(client)


def test_a_game_deleted_and_restored_is_gone_from_history_then_back(client):
    game = make_game(hands=[ANA_MAKES_2])
    assert f"/games/{game.pk}/" in client.get("/history/").content.decode()
    game.delete_game()
    assert f"/games/{game.pk}/" not in client.get("/history/").content.decode()
    Game.objects.get(pk=game.pk).restore_game()
    assert f"/games/{game.pk}/" in client.get("/history/").content.decode()


def test_two_hands_scored_in_the_same_microsecond_are_both_on_history(client):
    """Two tables of a group scoring at the same instant, as the clock tells
    it: each change still names a state of the history of its own."""
    one, other = make_game(), make_game(names=NAMES[1:5])
    client.get("/history/")
    instant = timezone.now()
    with mock.patch("django.utils.timezone.now", return_value=instant):
        one.add_hand(BEN_MAKES_4)
        seen = client.get("/history/").content.decode()
        assert "1 hand" in seen
        Game.objects.get(pk=other.pk).add_hand(ANA_MAKES_2)
    body = client.get("/history/").content.decode()
    assert body.count("1 hand") == 2, body


def test_a_players_page_shows_a_new_game_of_the_group_at_once(client):
    game = make_game(hands=[ANA_MAKES_2])
    ana = Player.objects.get(name="Ana")
    client.get(f"/players/{ana.pk}/")
    later = make_game(names=("Cy", "Ana", "Dee", "Ben"), hands=[ANA_MAKES_2])
    body = client.get(f"/players/{ana.pk}/").content.decode()
    assert f"/games/{later.pk}/" in body and f"/games/{game.pk}/" in body


def test_a_players_page_no_longer_counts_a_game_they_left(client):
    game = make_game()  # no hand yet: its seats may still change
    eli, ana = make_player("Eli"), Player.objects.get(name="Ana")
    assert "1 in progress" in client.get(f"/players/{ana.pk}/").content.decode()
    game.change_seats([eli, *game.seated_players()[1:]], 0)
    assert "in progress" not in client.get(f"/players/{ana.pk}/").content.decode()
