"""A games file too big to import while the page waits is queued as a task
(Django's tasks framework, its database backend) and imported by the tasks
worker; the job's page shows how far it got, then the games or why nothing
was imported. Here the worker runs in the test's own process when the test
says so (`work()`), over the queue in the test database; the last test runs
`manage.py db_worker` as a process of its own, as `make run` does."""

import json
import os
import signal
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from tests.commands import manage
from tests.factories import default_group, make_game
from vinescore.records.models import ImportJob
from vinescore.records.tasks import import_upload
from vinescore.table.models import Game, Hand, Player

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
ANA_MISSES = {"bidder": 0, "bid": 5, "tricks": [3, 4, 4, 2]}


@pytest.fixture
def upload(settings, tmp_path, django_capture_on_commit_callbacks):
    """Every upload goes to an import job, queued as the page queues it: once
    the request's writes are committed."""
    settings.IMPORT_DIR = tmp_path / "imports"
    settings.IMPORT_INLINE_BYTES = 0

    def send(client, content: bytes, name: str = "games.json", **data):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(
                "/games/import/", {"file": SimpleUploadedFile(name, content), **data}
            )

    return send


def work() -> None:
    """The tasks worker, in this process: takes each task queued, in the
    queue's order, and runs it, as `manage.py db_worker` does (but for
    closing the database connection between tasks, which would end the
    test's transaction)."""
    worker = Worker(
        queue_names=["default"],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id="in-the-test",
        excluded_queue_names=[],
    )
    while (queued := DBTaskResult.objects.ready().first()) is not None:
        queued.claim(worker.worker_id)
        worker.run_task(queued)


def exported_file(client) -> bytes:
    """The games as exported, then taken out of the database, so that the
    file brings them back."""
    response = client.get("/games/export.json")
    content = b"".join(response.streaming_content)
    Game.objects.all().delete()
    Player.objects.all().delete()
    return content


def page_of(client, job: ImportJob) -> str:
    return client.get(job.get_absolute_url()).content.decode()


def silent_since_long_ago(job: ImportJob) -> None:
    long_ago = timezone.now() - ImportJob.SILENCE - timedelta(seconds=1)
    ImportJob.objects.filter(pk=job.pk).update(updated_at=long_ago)


def test_a_big_file_is_queued_and_its_page_shows_the_games_once_the_worker_ran(client, upload):
    make_game(hands=[ANA_MISSES, BEN_13])
    make_game(names=("Eli", "Fay", "Cy", "Dee"), hands=[BEN_13])
    response = upload(client, exported_file(client), "tuesday.json")

    job = ImportJob.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/import/{job.pk}/"
    waiting = page_of(client, job)
    assert "Import of tuesday.json" in waiting and "Starting on" in waiting
    assert not Game.objects.exists()
    [queued] = DBTaskResult.objects.all()
    assert queued.status == TaskResultStatus.READY and queued.task_name == "import_upload"
    assert queued.task_result.args == [job.pk]

    work()
    page = page_of(client, job)
    assert "Imported 2 games." in page
    games = Game.objects.order_by("pk")
    assert [g.final_totals for g in games] == [[0, 17, 4, 2], [0, 13, 0, 0]]
    assert {game.group for game in games} == {job.group} == {default_group()}
    for game in games:
        assert f'href="{game.get_absolute_url()}"' in page
    assert "Ana, Ben, Cy, Dee" in page and "Eli, Fay, Cy, Dee" in page
    assert not job.upload_path.exists()
    queued.refresh_from_db()
    assert queued.status == TaskResultStatus.SUCCESSFUL


def test_a_bad_file_in_the_background_imports_nothing_and_its_page_says_where(client, upload):
    make_game(hands=[BEN_13])
    make_game(hands=[ANA_MISSES])
    data = json.loads(exported_file(client))
    data["games"][1]["hands"][0]["facts"]["tricks"] = [3, 4, 4, 3]
    upload(client, json.dumps(data).encode())

    work()
    job = ImportJob.objects.get()
    page = page_of(client, job)
    assert "Nothing was imported. Game 2 (Coralon), hand 1, tricks" in page
    assert "Import a file" in page and "every 2s" not in page
    assert not Game.objects.exists() and not Hand.objects.exists() and not Player.objects.exists()
    assert not job.upload_path.exists()


def test_a_file_that_is_not_a_games_file_fails_its_job_with_the_reason(client, upload):
    upload(client, b'{"format": "other"}')
    work()
    page = page_of(client, ImportJob.objects.get())
    assert "Nothing was imported. The file has no &quot;games&quot; list." in page


def test_why_nothing_was_imported_is_said_in_the_language_of_the_page_that_uploaded(client, upload):
    make_game(hands=[BEN_13])
    data = json.loads(exported_file(client))
    data["games"][0]["hands"][0]["facts"]["tricks"] = [3, 4, 4, 3]
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "de"
    upload(client, json.dumps(data).encode())

    work()  # in a worker that speaks English by default
    job = ImportJob.objects.get()
    assert job.language == "de"
    assert job.error.startswith("Nichts wurde importiert. ")
    assert "Nichts wurde importiert." in page_of(client, job)


def test_the_job_page_shows_how_far_the_import_got_and_asks_again(client, upload):
    make_game(hands=[BEN_13])
    upload(client, exported_file(client))
    job = ImportJob.objects.get()
    job.size = 1000
    job.save()
    assert job.start()
    assert job.report(games=120, bytes_read=500)

    page = page_of(client, job)
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

    job.report(games=40, bytes_read=750, saving=True)
    assert "All checked; saved 40 games so far, 75% done." in page_of(client, job)


def test_the_page_of_a_finished_job_stops_asking(client, upload):
    make_game(hands=[BEN_13])
    upload(client, exported_file(client))
    work()
    page = page_of(client, ImportJob.objects.get())
    assert "Imported 1 game." in page
    assert "every 2s" not in page and 'http-equiv="refresh"' not in page


def test_the_task_writes_how_far_it_got_while_it_runs(client, upload, monkeypatch):
    make_game(hands=[BEN_13])
    make_game(hands=[ANA_MISSES])
    upload(client, exported_file(client))
    monkeypatch.setattr(ImportJob, "BEAT", 0)  # every game's news written
    seen = []
    real_report = ImportJob.report

    def report(job, games, bytes_read, saving=False):
        running = real_report(job, games, bytes_read, saving)
        # What the job's page would read now, from the row.
        seen.append(ImportJob.objects.get(pk=job.pk).progress())
        return running

    monkeypatch.setattr(ImportJob, "report", report)
    work()
    # Checked, then saved: games counted up in each, and the work with them.
    assert [(p.saving, p.games) for p in seen] == [(False, 1), (False, 2), (True, 2)]
    assert [p.percent for p in seen] == sorted(p.percent for p in seen)
    assert seen[1].percent <= 50 < seen[2].percent
    assert ImportJob.objects.get().status == ImportJob.DONE


@pytest.mark.parametrize("saving", [False, True])
def test_a_job_whose_worker_died_shows_failed_and_the_file_can_be_imported_again(
    client, upload, saving
):
    make_game(hands=[BEN_13])
    content = exported_file(client)
    upload(client, content)
    job = ImportJob.objects.get()
    job.start()  # and then the worker was killed
    job.report(games=3, bytes_read=10, saving=saving)
    silent_since_long_ago(job)

    page = page_of(client, job)
    if saving:
        assert "The import stopped part way (the server may have restarted)." in page
        assert "Games it had saved by then may be in History" in page
    else:
        assert "Nothing was imported: the import stopped before it finished" in page
    assert "every 2s" not in page
    job.refresh_from_db()
    assert job.status == ImportJob.FAILED and not job.upload_path.exists()

    work()  # its task, should a worker come to it: the job is over, left alone
    assert not Game.objects.exists()
    upload(client, content)
    work()
    assert "Imported 1 game." in page_of(client, ImportJob.objects.latest("pk"))


def test_a_job_no_worker_takes_shows_failed_and_is_not_run_later(client, upload):
    make_game(hands=[BEN_13])
    upload(client, exported_file(client))
    job = ImportJob.objects.get()
    assert "Starting on" in page_of(client, job)
    silent_since_long_ago(job)

    page = page_of(client, job)
    assert "Nothing was imported: the import did not start" in page
    assert "import worker may not be running" in page and "every 2s" not in page
    work()  # a worker started at last
    assert not Game.objects.exists()
    assert ImportJob.objects.get().status == ImportJob.FAILED


def test_a_job_waiting_its_turn_behind_another_import_is_not_taken_for_dead(client, upload):
    make_game(hands=[BEN_13])
    content = exported_file(client)
    upload(client, content, "first.json")
    upload(client, content, "second.json", copy="on")
    first, second = ImportJob.objects.order_by("pk")
    first.start()
    silent_since_long_ago(second)
    first.report(games=5, bytes_read=10)  # the worker, busy with the first

    assert "Starting on" in page_of(client, second)
    assert ImportJob.objects.get(pk=second.pk).status == ImportJob.WAITING


def test_a_running_job_that_beats_is_not_taken_for_dead(client, upload):
    make_game(hands=[BEN_13])
    upload(client, exported_file(client))
    job = ImportJob.objects.get()
    job.start()
    silent_since_long_ago(job)
    job.report(games=5, bytes_read=10)  # a beat just now

    assert "Checked 5 games so far" in page_of(client, job)
    job.refresh_from_db()
    assert job.status == ImportJob.RUNNING


def test_a_job_given_up_on_while_it_saves_stops_and_takes_back_what_it_saved(
    client, upload, monkeypatch
):
    make_game(hands=[BEN_13])
    make_game(hands=[ANA_MISSES])
    upload(client, exported_file(client))
    monkeypatch.setattr(ImportJob, "BEAT", 0)
    real_report = ImportJob.report

    def report(job, games, bytes_read, saving=False):
        if saving:  # its page gives up on it just as a batch was saved
            ImportJob.objects.filter(pk=job.pk).update(status=ImportJob.FAILED, error="gave up")
        return real_report(job, games, bytes_read, saving)

    monkeypatch.setattr(ImportJob, "report", report)
    work()
    job = ImportJob.objects.get()
    assert job.status == ImportJob.FAILED and job.error == "gave up"
    assert not Game.objects.exists() and not Player.objects.exists()
    assert not job.upload_path.exists()


def test_a_job_that_cannot_keep_its_file_says_so_and_queues_nothing(client, upload, monkeypatch):
    def no_room(job, upload):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(ImportJob, "keep_upload", no_room)
    make_game(hands=[BEN_13])
    response = upload(client, exported_file(client))
    page = client.get(response["Location"]).content.decode()
    assert "the import could not start (No space left on device)" in page
    assert not DBTaskResult.objects.exists() and not Game.objects.exists()


def test_a_job_runs_once(client, upload):
    make_game(hands=[BEN_13])
    upload(client, exported_file(client))
    job = ImportJob.objects.get()
    import_upload.enqueue(job.pk)  # queued twice
    work()
    assert Game.objects.count() == 1
    assert DBTaskResult.objects.successful().count() == 2
    assert "Imported 1 game." in page_of(client, job)


def test_a_small_file_is_imported_while_the_page_waits(client, upload, settings):
    settings.IMPORT_INLINE_BYTES = 1024 * 1024
    make_game(hands=[BEN_13])
    response = upload(client, exported_file(client))
    assert response.status_code == 200 and "Imported 1 game." in response.content.decode()
    assert not ImportJob.objects.exists() and not DBTaskResult.objects.exists()


def test_an_unknown_job_is_not_found(client):
    assert client.get("/games/import/999/").status_code == 404


def test_a_big_file_of_games_the_group_holds_is_refused_by_name_or_imported_as_a_copy(
    client, upload
):
    game = make_game(hands=[BEN_13])
    content = b"".join(client.get("/games/export.json").streaming_content)
    upload(client, content, "again.json")
    work()
    page = page_of(client, ImportJob.objects.get())
    assert "Nothing was imported. Game 1 (Coralon): Coralon of " in page
    assert "with Ana, Ben, Cy and Dee is already in this group." in page

    upload(client, content, "again.json", copy="on")
    copying = ImportJob.objects.latest("pk")
    assert copying.as_copy
    work()
    assert "Imported 1 game." in page_of(client, copying)
    copy = Game.objects.exclude(pk=game.pk).get()
    assert copy.uid != game.uid and copy.final_totals == game.final_totals


# The whole way, in processes of their own on a SQLite file, as `make run`
# runs them: the Import page queues the file, `manage.py db_worker` imports
# it, the job's page ends on the games; the worker stops on SIGTERM.
UPLOAD_AND_FOLLOW = """
import json, time
from django.contrib.auth import get_user_model
from django.test import Client
from vinescore.accounts.models import Group
user = get_user_model().objects.create_user("host")
Group.objects.start("Big night", user)
phone = Client(HTTP_HOST="127.0.0.1")
phone.force_login(user)
with open({path!r}, "rb") as fp:
    response = phone.post("/games/import/", {{"file": fp}})
location, page = response.get("Location", ""), ""
deadline = time.monotonic() + {seconds}
while location and time.monotonic() < deadline:  # until the page stops asking
    time.sleep(0.2)
    page = phone.get(location).content.decode()
    if "every 2s" not in page:
        break
print(json.dumps({{"status": response.status_code, "location": location, "page": page}}))
"""


@pytest.mark.django_db(False)
def test_a_worker_process_imports_a_file_queued_by_the_page(tmp_path):
    games = 300
    record = {
        "game": "coralon",
        "players": ["Ana", "Ben", "Cy", "Dee"],
        "target": None,
        "stakes": None,
        "hands": [{"facts": BEN_13}] * 3,
    }
    path = tmp_path / "games.json"
    with path.open("w") as out:
        json.dump({"format": "vinescore-games", "version": 1, "games": [record] * games}, out)
        out.write(" " * (1024 * 1024))  # past what the page imports while it waits
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'tables.sqlite3'}",
        "IMPORT_DIR": str(tmp_path / "imports"),
        "SECRET_KEY": "test-only-not-secret",
        "HTTPS_ONLY": "false",
        "DEBUG": "false",
    }

    manage(env, "migrate", "--noinput", timeout=120)
    with (tmp_path / "worker.log").open("w") as log:
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "db_worker", "--no-reload", "--interval", "0.2"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            script = UPLOAD_AND_FOLLOW.format(path=str(path), seconds=60)
            seen = json.loads(manage(env, "shell", "--no-imports", "-c", script, timeout=120))
            assert seen["status"] == 302 and seen["location"].startswith("/games/import/")
            assert f"Imported {games} games." in seen["page"], seen["page"]
            # Stopped as make run stops it: at once when idle, and cleanly.
            worker.send_signal(signal.SIGTERM)
            assert worker.wait(timeout=10) == 0
        finally:
            worker.kill()
            worker.wait()
    said = (tmp_path / "worker.log").read_text()
    assert "import_upload" in said and "SUCCESSFUL" in said, said
    assert not any((tmp_path / "imports").iterdir())  # the file, forgotten once imported
