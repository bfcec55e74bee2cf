"""Importing a big games file on a phone: the page follows the import in the
background and ends on the games it brought in."""

from __future__ import annotations

import re

import pytest
from django_tasks_db.models import DBTaskResult
from playwright.sync_api import Page, expect

from tests.factories import make_game
from tests.web.test_import_jobs import work
from vinescore.records.export import iter_records
from vinescore.table.models import Game, Player

pytestmark = pytest.mark.browser

BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


@pytest.mark.django_db(transaction=True)
def test_a_big_import_is_followed_on_its_page_until_the_games_show(
    page: Page, settings, tmp_path
) -> None:
    settings.IMPORT_DIR = tmp_path
    settings.IMPORT_INLINE_BYTES = 0  # every file counts as big
    make_game(hands=[BEN_13, BEN_13])
    content = "".join(iter_records(Game.objects.all())).encode()
    Game.objects.all().delete()
    Player.objects.all().delete()

    page.goto("/games/import/")
    expect(page.get_by_text("Up to 200 MB here.")).to_be_visible()
    page.locator("#id_file").set_input_files(
        files=[{"name": "tuesday.json", "mimeType": "application/json", "buffer": content}]
    )
    page.get_by_role("button", name="Import").tap()
    expect(page.get_by_role("heading", name="Import of tuesday.json")).to_be_visible()
    expect(page.get_by_role("status")).to_contain_text("Starting on")

    # Queued for the tasks worker, which runs here; the page notices by itself.
    assert DBTaskResult.objects.ready().count() == 1
    work()
    expect(page.get_by_role("status")).to_have_text("Imported 1 game.", timeout=6_000)
    expect(page.locator("a.card")).to_contain_text("Ana, Ben, Cy, Dee")
    page.locator("a.card").tap()
    expect(page).to_have_url(re.compile(re.escape(Game.objects.get().get_absolute_url()) + "$"))
