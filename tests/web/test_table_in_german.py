"""The table in German: a phone whose browser asks for German gets the
sheet, its forms, their messages and the change log in German; one that
asks for nothing, or for English, gets English, even right after a German
phone had the same page kept."""

import html
import json
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from tests.factories import make_game, make_player, seat_data
from tests.phone import Phone
from vinescore.table.models import Game, Hand, duration_words
from vinescore.table.rescoring import rescored_words

pytestmark = pytest.mark.django_db

GERMAN = {"Accept-Language": "de"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}
MISS = {"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}  # Ana bids 5 and takes 3
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


@pytest.fixture(autouse=True)
def english_after():
    """A request leaves its language active in the thread (LocaleMiddleware
    activates it and nothing deactivates it): the tests after these start
    in the default language again."""
    yield
    translation.deactivate()


def text(response) -> str:
    return html.unescape(response.content.decode())


def test_the_sheet_is_in_german_for_a_german_phone(client):
    game = make_game(first_dealer=1, hands=[MISS])
    page = text(client.get(game.get_absolute_url(), headers=GERMAN))
    assert "Spielblatt" in page
    assert "Runde 2 · <strong>Cy</strong> gibt" in page
    assert "Runde 2 werten" in page
    assert "Ben hat gegeben." in page
    assert "Änderungsprotokoll" in page and "Dieses Spiel löschen" in page
    assert "Score sheet" not in page and "Change log" not in page


def test_a_phone_that_asks_for_nothing_gets_english(client):
    game = make_game(first_dealer=1)
    page = text(client.get(game.get_absolute_url()))
    assert "No hands yet." in page
    assert "Hand 1 · <strong>Ben</strong> deals" in page
    assert "Spielblatt" not in page and "Noch keine Runden" not in page


def test_an_english_then_a_german_visitor_of_one_sheet_each_get_their_own(client):
    game = make_game(hands=[MISS, MISS])
    english = text(client.get(game.get_absolute_url(), headers=ENGLISH))
    german = text(client.get(game.get_absolute_url(), headers=GERMAN))
    again = text(client.get(game.get_absolute_url(), headers=ENGLISH))
    assert "Score hand 3" in english and "Runde 3 werten" not in english
    assert "Runde 3 werten" in german and "Score hand 3" not in german
    assert "Score hand 3" in again and "Runde 3 werten" not in again


def test_the_live_sheet_a_german_phone_polls_is_german_after_an_english_one(client):
    game = make_game(hands=[MISS])
    live = f"/games/{game.pk}/live/"
    htmx = {"HX-Request": "true"}
    english = text(client.get(live, headers=htmx | ENGLISH))
    german = text(client.get(live, headers=htmx | GERMAN))
    assert "Score hand 2" in english
    assert "Runde 2 werten" in german and "Score hand 2" not in german


def test_the_games_list_cards_follow_the_language(client):
    make_game(hands=[MISS, MISS])
    english = text(client.get("/", headers=ENGLISH))
    german = text(client.get("/", headers=GERMAN))
    assert "2 hands" in english and "In progress" in english
    assert "2 Runden" in german and "Laufend" in german and "2 hands" not in german


def test_the_start_form_labels_and_refusals_are_german(client):
    players = [make_player(n) for n in ("Ana", "Ben", "Cy")]
    form = text(client.get("/games/new/coralon/", headers=GERMAN))
    assert "Platz 1" in form and "Erster Geber" in form and "Auslosen" in form
    assert "Spiel starten" in form
    response = client.post("/games/new/coralon/", seat_data(*players[:1]), headers=GERMAN)
    assert response.status_code == 422
    assert "Coralon ist für 3 bis 6 Spieler; 1 sitzt am Tisch." in text(response)
    assert not Game.objects.exists()


def test_two_seats_for_one_person_are_refused_in_german(client):
    ana, ben, cy = (make_player(n) for n in ("Ana", "Ben", "Cy"))
    data = seat_data(ana, ben, cy) | {"seat_3": "", "seat_3_name": "ana"}
    response = client.post("/games/new/coralon/", data, headers=GERMAN)
    assert response.status_code == 422
    assert "Ana sitzt schon." in text(response)
    assert not Game.objects.exists()


def test_a_hand_sent_to_a_finished_game_is_refused_in_german(client):
    game = make_game(hands=[EXACT_BEN] * 4)
    assert game.is_finished
    response = client.post(
        f"/games/{game.pk}/hands/",
        {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", ""]},
        headers={"HX-Request": "true"} | GERMAN,
    )
    assert response.status_code == 409
    assert "Dieses Spiel ist beendet: Öffne es wieder" in text(response)
    assert Hand.objects.count() == 4


def test_the_change_log_is_in_german(client):
    game = make_game(hands=[MISS, MISS])
    hand = game.live_hands()[1]
    client.post(
        f"/games/{game.pk}/hands/{hand.pk}/edit/",
        {"bidder": "0", "bid": "3", "tricks": ["3", "5", "3", "2"]},
    )
    client.post(f"/games/{game.pk}/note/", {"note": "Bei Cy"})
    page = text(client.get(f"/games/{game.pk}/log/", headers=GERMAN))
    log = page[page.index('<ol class="log">') : page.index("</ol>")]
    assert "Runde 1 gewertet: " in log
    assert "von Ana von 5 auf 3 geändert" in log
    assert "Notiz hinzugefügt: „Bei Cy“." in log
    assert "Eingetragen" in log and "Geändert" in log
    assert "scored:" not in log and "changed from" not in log


def test_a_stale_form_is_told_what_moved_on_in_german(client):
    game = make_game(hands=[MISS])
    stale = game.version
    client.post(
        f"/games/{game.pk}/hands/",
        {"bidder": "0", "bid": "5", "tricks": ["3", "4", "4", "2"]},
    )
    response = client.post(
        f"/games/{game.pk}/hands/",
        {"version": str(stale), "bidder": "0", "bid": "5", "tricks": ["3", "4", "4", "2"]},
        headers={"HX-Request": "true"} | GERMAN,
    )
    assert response.status_code == 409
    assert "Runde 2 war schon eingetragen, auf einem anderen Handy" in text(response)


def test_a_players_page_is_german(client):
    make_game(hands=[EXACT_BEN] * 4)
    ben = make_player("Ben")
    page = text(client.get(f"/players/{ben.pk}/", headers=GERMAN))
    assert "1 beendetes Spiel" in page
    assert "Gewinnquote" in page and "Direkter Vergleich" in page


def test_a_rescoring_is_told_in_german():
    before = {"totals": [31, 12], "winner": "Ana & Cy"}
    after = {"sides": ["Ana & Cy", "Ben & Dee"], "totals": [19, 12], "winner": "Ben & Dee"}
    with translation.override("de"):
        said = rescored_words(before, after)
    assert (
        said
        == "Neu gewertet nach den berichtigten Regeln: Ana & Cy 31 -> 19; Ben & Dee gewinnen jetzt"
    )


def test_how_long_a_game_took_is_said_in_german():
    first = datetime(2026, 11, 3, 19, 0, tzinfo=UTC)
    with translation.override("de"):
        assert duration_words(first, first + timedelta(minutes=65)) == "1 Std. 5 Min."
        assert duration_words(first, first + timedelta(seconds=30)) == "1 Min."
    assert duration_words(first, first + timedelta(minutes=65)) == "1 h 5 min"


def test_a_refused_import_says_where_in_german(client):
    record = {"format": "vinescore-games", "version": 1, "games": [{"game": "coralon"}]}
    record["games"][0]["players"] = ["Ana"]
    upload = SimpleUploadedFile("x.json", json.dumps(record).encode())
    response = client.post("/games/import/", {"file": upload}, headers=GERMAN)
    assert response.status_code == 422
    assert (
        "Nichts wurde importiert. Spiel 1 (Coralon), players: Coralon ist für 3 bis 6 Spieler; "
        "1 ist aufgeführt." in text(response)
    )
    assert not Game.objects.exists()


def test_a_deleted_game_says_when_in_german_dates(client):
    game = make_game(hands=[MISS])
    client.post(f"/games/{game.pk}/delete/")
    english = text(client.get(game.get_absolute_url(), headers=ENGLISH))
    german = text(client.get(game.get_absolute_url(), headers=GERMAN))
    # The server's time, named, until the phone shows it in its own zone.
    moment = r'<time datetime="[^"]+" data-moment="time">'
    assert re.search(
        rf"was deleted on {moment}\d{{1,2}} [A-Z][a-z]{{2}}, \d\d:\d\d UTC</time>\.", english
    )
    assert re.search(
        rf"wurde am {moment}\d{{1,2}}\. [A-ZÄ][a-zä]+, \d\d:\d\d UTC</time> gelöscht\.", german
    )


def test_a_spectator_watches_in_their_own_language(client):
    game = make_game(hands=[MISS])
    client.post(f"/games/{game.pk}/watch-links/")
    address = f"/watch/{game.watch_links.get().token}/"
    stranger = Phone(user=None)
    english = text(stranger.get(address, headers=ENGLISH))
    german = text(stranger.get(address, headers=GERMAN))
    assert "Score sheet" in english and "Spielblatt" not in english
    assert "Spielblatt" in german and "Score sheet" not in german
    link = game.watch_links.get()
    client.post(f"/games/{game.pk}/watch-links/{link.pk}/revoke/")
    withdrawn = stranger.get(address, headers=GERMAN)
    assert withdrawn.status_code == 410
    assert "Dieser Link wurde zurückgezogen" in text(withdrawn)
