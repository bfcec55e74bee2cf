"""The files that make vinescore installable and keep it useful out of reach
of the server: the manifest, the service worker at the site's root, the
icons, the name each person's pages carry for the worker, and the sign-out
that takes the kept copies away."""

import json
import re
import struct
from urllib.parse import unquote

import pytest
from django.contrib.staticfiles import finders
from django.utils import timezone

from tests.factories import make_game, make_member, make_user
from tests.phone import Phone
from vinescore.accounts.models import Group
from vinescore.table.links import SpectatorLink
from vinescore.table.models import Game

pytestmark = pytest.mark.django_db


def png_size(path: str) -> tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_the_manifest_names_the_app_and_its_icons_for_anyone(anonymous):
    response = anonymous.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == manifest["short_name"] == "vinescore"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert icon["type"] == "image/png"
        name = icon["src"].removeprefix("/static/")
        original = re.sub(r"\.[0-9a-f]{12}\.png$", ".png", name)  # the manifest storage's hash
        side = int(icon["sizes"].split("x")[0])
        assert png_size(finders.find(original)) == (side, side)


def test_the_service_worker_is_served_from_the_root_fresh_each_time(anonymous):
    response = anonymous.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    # It keeps the app's own files, by the names the pages use.
    page = Phone().get("/").content.decode()
    for css in re.findall(r'href="(/static/css/[^"]+)"', page):
        assert f'"{css}"' in body
    assert '"/accounts/logout/"' in body


def test_the_policy_lets_the_worker_and_the_manifest_in(anonymous):
    policy = anonymous.get("/sw.js")["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy


def test_pages_link_the_manifest_and_the_icons(client):
    page = client.get("/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    assert 'rel="apple-touch-icon"' in page and 'rel="icon"' in page
    assert 'href="data:,"' not in page
    assert 'name="theme-color"' in page and "prefers-color-scheme: dark" in page


def test_each_person_s_pages_carry_a_name_of_their_own_for_the_worker(client):
    game = make_game()
    other = Phone(user="other")
    other.force_login(make_member("other"))
    mine = re.search(r'data-offline-id="([0-9a-f]*)"', client.get(game.get_absolute_url()).text)
    theirs = re.search(r'data-offline-id="([0-9a-f]*)"', other.get(game.get_absolute_url()).text)
    assert mine and theirs and mine[1] and theirs[1]
    assert mine[1] != theirs[1]
    # Kept pages are served to each with their own (the page cache holds one).
    again = re.search(r'data-offline-id="([0-9a-f]*)"', client.get(game.get_absolute_url()).text)
    assert again[1] == mine[1]


def test_a_visitor_not_signed_in_names_nobody(anonymous):
    make_member("member")  # past the first visit
    response = anonymous.get("/accounts/login/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'data-offline-id=""' in page


def test_signing_out_tells_the_browser_to_drop_what_it_kept(client):
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert response["Clear-Site-Data"] == '"cache"'
    assert client.get("/").status_code == 302  # signed out indeed


def test_the_hand_forms_go_through_the_outbox(client):
    game = make_game()
    page = client.get(game.get_absolute_url()).content.decode()
    assert re.search(r'<form id="hand-form"[^>]*data-outbox', page)
    assert "js/outbox" in page
    # What the outbox lists a hand by ("Ben, 4"): each chip's own label, as data.
    assert re.search(r'<input type="radio" name="bidder" value="1" [^>]*data-label="Ben">', page)


def test_a_guest_at_the_table_has_a_name_of_their_own_so_their_sheet_opens_offline(client):
    from tests.web.test_guests_at_the_table import seated_guest

    game = make_game()
    guest = seated_guest(client, game)
    found = [
        re.search(r'data-offline-id="([0-9a-f]*)"', phone.get(game.get_absolute_url()).text)[1]
        for phone in (guest, client)
    ]
    assert all(found) and len(set(found)) == 2


def test_a_sheet_tells_the_worker_in_its_headers_whose_it_is_and_what_to_list_it_as(client):
    # The service worker keeps a sheet by these, reading nothing of its HTML (sw.js).
    game = make_game()
    game.title = "Bär & Co <Friday>"
    game.save(update_fields=["title"])
    response = client.get(game.get_absolute_url())
    assert response.status_code == 200
    mine = re.search(r'data-offline-id="([0-9a-f]+)"', response.text)[1]
    assert response["X-Vinescore-Person"] == mine
    assert response["X-Vinescore-Title"] == "B%C3%A4r%20%26%20Co%20%3CFriday%3E"
    assert unquote(response["X-Vinescore-Title"]) == "Bär & Co <Friday>"
    assert response["Content-Language"] == "en-gb"
    # Each phone's own, never kept by a cache between phones or languages.
    assert {"Cookie", "Accept-Language"} <= {v.strip() for v in response["Vary"].split(",")}
    assert "private" in response["Cache-Control"] and "no-store" in response["Cache-Control"]
    german = client.get(game.get_absolute_url(), headers={"Accept-Language": "de"})
    assert german["Content-Language"] == "de" and german["X-Vinescore-Person"] == mine


def test_a_guest_s_sheet_names_their_phone_for_the_worker(client):
    from tests.web.test_guests_at_the_table import seated_guest

    game = make_game()
    response = seated_guest(client, game).get(game.get_absolute_url())
    guest = re.search(r'data-offline-id="([0-9a-f]+)"', response.text)[1]
    assert response["X-Vinescore-Person"] == guest
    assert guest != client.get(game.get_absolute_url())["X-Vinescore-Person"]


KEPT = ("X-Vinescore-Person", "X-Vinescore-Title")


def test_no_other_page_nor_anyone_who_may_not_see_the_sheet_gets_the_worker_s_headers(client):
    game = make_game()
    stranger = Phone(user=None)
    cousins = Group.objects.start("Cousins", make_user("cousin"))
    stranger.force_login(make_member("stranger", group=cousins))
    watch = f"/watch/{SpectatorLink.objects.create(game=game).token}/"
    htmx = {"HX-Request": "true"}
    answers = {
        "the games list": client.get("/"),
        "History": client.get("/history/"),
        "the sheet's live part": client.get(game.get_absolute_url(), headers=htmx),
        "another group's member": stranger.get(game.get_absolute_url()),
        "someone not signed in": Phone(user=None).get(game.get_absolute_url()),
        "a spectator": Phone(user=None).get(watch),
    }
    assert answers["the sheet's live part"].status_code == 200
    assert answers["a spectator"].status_code == 200
    assert answers["another group's member"].status_code in (403, 404)
    assert answers["someone not signed in"].status_code == 302
    for who, response in answers.items():
        assert not any(name in response for name in KEPT), who
    # A deleted game's address says so, and nothing there is kept.
    Game.objects.filter(pk=game.pk).update(deleted_at=timezone.now())
    gone = client.get(game.get_absolute_url())
    assert gone.status_code == 404 and "X-Vinescore-Person" not in gone
