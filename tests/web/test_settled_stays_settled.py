"""A finished game (its target reached, or its session ended and settled
up) stays as the table left it: the sheet offers no one-tap Undo or Edit,
and a change to any of its hands goes through Reopen, which says what will
be replaced and asks once. Until then the server refuses the change (409,
with that sentence), whatever sent it: an old tab, a phone's outbox sending
again, a hand-made form. The change log keeps the settle-up replaced."""

import re

import pytest

from tests.factories import NAMES, make_game
from tests.phone import Phone
from vinescore.table.models import Game, GameChange

pytestmark = pytest.mark.django_db
ANA_AND_CY_WIN = {"bidder": 0, "bid": 6, "block": "war", "trump": "Cups", "partner": 2, "points": 7}
ANA_AND_CY_FALL_SHORT = {**ANA_AND_CY_WIN, "points": 3}
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
BEN_MAKES_4 = {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "4"]}
HTMX = {"HX-Request": "true"}
SETTLED = (
    "Baronet is settled: changing a hand reopens it, and the settle-up "
    "Ben pays Ana 12; Dee pays Ana 12; Eli pays Cy 12 will be replaced."
)


def settled_baronet(client) -> Game:
    game = make_game("baronet", NAMES[:5], hands=[ANA_AND_CY_WIN] * 2)
    assert client.post(f"/games/{game.pk}/end/").status_code == 302
    game.refresh_from_db()
    assert game.is_finished
    return game


def won_coralon() -> Game:
    game = make_game(hands=[EXACT_BEN] * 4)
    assert game.is_finished and game.winner_name == "Ben"
    return game


def plain(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


def test_a_settled_session_shows_no_undo_or_edit_on_its_sheet(client):
    game = settled_baronet(client)
    sheet = client.get(game.get_absolute_url()).content.decode()
    assert "Ben pays Ana 12" in sheet
    assert "Undo the last hand" not in sheet
    assert f"/hands/{game.hands.last().pk}/edit/" not in sheet
    assert f"/hands/{game.hands.last().pk}/delete/" not in sheet
    assert "Reopen to change a hand" in sheet


def test_reopen_names_the_settle_up_it_replaces_and_the_log_keeps_both(client):
    game = settled_baronet(client)
    last = game.hands.order_by("position").last()
    page = client.get(f"/games/{game.pk}/reopen/?hand={last.pk}&then=edit")
    assert page.status_code == 200
    assert SETTLED in plain(page.content.decode())
    assert "Reopen and edit hand 2" in page.content.decode()
    game.refresh_from_db()
    assert game.changes.filter(action=GameChange.REOPENED).count() == 0  # asking changed nothing
    edit = client.get(f"/games/{game.pk}/hands/{last.pk}/edit/?reopen=1")
    assert edit.status_code == 200 and 'name="reopen" value="1"' in edit.content.decode()
    response = client.post(
        f"/games/{game.pk}/hands/{last.pk}/edit/", {**ANA_AND_CY_FALL_SHORT, "reopen": "1"}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    sheet = client.get(game.get_absolute_url()).content.decode()
    assert "Ben pays Ana 12" not in sheet  # the new settle-up is on the sheet
    log = plain(client.get(f"/games/{game.pk}/log/").content.decode())
    assert (
        "Reopened to change hand 2: the settle-up Ben pays Ana 12; Dee pays Ana 12; "
        "Eli pays Cy 12 was replaced." in log
    )
    actions = list(game.changes.order_by("pk").values_list("action", flat=True))
    assert actions[-3:] == [GameChange.ENDED, GameChange.REOPENED, GameChange.EDITED]


def test_the_edit_page_of_a_settled_hand_asks_first(client):
    game = settled_baronet(client)
    last = game.hands.order_by("position").last()
    response = client.get(f"/games/{game.pk}/hands/{last.pk}/edit/")
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/reopen/?hand={last.pk}&then=edit"
    response = client.get(f"/games/{game.pk}/hands/{last.pk}/delete/")
    assert response["Location"] == f"/games/{game.pk}/reopen/?hand={last.pk}&then=delete"


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain form", "htmx"])
@pytest.mark.parametrize("change", ["edit", "delete"])
def test_a_change_to_a_settled_hand_not_sent_through_reopen_is_refused(client, change, headers):
    game = settled_baronet(client)
    last = game.hands.order_by("position").last()
    version = game.version
    data = ANA_AND_CY_FALL_SHORT if change == "edit" else {}
    response = client.post(f"/games/{game.pk}/hands/{last.pk}/{change}/", data, headers=headers)
    assert response.status_code == 409
    assert f"{SETTLED} Nothing was changed: tap Reopen first." in plain(response.content.decode())
    game.refresh_from_db()
    last.refresh_from_db()
    assert game.version == version and last.deleted_at is None and last.facts["points"] == 7


def test_undo_of_the_winning_hand_is_refused_for_an_old_tab_and_an_outbox_sending_again():
    game = won_coralon()
    phone = Phone()
    last = game.hands.order_by("position").last()
    # An old tab drew its Undo before the game was won: its version is stale.
    stale = phone.post(f"/games/{game.pk}/hands/{last.pk}/delete/", {"version": game.version - 1})
    assert stale.status_code == 409
    # An outbox sending the same Undo again with the version it has now.
    for key in ("k" * 20, "k" * 20):
        again = phone.post(f"/games/{game.pk}/hands/{last.pk}/delete/", {"key": key})
        assert again.status_code == 409
        said = plain(again.content.decode())
        assert "Coralon is over (Ben won): changing a hand reopens it" in said
    assert game.hands.filter(deleted_at__isnull=True).count() == 4
    assert not GameChange.objects.filter(game=game, action=GameChange.REOPENED).exists()


def test_restoring_a_hand_of_a_finished_game_asks_first_too(client):
    game = make_game(hands=[EXACT_BEN] * 5)
    first = game.hands.order_by("position").first()
    deleted = client.post(f"/games/{game.pk}/hands/{first.pk}/delete/", {"reopen": "1"})
    assert deleted.status_code == 302
    game.refresh_from_db()
    assert game.is_finished  # Ben wins without it too
    sheet = client.get(game.get_absolute_url()).content.decode()
    assert f"/reopen/?hand={first.pk}&amp;then=restore" in sheet  # the Undo notice asks first
    refused = client.post(f"/games/{game.pk}/hands/{first.pk}/restore/")
    assert refused.status_code == 409
    page = client.get(f"/games/{game.pk}/reopen/?hand={first.pk}&then=restore")
    assert "Reopen and restore hand 1" in page.content.decode()
    response = client.post(f"/games/{game.pk}/hands/{first.pk}/restore/", {"reopen": "1"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.hand_count == 5


def test_reopen_and_delete_the_winning_hand_plays_on(client):
    game = won_coralon()
    last = game.hands.order_by("position").last()
    page = client.get(f"/games/{game.pk}/reopen/?hand={last.pk}&then=delete").content.decode()
    assert "Coralon is over (Ben won): changing a hand reopens it" in plain(page)
    response = client.post(f"/games/{game.pk}/hands/{last.pk}/delete/", {"reopen": "1"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert not game.is_finished and game.hand_count == 3
    log = plain(client.get(f"/games/{game.pk}/log/").content.decode())
    assert "Reopened to change hand 4; Ben had won." in log
    # Back in play: Undo is one tap again.
    assert "Undo the last hand" in plain(client.get(game.get_absolute_url()).content.decode())


def test_a_session_reopened_to_play_on_keeps_its_settle_up_in_the_log(client):
    game = settled_baronet(client)
    assert client.post(f"/games/{game.pk}/reopen/").status_code == 302
    log = plain(client.get(f"/games/{game.pk}/log/").content.decode())
    assert (
        "Reopened to play on: the settle-up Ben pays Ana 12; Dee pays Ana 12; "
        "Eli pays Cy 12 was replaced." in log
    )


def test_the_reopen_page_in_german(client):
    game = settled_baronet(client)
    last = game.hands.order_by("position").last()
    page = client.get(
        f"/games/{game.pk}/reopen/?hand={last.pk}&then=edit", headers={"Accept-Language": "de"}
    ).content.decode()
    said = "die Abrechnung Ben zahlt Ana 12; Dee zahlt Ana 12; Eli zahlt Cy 12 wird ersetzt"
    assert said in plain(page)
