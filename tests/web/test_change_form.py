"""Every form that changes a game is a ChangeForm: drawn from an older
version, it is not valid and its error is the sentence of what changed;
the same submit sent again is recognised by its key."""

import pytest

from tests.factories import make_game
from vinescore.table.forms import NoteForm

pytestmark = pytest.mark.django_db
HAND = {"bidder": 1, "bid": 2, "tricks": [2, 4, 4, 3]}
KEY = "k" * 24


def test_a_note_drawn_before_a_hand_was_entered_says_so_as_its_error():
    game = make_game(target=99_999)
    drawn = game.version
    sheet = game.sheet()
    game.add_hand(game.rules.clean(HAND, sheet.next_table), played=sheet)
    form = NoteForm({"note": "Pizza", "version": drawn, "key": KEY}, game=game)
    assert not form.is_valid() and form.is_stale and form.sent_before is None
    assert form.errors["version"] == [
        "Hand 1 was already entered on another phone; here is the sheet as it is now."
    ]


def test_the_same_note_sent_again_is_recognised_by_its_key():
    game = make_game(target=99_999)
    drawn = game.version
    game.set_note("Pizza", key=KEY)
    again = NoteForm({"note": "Pizza", "version": drawn, "key": KEY}, game=game)
    assert again.is_stale and again.sent_before == game.changes.get(key=KEY)
    other = NoteForm({"note": "Pizza", "version": drawn, "key": "x" * 24}, game=game)
    assert other.is_stale and other.sent_before is None


def test_a_note_from_the_version_the_game_is_at_is_valid_whatever_its_key_looks_like():
    game = make_game(target=99_999)
    form = NoteForm({"note": "Pizza", "version": game.version, "key": "no!"}, game=game)
    assert form.is_valid() and form.one_time_key == ""
