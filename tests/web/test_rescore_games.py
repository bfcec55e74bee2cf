"""Games already played are rescored in the open when a rule is corrected."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from tests.factories import make_game
from vinescore.scoring import REGISTRY
from vinescore.table.models import Game, GameChange

pytestmark = pytest.mark.django_db

OLD_CHEVALIER = "Vines rulebook, Game 8 (Chevalier rulebook); vinescore rulings 2026-11"


def clean_tricks(bidder, bid, took):
    return {
        "bidder": bidder,
        "bid": bid,
        "bidders_clean": took,
        "bidders_poisoned": 0,
        "defenders_poisoned": 0,
    }


# Four hands bring Ana & Cy to 19 and Ben & Dee to 21. In the fifth Ana bids
# 10 and her team takes 4 clean and 4 poisoned tricks, the fifth 7 having
# been discarded with the open card. The old scorer called that a made sweep
# (12 to 2: Ana & Cy 31, winning); by the corrected rule it is a failed bid
# (0 to 12: Ben & Dee 33, winning).
HANDS = [
    clean_tricks(0, 7, 7),
    clean_tricks(0, 6, 6),
    clean_tricks(1, 8, 8),
    clean_tricks(1, 6, 6),
    {
        "bidder": 0,
        "bid": 10,
        "bidders_clean": 4,
        "bidders_poisoned": 4,
        "defenders_poisoned": 0,
        "discarded_poison": True,
    },
]


def old_chevalier_game() -> Game:
    """A game as the old scorer left it: its stored outcome and rules version."""
    game = make_game("chevalier", hands=HANDS)
    assert game.final_totals == [19, 33]
    Game.objects.filter(pk=game.pk).update(
        rules_version=OLD_CHEVALIER,
        final_totals=[31, 23],
        winner_name="Ana & Cy",
        finished_at=timezone.now(),
    )
    game.refresh_from_db()
    return game


def run(*args) -> str:
    out = io.StringIO()
    call_command("rescore_games", *args, stdout=out)
    return out.getvalue()


def test_the_command_lists_what_the_correction_would_change_without_changing_it():
    game = old_chevalier_game()
    assert run() == (
        f"Would change Chevalier #{game.pk} (Ana, Ben, Cy, Dee): "
        "Ana & Cy 31 -> 19; Ben & Dee 23 -> 33; Ben & Dee now win\n"
        "Nothing was changed; run with --apply to rescore.\n"
    )
    game.refresh_from_db()
    assert (game.final_totals, game.winner_name) == ([31, 23], "Ana & Cy")
    assert game.rules_version == OLD_CHEVALIER
    assert not game.changes.filter(action=GameChange.RESCORED).exists()


def test_applying_rescores_the_game_in_the_open(client):
    game = old_chevalier_game()
    assert run("--apply").startswith(f"Rescored Chevalier #{game.pk} (Ana, Ben, Cy, Dee): ")
    game.refresh_from_db()
    assert (game.final_totals, game.winner_name) == ([19, 33], "Ben & Dee")
    assert game.rules_version == REGISTRY["chevalier"].rules_version
    assert [s.won for s in game.seats.all()] == [False, True, False, True]
    (change,) = game.changes.filter(action=GameChange.RESCORED)
    assert change.hand is None
    assert change.before == {
        "rules_version": OLD_CHEVALIER,
        "totals": [31, 23],
        "winner": "Ana & Cy",
    }
    page = client.get(reverse("change_log", args=[game.pk])).content.decode()
    assert (
        "Rescored under the corrected Chevalier sweep (a discarded 7 means no sweep): "
        "Ana &amp; Cy 31 -&gt; 19; Ben &amp; Dee 23 -&gt; 33; Ben &amp; Dee now win."
    ) in page
    assert "Now scored under Vines rulebook, Game 8 (Chevalier rulebook); vinescore rulings" in page
    # Done once: the game now carries the current rules.
    assert run("--apply") == "Every game is scored by the current rules.\n"


def test_a_game_the_correction_does_not_change_moves_on_quietly():
    game = make_game("chevalier", hands=HANDS[:4])
    Game.objects.filter(pk=game.pk).update(rules_version=OLD_CHEVALIER)
    assert run() == (
        "1 other game would move to the current rules with the same score.\n"
        "Nothing was changed; run with --apply to rescore.\n"
    )
    run("--apply")
    game.refresh_from_db()
    assert game.rules_version == REGISTRY["chevalier"].rules_version
    assert game.final_totals == [19, 21]
    assert not game.changes.filter(action=GameChange.RESCORED).exists()


def test_a_won_game_that_the_correction_reopens_says_the_game_goes_on():
    game = make_game("chevalier", hands=HANDS[:4])
    Game.objects.filter(pk=game.pk).update(
        rules_version=OLD_CHEVALIER,
        final_totals=[31, 21],
        winner_name="Ana & Cy",
        finished_at=timezone.now(),
    )
    output = run("--apply")
    assert "Ana & Cy 31 -> 19; nobody has won yet, so the game goes on (it was Ana & Cy)" in (
        output
    )
    game.refresh_from_db()
    assert not game.is_finished


def test_games_under_the_current_rules_are_left_alone():
    game = make_game("chevalier", hands=HANDS)
    version = game.version
    assert run("--apply") == "Every game is scored by the current rules.\n"
    game.refresh_from_db()
    assert game.version == version
