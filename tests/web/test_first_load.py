"""What a phone downloads the first time it opens a sheet: our own scripts
and styles minified as they are collected, the whole under 40 KB compressed
(the page, its scripts, styles and icon; Pyodide only for a kept game)."""

import gzip
import re
from unittest import mock

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage

from tests.factories import make_game
from vinescore.server.static_storage import MinifiedStaticFilesStorage

pytestmark = pytest.mark.django_db


def collected(name: str) -> bytes:
    # `make test` collects the static files first, as a deploy does.
    if not staticfiles_storage.exists(name):
        pytest.skip("static files not collected")  # pragma: no cover
    with staticfiles_storage.open(name) as f:
        return f.read()


def test_our_scripts_and_styles_are_served_minified_and_whole():
    for name in ("js/outbox.js", "js/vinescore.js", "css/vinescore.css"):
        source = open(finders.find(name), "rb").read()
        served = collected(staticfiles_storage.stored_name(name))
        assert len(served) < 0.9 * len(source)
        assert b"\n  //" not in served and b"/*" not in served
        # Every word a phone shows is still there (vinescore.offline.words gives them).
        for said in re.findall(rb't\("([^"\\]{12,})"', source):
            assert said in served, said


def test_an_ordinary_sheets_first_load_is_under_40_kb_compressed(client):
    game = make_game()
    page = client.get(game.get_absolute_url()).content
    assets = re.findall(rb'(?:src|href)="' + settings.STATIC_URL.encode() + rb'([^"]+)"', page)
    assert any(a.startswith(b"js/outbox.") for a in assets)
    assert not any(b"pyodide" in a or b"keep." in a for a in assets)
    total = len(gzip.compress(page))
    for asset in {a.decode() for a in assets}:
        if asset.endswith((".js", ".css", ".png")) and "apple-touch" not in asset:
            if "icon-192" in asset:
                continue  # for the home screen, not fetched to show the page
            total += len(
                collected(asset + ".gz")
                if staticfiles_storage.exists(asset + ".gz")
                else collected(asset)
            )
    assert total < 40 * 1024, total


def test_a_files_address_is_looked_up_in_the_manifest_once_a_process():
    storage = MinifiedStaticFilesStorage()
    if not storage.exists(storage.manifest_name):
        pytest.skip("static files not collected")  # pragma: no cover
    address = storage.url("css/vinescore.css")
    assert re.fullmatch(r"/static/css/vinescore\.[0-9a-f]{12}\.css", address)
    with mock.patch.object(storage, "stored_name", side_effect=AssertionError("looked up")):
        assert storage.url("css/vinescore.css") == address
        with pytest.raises(AssertionError, match="looked up"):
            storage.url("js/vinescore.js")  # another file is looked up as before
