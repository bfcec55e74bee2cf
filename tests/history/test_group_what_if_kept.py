"""A group's what-if replays its whole history: it is worked out once for a
question and a history, one at a time a group, and a second asker meanwhile
is told it is being worked out instead of waiting on a replay of their own."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings

from tests.factories import default_group, make_game
from tests.scoring.test_what_if import CORALON, CY_TO_30, HANDS
from vinescore.history import whatif_group
from vinescore.scoring.whatif import what_if

pytestmark = pytest.mark.django_db

URL = "/history/what-if/coralon/"
HTMX = {"HTTP_HX_REQUEST": "true"}
NO_CACHE = {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}


@pytest.fixture
def replays(monkeypatch) -> list[int]:
    """The games replayed, one entry each, as the group's what-if asks."""
    seen = []

    def counted(rules, setup, hands, house):
        seen.append(len(hands))
        return what_if(rules, setup, hands, house)

    monkeypatch.setattr(whatif_group, "what_if", counted)
    return seen


def summary_of(response) -> str:
    body = response.content.decode()
    start = body.index('<section id="what-if-summary"')
    return body[start : body.index("</section>", start)]


def two_games():
    make_game("coralon", options=["zero"], target=40, hands=HANDS)  # Ana wins
    return make_game("coralon", target=30, hands=CY_TO_30)  # Cy wins


def test_the_same_question_again_is_answered_without_replaying(client, replays):
    two_games()
    first = client.get(URL, {"target": "20"})
    assert first.status_code == 200 and len(replays) == 2  # each game once
    with CaptureQueriesContext(connection) as asked_again:
        again = client.get(URL, {"target": "20"})
    assert len(replays) == 2
    assert summary_of(again) == summary_of(first) and "Wins per player" in summary_of(first)
    assert not [q for q in asked_again.captured_queries if "table_hand" in q["sql"]]
    client.get(URL, {"target": "25"})  # another question is worked out
    assert len(replays) == 4


def test_the_answer_is_kept_for_every_language(client, replays):
    two_games()
    client.get(URL, {"target": "20"})
    body = client.get(URL, {"target": "20"}, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")
    assert "Siege pro Spieler" in body.content.decode()
    assert len(replays) == 2


def test_while_another_asker_works_it_out_the_page_says_so_and_asks_again(client, replays):
    two_games()
    cache.add(whatif_group.working_key(default_group().pk), True)  # another asker, under way
    response = client.get(URL, {"target": "20"})
    body = response.content.decode()
    assert response.status_code == 200 and replays == []
    assert "Being worked out: 2 games replayed under these house rules." in body
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in body
    assert 'hx-get="/history/what-if/coralon/?target=20" hx-trigger="every 2s"' in body
    assert "Wins per player" not in body
    # The page's poll, still under way: the part that is being worked out.
    polled = client.get(URL, {"target": "20"}, **HTMX)
    assert polled.status_code == 200 and "<html" not in polled.content.decode()
    assert "Being worked out" in polled.content.decode()
    # The other asker is done: the next poll works it out and shows it.
    cache.delete(whatif_group.working_key(default_group().pk))
    polled = client.get(URL, {"target": "20"}, **HTMX).content.decode()
    assert "Wins per player" in polled and "every 2s" not in polled
    assert len(replays) == 2


def test_an_answer_kept_is_shown_while_another_question_is_being_worked_out(client, replays):
    two_games()
    client.get(URL, {"target": "20"})
    cache.add(whatif_group.working_key(default_group().pk), True)
    body = client.get(URL, {"target": "20"}).content.decode()
    assert "Wins per player" in body and "Being worked out" not in body
    assert "refresh" not in body
    assert len(replays) == 2


def test_the_group_is_free_for_the_next_question_once_one_is_worked_out(client, replays):
    two_games()
    client.get(URL, {"target": "20"})
    assert cache.get(whatif_group.working_key(default_group().pk)) is None


def test_a_replay_that_fails_does_not_leave_the_group_waiting(client, monkeypatch):
    two_games()

    def broken(*args):
        raise RuntimeError("a fault in the rules")

    monkeypatch.setattr(whatif_group, "what_if", broken)
    client.raise_request_exception = True
    with pytest.raises(RuntimeError):
        client.get(URL, {"target": "20"})
    assert cache.get(whatif_group.working_key(default_group().pk)) is None


def test_a_new_game_finished_gives_a_new_answer(client, replays):
    two_games()
    body = client.get(URL, {"target": "20"}).content.decode()
    assert "2 finished games" in body
    make_game("coralon", target=30, hands=CY_TO_30)
    body = client.get(URL, {"target": "20"}).content.decode()
    assert "3 finished games" in body and len(replays) == 5
    assert '<th scope="row">Cy</th><td>2</td><td>2</td>' in body


def test_a_hand_corrected_gives_a_new_answer(client, replays):
    game = two_games()
    body = client.get(URL, {"target": "20"}).content.decode()
    assert '<th scope="row">Cy</th><td>1</td><td>1</td>' in body
    # Hand 5 was Ben's 2, over by 4: Ben 20 after it, so to 20 he wins; Cy still wins to 30.
    hand_5 = game.hands.order_by("position")[4]
    facts = {"bidder": 1, "bid": 2, "tricks": [2, 6, 2, 3]}
    game.edit_hand(hand_5, CORALON.clean(facts, game.sheet().table_for(4)))
    assert game.winner_name == "Cy"
    body = client.get(URL, {"target": "20"}).content.decode()
    assert len(replays) == 4
    assert '<th scope="row">Ben</th><td>0</td><td class="changed">1</td>' in body


@override_settings(CACHES={"default": NO_CACHE, "template_fragments": NO_CACHE})
def test_with_the_cache_off_every_asker_gets_the_answer(client, replays):
    two_games()
    for _ in range(2):
        body = client.get(URL, {"target": "20"}).content.decode()
        assert "Wins per player" in body and "Being worked out" not in body
    assert len(replays) == 4
