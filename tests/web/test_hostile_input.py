"""What an attacker or a careless user can send, and what they get back: a
clear refusal beside the field (4xx, nothing saved) or a page that works;
never a 500, never half a change. Runs on SQLite and on PostgreSQL."""

import csv
import gzip
import io
import json
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings

from tests.factories import default_group, make_game, make_player
from tests.phone import Phone
from vinescore.names import clean_name
from vinescore.records.importer import import_records
from vinescore.records.views import megabytes
from vinescore.table.forms import PlayerForm
from vinescore.table.models import MAX_HANDS, Game, Hand, Player, Seat

pytestmark = pytest.mark.django_db
SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "game-record.schema.json"
GAME = json.loads(SCHEMA.read_text(encoding="utf-8"))["$defs"]["game"]["properties"]
MOST_STAKES = GAME["stakes"]["maximum"]  # the most a record may give, which the columns hold
BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


def games_file(*records: dict) -> bytes:
    return json.dumps({"format": "vinescore-games", "version": 1, "games": list(records)}).encode()


def coralon(**changes) -> dict:
    record = {
        "game": "coralon",
        "players": ["Ana", "Ben", "Cy", "Dee"],
        "target": 60,
        "stakes": None,
        "hands": [{"facts": BEN_13}],
    }
    return record | changes


def upload(client, content: bytes):
    return client.post("/games/import/", {"file": SimpleUploadedFile("games.json", content)})


def refused(response, *words: str) -> str:
    assert response.status_code == 422
    text = response.content.decode()
    for word in words:
        assert word in text
    return text


# --- import files ------------------------------------------------------------


@pytest.mark.parametrize(
    "created_at", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "0001-01-01T00:00Z"]
)
def test_a_game_dated_at_the_ends_of_the_calendar_is_refused(client, created_at):
    response = upload(client, games_file(coralon(created_at=created_at)))
    refused(response, "Nothing was imported.", "created_at: must be a time from 1900 to 2999")
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    "record",
    [
        coralon(players=["Ana\u0000", "Ben", "Cy", "Dee"]),
        coralon(game="pad", title="Night\u0000cap", target=None, players=["Ana"], hands=[]),
        coralon(hands=[{"facts": {**BEN_13, "note\u0000": 1}}]),
    ],
    ids=["name", "title", "fact name"],
)
def test_a_nul_character_anywhere_in_a_file_is_refused(client, record):
    response = upload(client, games_file(coralon(), record))
    refused(response, "Nothing was imported.", "Game 2: the text holds a NUL character")
    assert not Game.objects.exists() and not Player.objects.exists()


def test_lists_nested_a_hundred_thousand_deep_are_refused(client):
    deep = b"[" * 100_000 + b"]" * 100_000
    content = games_file(coralon()).replace(b'"hands": [', b'"hands": [' + deep + b", ")
    response = upload(client, content)
    refused(response, "Game 1: lists and objects nest more than 20 deep")
    assert not Game.objects.exists()


def test_a_file_over_the_limit_is_refused_with_its_size_and_the_command_for_it(client):
    content = games_file(coralon())
    content += b" " * (2 * 1024 * 1024 - len(content))
    with override_settings(MAX_IMPORT_BYTES=1024 * 1024):
        response = upload(client, content)
    refused(response, "The file is 2 MB; the most this page takes is 1 MB.", "import_games command")
    assert not Game.objects.exists()


def test_the_upload_page_states_its_limit_and_who_imports_bigger_files(client):
    page = client.get("/games/import/").content.decode()
    assert "Up to 200 MB here." in page and "manage.py" not in page
    assert "A file over 200 MB can be imported by whoever runs the server" in page
    assert "a bigger one is imported in the background" in page


def test_the_readme_and_the_import_page_state_the_same_upload_limit(client, settings):
    limit = megabytes(settings.MAX_IMPORT_BYTES)
    readme = (Path(settings.BASE_DIR) / "README.md").read_text(encoding="utf-8")
    stated = re.findall(
        r"(\d+ [KM]B)\s+through the Import page|a file of up to\s+(\d+ [KM]B)", readme
    )
    assert [a or b for a, b in stated] == [limit, limit]
    settings.MAX_IMPORT_BYTES = 30 * 1024 * 1024
    assert "Up to 30 MB here." in client.get("/games/import/").content.decode()


def test_a_game_of_more_hands_than_a_game_holds_is_refused(client):
    record = coralon(target=None, hands=[{"facts": BEN_13}] * (MAX_HANDS + 1))
    refused(upload(client, games_file(record)), f"a game holds at most {MAX_HANDS:,} hands")
    assert not Hand.objects.exists()


def test_twenty_thousand_players_in_one_game_are_refused_at_once(client):
    record = coralon(players=[f"P{i}" for i in range(20_000)])
    refused(
        upload(client, games_file(record)),
        "Game 1, players: no game seats more than 12 players; this lists more.",
    )


def test_names_in_a_file_are_checked_as_the_player_form_checks_them(client):
    make_player("kim")
    record = coralon(players=["Ana", "Ben", "\u212aim", "KIM"])  # Kelvin sign
    refused(upload(client, games_file(record)), "KIM is seated twice")
    refused(upload(client, games_file(coralon(players=["Ana", "Ben", "\u200b\u200b", "Dee"]))))
    (game,) = import_records(
        [coralon(players=["Ana", "Ben", "\u212aIM", "Dee"])], group=default_group()
    )
    assert game.seated_players()[2].name == "kim"


# --- totals, limits and whole changes ----------------------------------------


def test_a_coin_balance_beyond_two_thousand_million_is_kept_exactly():
    hand = {"bidder": 0, "bid": 6, "block": "war", "trump": "Cups", "partner": 2, "points": 7}
    record = {
        "game": "baronet",
        "players": ["Ana", "Ben", "Cy", "Dee", "Eli"],
        "stakes": MOST_STAKES,
        "target": None,
        "hands": [{"facts": hand}],
    }
    (game,) = import_records([record])
    totals = list(
        Seat.objects.filter(game=game).order_by("position").values_list("total", flat=True)
    )
    assert max(totals) > 2**31 - 1
    assert totals == game.final_totals


def test_a_full_game_takes_no_more_hands(client, monkeypatch):
    game = make_game(target=99_999, hands=[BEN_13])
    monkeypatch.setattr("vinescore.table.hand_forms.MAX_HANDS", 1)
    response = client.post(
        f"/games/{game.pk}/hands/", {"bidder": "1", "bid": "13", "tricks": ["0", "13", "0", "0"]}
    )
    refused(response, "A game holds at most 1 hands, and this one is full")
    assert game.hands.count() == 1


def test_a_hand_whose_totals_cannot_be_saved_leaves_nothing_behind(monkeypatch):
    game = make_game(target=99_999, hands=[BEN_13])

    def fails(self, *args, **kwargs):
        raise RuntimeError("the database refused the totals")

    # The game's new totals, written after the hand and its log line.
    monkeypatch.setattr(Game, "save", fails)
    client = Phone(raise_request_exception=False)
    response = client.post(
        f"/games/{game.pk}/hands/",
        {"bidder": "1", "bid": "13", "tricks": ["0", "13", "0", "0"], "version": game.version},
    )
    assert response.status_code == 500
    assert game.hands.count() == 1 and not game.changes.filter(hand__position=2).exists()


# --- names -------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, why",
    [
        ("\u202eevil", "text-direction control characters"),
        ("\u200b\u200b", "at least one letter, digit or sign that shows"),
    ],
)
def test_group_and_game_names_are_refused_as_player_names_are(client, name, why):
    from vinescore.accounts.models import Group

    groups = Group.objects.count()
    text = refused(client.post("/groups/new/", {"name": name}), why)
    assert 'aria-invalid="true" aria-describedby="id_name_helptext id_name_error"' in text
    assert Group.objects.count() == groups
    players = [make_player(n) for n in ("Ana", "Ben")]
    data = {"seat_1": players[0].pk, "seat_2": players[1].pk, "first_dealer": 0, "title": name}
    refused(client.post("/games/new/pad/", data), why)
    assert not Game.objects.exists()


def test_ali_with_a_dotted_capital_i_is_another_player_than_ali(client):
    make_player("Ali")
    assert client.post("/players/", {"name": "Al\u0130"}).status_code == 302
    assert Player.objects.count() == 2


def test_kim_spelled_with_the_kelvin_sign_is_kim(client):
    make_player("kim")
    refused(client.post("/players/", {"name": "\u212aim"}), "There is already a player called kim.")
    refused(client.post("/players/", {"name": "ｋｉｍ"}), "already a player called kim")


@pytest.mark.parametrize(
    "name, message",
    [
        ("\u200b\u200d\ufeff", "at least one letter, digit or sign that shows"),
        ("\u3164", "at least one letter, digit or sign that shows"),
        ("Ana\u202eneB", "text-direction control characters"),
        ("\u2067Ben", "text-direction control characters"),
        ("x" * 41, "at most 40 characters; this has 41"),
    ],
)
def test_names_that_could_pass_for_another_are_refused_beside_the_field(client, name, message):
    text = refused(client.post("/players/", {"name": name}), message)
    assert 'id="id_name"' in text or 'name="name"' in text
    assert not Player.objects.exists()


def test_two_phones_adding_the_same_new_name_at_once_get_a_message(client, monkeypatch):
    make_player("Zoe")
    # The other phone saves between this form's check and its save.
    monkeypatch.setattr(
        PlayerForm, "clean_name", lambda self: clean_name(self.cleaned_data["name"])
    )
    refused(client.post("/players/", {"name": "zoe"}), "There is already a player called Zoe.")
    ana = make_player("Ana")
    refused(
        client.post(f"/players/{ana.pk}/rename/", {"name": "ZOE"}), "already a player called Zoe"
    )
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Ana", "Zoe"]


# --- CSV ---------------------------------------------------------------------


def test_a_player_named_like_a_formula_is_plain_text_in_the_csv(client):
    game = make_game(
        names=('=HYPERLINK("https://evil.example")', "+Ben", "-Cy", "@Dee"), hands=[BEN_13]
    )
    rows = list(
        csv.reader(io.StringIO(client.get(f"/games/{game.pk}/export.csv").content.decode()))
    )
    cells = [cell for row in rows for cell in row]
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "@") or re.match(r"-\D", cell)]
    assert '\'=HYPERLINK("https://evil.example") scored' in rows[0]
    assert rows[1][3:5] == ["0", "0"]  # numbers stay numbers, minus signs and all


# --- headers -----------------------------------------------------------------


def test_pages_forbid_inline_scripts_and_styles_and_the_browser_features_unused(client):
    game = make_game(hands=[BEN_13])
    response = client.get(game.get_absolute_url())
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "camera=()" in response["Permissions-Policy"]
    ana = Player.objects.get(name="Ana")
    ben = Player.objects.get(name="Ben")
    for url in (game.get_absolute_url(), f"/players/{ana.pk}/", f"/players/{ana.pk}/vs/{ben.pk}/"):
        html = client.get(url).content.decode()
        assert " style=" not in html
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)


def test_pages_are_sent_compressed_to_browsers_that_accept_it(client):
    game = make_game(hands=[BEN_13] * 5)
    response = client.get(game.get_absolute_url(), headers={"Accept-Encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(response.content)


@override_settings(SECURE_SSL_REDIRECT=True, SECURE_REDIRECT_EXEMPT=[r"^up/$"])
def test_the_health_check_answers_over_plain_http_while_pages_move_to_https():
    client = Client()
    assert client.get("/up/").status_code == 200
    assert client.get("/history/").status_code == 301


def test_head_is_answered_wherever_get_is(client):
    game = make_game(hands=[BEN_13])
    hand = game.hands.get()
    ana = Player.objects.get(name="Ana")
    urls = [
        "/",
        "/up/",
        "/history/",
        "/players/",
        f"/players/{ana.pk}/",
        f"/players/{ana.pk}/rename/",
        "/games/new/",
        "/games/new/coralon/",
        game.get_absolute_url(),
        f"/games/{game.pk}/log/",
        f"/games/{game.pk}/export.json",
        f"/games/{game.pk}/export.csv",
        f"/games/{game.pk}/hands/{hand.pk}/edit/",
        f"/games/{game.pk}/hands/{hand.pk}/delete/",
        "/games/export.json",
        "/games/import/",
        "/records/",
        "/records/schema.json",
        "/rules/",
        "/rules/coralon/",
    ]
    for url in urls:
        assert client.head(url).status_code == client.get(url).status_code == 200, url
