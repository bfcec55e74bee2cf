"""A games file too big to import while the page waits is imported by a
process of its own; its page shows how far it got, then the games or why
nothing was imported. Here the process is the command run in the test
(record_views.start_import is replaced, so nothing is left running)."""

import json
import os
import time
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.utils import timezone

from tests.factories import default_group, make_game
from vinescore.table import record_views
from vinescore.table.management.commands import import_games
from vinescore.table.models import Game, Hand, ImportJob, Player

pytestmark = pytest.mark.django_db
BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
ANA_MISSES = {"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}


@pytest.fixture
def started(settings, tmp_path, monkeypatch) -> list[ImportJob]:
    """Every upload goes to an import job; the jobs the page would have
    started in a process of their own are collected instead."""
    settings.IMPORT_DIR = tmp_path / "imports"
    settings.IMPORT_INLINE_BYTES = 0
    jobs: list[ImportJob] = []
    monkeypatch.setattr(record_views, "start_import", jobs.append)
    return jobs


def exported_file(client) -> bytes:
    """The games as exported, then taken out of the database, so that the
    file brings them back."""
    response = client.get("/games/export.json")
    content = b"".join(response.streaming_content)
    Game.objects.all().delete()
    Player.objects.all().delete()
    return content


def upload(client, content: bytes, name: str = "games.json"):
    return client.post("/games/import/", {"file": SimpleUploadedFile(name, content)})


def run(job: ImportJob) -> None:
    call_command("import_games", "--job", str(job.pk))


def test_a_big_file_imports_in_the_background_and_its_page_shows_the_games(client, started):
    make_game(hands=[ANA_MISSES, BEN_13])
    make_game(names=("Eli", "Fay", "Cy", "Dee"), hands=[BEN_13])
    response = upload(client, exported_file(client), "tuesday.json")

    [job] = started
    assert response.status_code == 302 and response["Location"] == f"/games/import/{job.pk}/"
    waiting = client.get(response["Location"]).content.decode()
    assert "Import of tuesday.json" in waiting and "Starting on" in waiting
    assert not Game.objects.exists()

    run(job)
    page = client.get(f"/games/import/{job.pk}/").content.decode()
    assert "Imported 2 games." in page
    games = Game.objects.order_by("pk")
    assert [g.final_totals for g in games] == [[0, 17, 4, 2], [0, 13, 0, 0]]
    assert {game.group for game in games} == {job.group} == {default_group()}
    for game in games:
        assert f'href="{game.get_absolute_url()}"' in page
    assert "Ana, Ben, Cy, Dee" in page and "Eli, Fay, Cy, Dee" in page
    assert not job.upload_path.exists() and not job.progress_path.exists()


def test_a_bad_file_in_the_background_imports_nothing_and_its_page_says_where(client, started):
    make_game(hands=[BEN_13])
    make_game(hands=[ANA_MISSES])
    data = json.loads(exported_file(client))
    data["games"][1]["hands"][0]["facts"]["tricks"] = [3, 4, 4, 3]
    upload(client, json.dumps(data).encode())

    [job] = started
    run(job)
    page = client.get(f"/games/import/{job.pk}/").content.decode()
    assert "Nothing was imported. Game 2 (Coralon), hand 1, tricks" in page
    assert "Import a file" in page
    assert not Game.objects.exists() and not Hand.objects.exists() and not Player.objects.exists()
    assert not job.upload_path.exists()


def test_a_file_that_is_not_a_games_file_fails_its_job_with_the_reason(client, started):
    upload(client, b'{"format": "other"}')
    run(started[0])
    page = client.get(started[0].get_absolute_url()).content.decode()
    assert "Nothing was imported. The file has no &quot;games&quot; list." in page


def test_the_job_page_shows_how_far_the_import_got_and_asks_again(client, started):
    make_game(hands=[BEN_13])
    upload(client, exported_file(client))
    job = started[0]
    job.start()
    job.size = 1000
    job.save()
    job.report(games=120, bytes_read=500)

    page = client.get(job.get_absolute_url()).content.decode()
    assert "Checked 120 games so far, 50% done." in page
    assert '<progress max="100" value="50">' in page
    # Without JavaScript the page reloads itself; with it, htmx asks for
    # the part that changes every 2 seconds, from a real link.
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in page
    assert f'<a href="{job.get_absolute_url()}" hx-get="{job.get_absolute_url()}"' in page
    assert 'hx-trigger="every 2s"' in page

    part = client.get(job.get_absolute_url(), headers={"HX-Request": "true"}).content.decode()
    assert part.lstrip().startswith('<section id="import-job"')
    assert "Checked 120 games so far" in part and "<html" not in part


def test_the_page_of_a_finished_job_stops_asking(client, started):
    make_game(hands=[BEN_13])
    upload(client, exported_file(client))
    run(started[0])
    page = client.get(started[0].get_absolute_url()).content.decode()
    assert "Imported 1 game." in page
    assert "every 2s" not in page and 'http-equiv="refresh"' not in page


def test_the_command_reports_how_far_it_got_while_it_runs(client, started, monkeypatch):
    make_game(hands=[BEN_13])
    make_game(hands=[ANA_MISSES])
    upload(client, exported_file(client))
    job = started[0]
    reports = []
    monkeypatch.setattr(ImportJob, "BEAT", 0.01)
    monkeypatch.setattr(
        ImportJob, "report", lambda self, games, read, saving=False: reports.append((saving, games))
    )
    real_import = import_games.import_file

    def slow_import(fp, group, keep, progress, copy):
        def slowly(games, saving):
            progress(games, saving)
            time.sleep(0.1)

        return real_import(fp, group, keep, slowly, copy)

    monkeypatch.setattr(import_games, "import_file", slow_import)
    run(job)
    # Checked, then saved: games counted up in each.
    assert reports[0] == (False, 0) and (False, 2) in reports and (True, 2) in reports
    assert reports == sorted(reports)


@pytest.mark.parametrize("status", [ImportJob.WAITING, ImportJob.RUNNING])
def test_a_job_whose_process_died_shows_failed_and_the_file_can_be_imported_again(
    client, started, status
):
    make_game(hands=[BEN_13])
    content = exported_file(client)
    upload(client, content)
    job = started[0]
    if status == ImportJob.RUNNING:
        job.start()
        job.report(games=3, bytes_read=10)
    long_ago = timezone.now() - ImportJob.SILENCE - timedelta(seconds=1)
    ImportJob.objects.filter(pk=job.pk).update(updated_at=long_ago)
    if job.progress_path.exists():
        os.utime(job.progress_path, (long_ago.timestamp(), long_ago.timestamp()))

    page = client.get(job.get_absolute_url()).content.decode()
    assert "Nothing was imported: the import stopped before it finished" in page
    assert "every 2s" not in page
    job.refresh_from_db()
    assert job.status == ImportJob.FAILED and not job.upload_path.exists()

    upload(client, content)
    run(started[1])
    assert "Imported 1 game." in client.get(started[1].get_absolute_url()).content.decode()


def test_a_running_job_that_beats_is_not_taken_for_dead(client, started):
    make_game(hands=[BEN_13])
    upload(client, exported_file(client))
    job = started[0]
    job.start()
    long_ago = timezone.now() - ImportJob.SILENCE - timedelta(seconds=1)
    ImportJob.objects.filter(pk=job.pk).update(updated_at=long_ago)
    job.report(games=5, bytes_read=10)  # a beat just now

    assert "Checked 5 games so far" in client.get(job.get_absolute_url()).content.decode()
    job.refresh_from_db()
    assert job.status == ImportJob.RUNNING


def test_a_job_that_cannot_start_says_so(client, started, monkeypatch):
    def no_process(job):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(record_views, "start_import", no_process)
    make_game(hands=[BEN_13])
    response = upload(client, exported_file(client))
    page = client.get(response["Location"]).content.decode()
    assert "the import could not start (Resource temporarily unavailable)" in page
    assert not Game.objects.exists()


def test_a_job_runs_once(client, started):
    make_game(hands=[BEN_13])
    upload(client, exported_file(client))
    run(started[0])
    with pytest.raises(CommandError, match="no import job .* waiting to run"):
        run(started[0])
    assert Game.objects.count() == 1


def test_a_small_file_is_imported_while_the_page_waits(client, started, settings):
    settings.IMPORT_INLINE_BYTES = 1024 * 1024
    make_game(hands=[BEN_13])
    response = upload(client, exported_file(client))
    assert response.status_code == 200 and "Imported 1 game." in response.content.decode()
    assert not started and not ImportJob.objects.exists()


def test_an_unknown_job_is_not_found(client):
    assert client.get("/games/import/999/").status_code == 404


def test_a_big_file_of_games_the_group_holds_is_refused_by_name_or_imported_as_a_copy(
    client, started
):
    game = make_game(hands=[BEN_13])
    content = b"".join(client.get("/games/export.json").streaming_content)
    client.post("/games/import/", {"file": SimpleUploadedFile("again.json", content)})
    run(started[0])
    page = client.get(started[0].get_absolute_url()).content.decode()
    assert "Nothing was imported. Game 1 (Coralon): Coralon of " in page
    assert "with Ana, Ben, Cy and Dee is already in this group." in page

    client.post("/games/import/", {"file": SimpleUploadedFile("again.json", content), "copy": "on"})
    assert started[1].as_copy
    run(started[1])
    assert "Imported 1 game." in client.get(started[1].get_absolute_url()).content.decode()
    copy = Game.objects.exclude(pk=game.pk).get()
    assert copy.uid != game.uid and copy.final_totals == game.final_totals
