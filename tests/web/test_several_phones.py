"""Several phones on one game: every change names the version of the game it
was drawn from; a change drawn from an older version is refused with 409 and
what happened since; a submit sent twice is stored once; the live sheet
answers 304 while nothing changed."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings

from tests.factories import make_game
from vinescore.table.models import Game, GameChange, Hand

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
BEN_MAKES_4 = {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "4"]}
ANA_MAKES_2 = {"bidder": "0", "bid": "2", "tricks": ["2", "4", "4", "3"]}
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
KEY_A, KEY_B = "a" * 24, "b" * 24


def drawn(game: Game, key: str = "") -> dict:
    """What a form drawn from the game as it is now carries."""
    game.refresh_from_db()
    return {"version": str(game.version), "key": key}


def hand_from(client, game, facts, version, key="", htmx=True):
    return client.post(
        f"/games/{game.pk}/hands/",
        {**facts, **version, **({"key": key} if key else {})},
        headers=HTMX if htmx else {},
    )


def text(response) -> str:
    return response.content.decode()


def test_the_second_phone_to_score_the_same_hand_gets_its_hand_back_in_the_form(client):
    game = make_game(hands=[EXACT_BEN])
    both_drew = drawn(game)
    first = hand_from(client, game, BEN_MAKES_4, both_drew, KEY_A)
    second = hand_from(client, game, BEN_MAKES_4, both_drew, KEY_B)
    assert first.status_code == 200
    assert second.status_code == 409
    assert (
        "Hand 2 was already entered on another phone. The hand you sent is back in the form: "
        "score it as the next hand, or drop it." in text(second)
    )
    assert "Score hand 3" in text(second)
    assert 'name="bid" value="4" checked' in text(second)  # nothing typed is lost
    assert Hand.objects.filter(game=game).count() == 2
    game.refresh_from_db()
    assert game.hand_count == 2 and game.final_totals == [0, 17, 0, 0]


def test_a_submit_sent_again_is_answered_as_the_first_time_and_stored_once(client):
    game = make_game()
    form = drawn(game, KEY_A)
    first = hand_from(client, game, BEN_MAKES_4, form)
    again = hand_from(client, game, BEN_MAKES_4, form)
    assert first.status_code == again.status_code == 200
    assert "Hand 1 is in: it was sent twice and stored once." in text(again)
    plain_again = hand_from(client, game, BEN_MAKES_4, form, htmx=False)
    assert plain_again.status_code == 302 and plain_again.url == game.get_absolute_url()
    assert Hand.objects.filter(game=game).count() == 1
    assert GameChange.objects.filter(game=game, action=GameChange.ADDED).count() == 1


def test_a_hand_typed_while_an_earlier_one_was_edited_is_kept_to_check(client):
    game = make_game(hands=[EXACT_BEN])
    typing = drawn(game)
    first = game.hands.get()
    client.post(f"/games/{game.pk}/hands/{first.pk}/edit/", {**ANA_MAKES_2, **drawn(game)})
    response = hand_from(client, game, BEN_MAKES_4, typing)
    body = text(response)
    assert response.status_code == 409
    assert "Hand 1 was changed on another phone. The hand you sent is back in the form" in body
    assert 'name="bid" value="4" checked' in body  # what was typed is still there
    game.refresh_from_db()
    assert f'name="version" value="{game.version}"' in body
    assert Hand.objects.filter(game=game).count() == 1


def test_an_edit_racing_a_delete_of_the_same_hand_is_refused_not_lost(client):
    game = make_game(hands=[EXACT_BEN, EXACT_BEN])
    hand = game.hands.get(position=2)
    both_drew = drawn(game)
    deleted = client.post(f"/games/{game.pk}/hands/{hand.pk}/delete/", both_drew)
    edited = client.post(f"/games/{game.pk}/hands/{hand.pk}/edit/", {**ANA_MAKES_2, **both_drew})
    assert deleted.status_code == 302
    assert edited.status_code == 409
    assert "Hand 2 was deleted on another phone" in text(edited)
    hand.refresh_from_db()
    assert hand.deleted_at is not None and hand.facts == EXACT_BEN


def test_a_delete_racing_an_edit_is_refused_and_the_edit_stands(client):
    game = make_game(hands=[EXACT_BEN, EXACT_BEN])
    hand = game.hands.get(position=1)
    both_drew = drawn(game)
    client.post(f"/games/{game.pk}/hands/{hand.pk}/edit/", {**ANA_MAKES_2, **both_drew})
    deleted = client.post(f"/games/{game.pk}/hands/{hand.pk}/delete/", both_drew)
    assert deleted.status_code == 409
    assert "Hand 1 was changed on another phone" in text(deleted)
    hand.refresh_from_db()
    assert hand.deleted_at is None and hand.facts["bidder"] == 0


def test_two_undos_of_the_last_hand_delete_it_once(client):
    game = make_game(hands=[EXACT_BEN, EXACT_BEN])
    last = game.hands.get(position=2)
    both_drew = drawn(game)
    first = client.post(f"/games/{game.pk}/hands/{last.pk}/delete/", {**both_drew, "key": KEY_A})
    second = client.post(f"/games/{game.pk}/hands/{last.pk}/delete/", {**both_drew, "key": KEY_B})
    assert first.status_code == 302 and second.status_code == 409
    assert GameChange.objects.filter(action=GameChange.DELETED).count() == 1
    game.refresh_from_db()
    assert game.hand_count == 1


def test_two_restores_restore_once(client):
    game = make_game(hands=[EXACT_BEN, EXACT_BEN])
    last = game.hands.get(position=2)
    client.post(f"/games/{game.pk}/hands/{last.pk}/delete/")
    both_drew = drawn(game)
    first = client.post(f"/games/{game.pk}/hands/{last.pk}/restore/", both_drew)
    second = client.post(f"/games/{game.pk}/hands/{last.pk}/restore/", both_drew)
    assert first.status_code == 302 and second.status_code == 409
    assert "Hand 2 was restored on another phone" in text(second)
    assert GameChange.objects.filter(action=GameChange.RESTORED).count() == 1


def test_a_change_that_names_no_version_is_refused(client):
    game = make_game(hands=[EXACT_BEN])
    for path, data in [
        (f"/games/{game.pk}/hands/", BEN_MAKES_4),
        (f"/games/{game.pk}/note/", {"note": "hi"}),
        (f"/games/{game.pk}/end/", {}),
    ]:
        response = client.post(path, {**data, "version": "soon"})
        assert response.status_code == 409
        assert "This page was out of date; here is the sheet as it is now" in text(response)
    game.refresh_from_db()
    assert game.hand_count == 1 and game.note == "" and not game.ended


def test_two_phones_starting_a_rematch_start_one(client):
    game = make_game(hands=[EXACT_BEN] * 4)
    both_drew = drawn(game)
    first = client.post(f"/games/{game.pk}/rematch/", {**both_drew, "key": KEY_A})
    retried = client.post(f"/games/{game.pk}/rematch/", {**both_drew, "key": KEY_A})
    other = client.post(f"/games/{game.pk}/rematch/", {**both_drew, "key": KEY_B})
    assert first.status_code == retried.status_code == 302 and first.url == retried.url
    assert other.status_code == 409
    assert "A rematch was started on another phone" in text(other)
    assert Game.objects.count() == 2


def test_the_note_the_target_and_the_end_are_checked_too(client):
    game = make_game(hands=[EXACT_BEN] * 4)  # Ben reaches 52 of 50
    stale = drawn(game)
    client.post(f"/games/{game.pk}/reopen/", {"target": "100", **drawn(game)})
    response = client.post(f"/games/{game.pk}/note/", {"note": "late", **stale})
    assert response.status_code == 409
    assert "The game was reopened to play on to 100 on another phone" in text(response)
    game.refresh_from_db()
    assert game.target == 100 and game.note == ""


# --- the live sheet ---------------------------------------------------------


def poll(client, game, version, typing=False):
    """What a phone showing `version` of the sheet asks; `typing`: it has a
    hand half typed in."""
    headers = {**HTMX, "If-None-Match": f'"{game.pk}.{version}.en-gb"'}
    if typing:
        headers["X-Hand-Typed"] = "true"
    return client.get(f"/games/{game.pk}/live/", headers=headers)


def test_the_live_sheet_answers_304_while_the_game_has_not_moved_on(client):
    game = make_game(hands=[EXACT_BEN])
    response = poll(client, game, game.version)
    assert response.status_code == 304 and response.content == b""
    assert response["ETag"] == f'"{game.pk}.{game.version}.en-gb"'


def test_an_idle_check_costs_one_query(client):
    game = make_game(hands=[EXACT_BEN] * 30)
    with CaptureQueriesContext(connection) as ctx:
        assert poll(client, game, game.version).status_code == 304
    assert len(ctx.captured_queries) == 1


def test_the_live_sheet_brings_another_phones_hand_to_an_idle_phone_without_a_word(client):
    game = make_game(hands=[EXACT_BEN])
    shown = game.version
    hand_from(client, game, BEN_MAKES_4, drawn(game))
    response = poll(client, game, shown)
    body = text(response)
    assert response.status_code == 200
    assert "Score hand 3" in body and "Ben bid 4" in body
    assert "on another phone" not in body and "data-moved" not in body
    assert "X-Hand-Typed" in response["Vary"]


def test_a_phone_with_a_hand_half_typed_is_told_it_was_overtaken(client):
    game = make_game(hands=[EXACT_BEN])
    shown = game.version
    hand_from(client, game, BEN_MAKES_4, drawn(game))
    response = poll(client, game, shown, typing=True)
    body = text(response)
    assert response.status_code == 200
    assert "Hand 2 was already entered on another phone." in body
    assert "Score hand 3" in body and "<html" not in body
    game.refresh_from_db()
    assert f'data-version="{game.version}"' in body


def test_the_live_sheet_opened_directly_is_the_sheet(client):
    game = make_game()
    response = client.get(f"/games/{game.pk}/live/")
    assert response.status_code == 302 and response.url == game.get_absolute_url()
    assert client.get("/games/999/live/", headers=HTMX).status_code == 404


def test_every_form_on_the_sheet_carries_the_version_and_its_own_key(client):
    game = make_game(kind="baronet", hands=[])
    body = text(client.get(game.get_absolute_url()))
    forms = re.findall(r'<form[^>]*method="post".*?</form>', body, re.S)
    assert len(forms) >= 3  # the hand, its shortcuts, end the session, the note
    keys = []
    for form in forms:
        assert f'name="version" value="{game.version}"' in form
        keys.append(re.search(r'name="key" value="([^"]+)"', form).group(1))
    assert len(set(keys)) == len(keys)


# --- join by QR -------------------------------------------------------------


@override_settings(ALLOWED_HOSTS=["192.168.1.7", "127.0.0.1"], LAN_ADDRESSES=["192.168.1.7"])
def test_the_qr_code_carries_the_address_the_page_was_opened_with(client):
    game = make_game()
    body = text(client.get(f"/games/{game.pk}/join/", HTTP_HOST="192.168.1.7:8000"))
    address = f"http://192.168.1.7:8000/g/{game.pk}/"
    assert f'href="{address}"' in body and "<svg" in body and f"<title>{address}" in body


@override_settings(ALLOWED_HOSTS=["192.168.1.7", "127.0.0.1"], LAN_ADDRESSES=["192.168.1.7"])
def test_opened_on_the_server_itself_the_qr_code_carries_its_network_address(client):
    game = make_game()
    body = text(client.get(f"/games/{game.pk}/join/", HTTP_HOST="127.0.0.1:8000"))
    assert f'href="http://192.168.1.7:8000/g/{game.pk}/"' in body
    assert "127.0.0.1:8000/g/" not in body


@override_settings(LAN_ADDRESSES=[])
def test_without_the_local_network_the_join_panel_says_no_phone_can_open_it(client):
    game = make_game()
    body = text(client.get(f"/games/{game.pk}/join/", HTTP_HOST="127.0.0.1:8000"))
    assert "<svg" not in body and "127.0.0.1:8000/g/" not in body
    assert "No address other phones can open is known" in body and "make run" not in body


def test_the_short_link_opens_the_sheet(client):
    game = make_game()
    response = client.get(f"/g/{game.pk}/")
    assert response.status_code == 302 and response.url == game.get_absolute_url()


def test_the_benchmarks_idle_phone_holds_the_tag_the_poll_answers_304_to(client):
    """`make bench` times the idle check with the tag a phone holds; were
    its tag another than the poll's, every check would be a full render."""
    from bench.management.commands.bench_tables import live_tag

    game = make_game(hands=[EXACT_BEN])
    shown = {**HTMX, "If-None-Match": live_tag(game.pk, game.version)}
    assert client.get(f"/games/{game.pk}/live/", headers=shown).status_code == 304


def test_the_hands_the_what_if_benchmarks_table_enters_are_scored(client):
    """`make bench` enters random hands at a four-player table beside the
    what-ifs; were its form refused, the table would only be looking."""
    import random

    from bench.management.commands.bench import random_hand
    from bench.management.commands.bench_whatif import hand_body

    game = make_game("coralon")
    rng = random.Random(3)
    for _ in range(5):
        game.refresh_from_db()
        answer = client.post(
            f"/games/{game.pk}/hands/",
            hand_body(random_hand(rng), game.version),
            content_type="application/x-www-form-urlencoded",
            headers=HTMX,
        )
        assert answer.status_code == 200
    assert Hand.objects.filter(game=game).count() == 5
