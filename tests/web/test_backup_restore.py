"""`manage.py backup FILE` and `manage.py restore FILE`: a server in use,
backed up and restored into a new database, shows every page and export
exactly as before, to each of its people and to a guest at the table, on
SQLite, on PostgreSQL, and moved from one to the other; no session is kept,
so every phone signs in again; a database that is not empty, a file that is
not a backup or was cut short, are refused and nothing changes."""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
import time
from datetime import timedelta
from importlib import import_module
from pathlib import Path
from unittest import mock

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group as AccountGroup
from django.contrib.auth.models import Permission
from django.core import serializers
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.core.signing import TimestampSigner, b62_encode
from django.db import connection

from tests.commands import manage as run_manage
from tests.factories import (
    NAMES,
    PASSWORD,
    make_game,
    make_member,
    make_player,
    make_user,
    seat_data,
)
from tests.phone import Phone
from vinescore.accounts.models import Group, Invitation, Membership, Session
from vinescore.backup.files import backed_up_models, label
from vinescore.club.models import Event
from vinescore.records.models import ImportJob
from vinescore.table.links import SpectatorLink, TableLink
from vinescore.table.models import Game, GameChange, Hand, Player, StartKey

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]
BEN_13 = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}
CY_5 = {"bidder": 2, "bid": 5, "tricks": [2, 3, 5, 3]}
DEE_4 = {"bidder": 3, "bid": 4, "tricks": [3, 2, 4, 4]}
BEN_4 = {"bidder": "1", "bid": "4", "tricks": ["3", "4", "2", "4"]}
START_KEY = "start-key-of-the-last-game"


class ServerInUse:
    """Two groups; an owner, a member and a viewer, an account in both
    groups, one linked to its player; a group of accounts for the admin,
    with a permission; open, used and withdrawn invitations; live and
    withdrawn spectator and table links, and a hand a guest entered through
    the table link; games of several kinds, with hands entered, edited,
    deleted and restored, a note, an ended session, a rematch, a merged
    player, a game started by the start form; an import that is done."""

    def __init__(self):
        self.owner = make_user("owner")
        self.group = Group.objects.start("Game night", self.owner)
        operators = AccountGroup.objects.create(name="Operators")
        operators.permissions.add(Permission.objects.get(codename="view_game"))
        self.owner.groups.add(operators)
        self.owner.user_permissions.add(Permission.objects.get(codename="change_player"))
        self.member = make_member("member")
        self.viewer = make_member("viewer", Membership.VIEWER)
        self.other_group = Group.objects.start("Cousins", make_user("cousin"))
        make_member("member", Membership.VIEWER, self.other_group)

        Invitation.objects.create(group=self.group, role=Membership.VIEWER)
        Invitation.objects.create(group=self.group).revoke()
        Invitation.objects.create(group=self.group).accept(make_user("newcomer"))

        self.coralon = make_game(hands=[BEN_13, CY_5, DEE_4])
        hands = list(self.coralon.hands.order_by("position"))
        self.coralon.edit_hand(hands[1], {**CY_5, "tricks": [3, 2, 5, 3]})
        self.coralon.delete_hand(hands[2])
        self.coralon.restore_hand(hands[2])
        self.coralon.delete_hand(hands[0])
        self.coralon.set_note("Ben left early")
        self.link = SpectatorLink.objects.create(game=self.coralon, created_by=self.member)
        SpectatorLink.objects.create(game=self.coralon).revoke()
        ana = Player.objects.get(name="Ana", group=self.group)
        ana.account = self.member
        ana.save()

        self.baronet = make_game("baronet", NAMES[:5])
        facts = {"bidder": 0, "bid": 6, "block": "war", "trump": "Cups", "partner": 2}
        table = self.baronet.sheet().next_table
        self.baronet.add_hand(self.baronet.rules.clean({**facts, "points": 7}, table))
        self.baronet.end_session()
        self.rematch = self.baronet.start_rematch()

        self.pad = make_game("pad", ("Eli", "Fay"), group=self.other_group)
        duplicate = make_player("Cy T")
        make_game("duel", ("Cy T", "Dee"))
        Player.objects.get(name="Cy", group=self.group).merge(duplicate)
        self.job = ImportJob.objects.create(
            group=self.group, file_name="old games.json", size=1234, status=ImportJob.DONE
        )
        self.job.first_games = [self.coralon.pk]
        self.job.games = 1
        self.job.save()

        self.table_link = TableLink.objects.create(game=self.coralon, created_by=self.member)
        TableLink.objects.create(game=self.coralon, created_by=self.owner).revoke()
        self.guest = Phone(user=None)
        assert self.guest.get(f"/t/{self.table_link.token}/").status_code == 302
        assert self.guest.post(f"/games/{self.coralon.pk}/hands/", BEN_4).status_code == 302

        seats = [Player.objects.get(name=n, group=self.group) for n in ("Dee", "Cy", "Ben")]
        self.start_form = seat_data(*seats, key=START_KEY)
        started = Phone(user="owner").post("/games/new/thief/", self.start_form)
        assert started.status_code == 302
        self.started = StartKey.objects.get(key=START_KEY).game

        organiser = Phone(user="owner")
        night = {"name": "Club night", "new_names": "Ana, Ben, Cy, Dee, Hal, Ida, Jo, Kit"}
        assert organiser.post("/events/new/coralon/", night | {"rounds": 2}).status_code == 302
        self.event = Event.objects.get()
        assert organiser.post(f"/events/{self.event.pk}/draw/", {"round": 1}).status_code == 302

    def pages(self) -> dict[tuple[str, str], str]:
        """Every page and export, as each person who may see it sees it."""
        games = list(Game.objects.order_by("pk"))
        players = list(Player.objects.order_by("pk"))
        invitations = list(Invitation.objects.order_by("pk"))
        seen = {}
        for who in ("owner", "member", "viewer"):
            phone = Phone(user=who)
            paths = ["/", "/history/", "/players/", "/accounts/", "/games/export.json"]
            paths += [f"/groups/{g.pk}/" for g in Group.objects.order_by("pk")]
            for game in games:
                url = game.get_absolute_url()
                paths += [
                    url,
                    url + "?all=1",
                    f"{url}log/",
                    f"{url}export.json",
                    f"{url}export.csv",
                ]
                paths += [f"{url}join/"]
            for player in players:
                paths += [f"/players/{player.pk}/", f"/players/{player.pk}/?other={players[0].pk}"]
            paths += [self.job.get_absolute_url()]
            event = f"/events/{self.event.pk}/"
            paths += ["/events/", event, f"{event}rounds/1/", f"{event}screen/"]
            for path in paths:
                seen[who, path] = shown(phone.get(path))
        anyone = Phone(user=None)
        screen = f"/screen/{self.event.screen_token}/"
        invited = [f"/invite/{i.token}/" for i in invitations]
        for path in [f"/watch/{self.link.token}/", screen, *invited]:
            seen["anyone", path] = shown(anyone.get(path))
        guest = Phone(user=None)  # scans the table link, then has the game and nothing else
        url = self.coralon.get_absolute_url()
        for path in [f"/t/{self.table_link.token}/", url, f"{url}log/", f"{url}join/", "/"]:
            # A guest phone's pages are kept offline under its own session's name.
            page = shown(guest.get(path))
            seen["guest", path] = re.sub(r'data-offline-id="\w+"', "GUEST", page)
        return seen


def shown(response) -> str:
    """What the visitor sees, less what differs on every request (the CSRF
    token and the one-time keys of the forms)."""
    body = b"".join(response) if response.streaming else response.content
    text = f"{response.status_code} {response.get('Content-Type')} {response.get('Location')}"
    text += f"\n{body.decode()}"
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "CSRF", text)
    text = re.sub(r"X-CSRFToken&quot;: &quot;[^&]+&quot;", "CSRF", text)
    text = re.sub(r'"X-CSRFToken": "[^"]+"', "CSRF", text)
    return re.sub(r'name="key" value="[^"]+"', "KEY", text)


@pytest.fixture
def same_moment():
    """Spectator links are signed with the moment they are shown: the same
    moment before and after, so the same links and QR codes."""
    now = b62_encode(int(time.time()))
    with mock.patch.object(TimestampSigner, "timestamp", return_value=now):
        yield


def emptied() -> None:
    """The database as `migrate` leaves a new one (its content types and
    permissions made afresh), and nothing kept in the cache."""
    call_command("flush", "--noinput", verbosity=0)
    cache.clear()


def manage(database_url: str, *args: str) -> str:
    """manage.py in a process of its own on `database_url`: what it printed."""
    return run_manage({**os.environ, "DATABASE_URL": database_url}, *args)


def counted() -> dict[str, int]:
    return {label(model): model._base_manager.count() for model in backed_up_models()}


def test_a_server_restored_from_its_backup_shows_every_page_as_before(tmp_path, same_moment):
    server = ServerInUse()
    before = server.pages()
    rows = counted()
    # A model a backup keeps with no row here would go through unchecked.
    assert [name for name, n in rows.items() if not n] == []
    backup = tmp_path / "vinescore.jsonl.gz"
    call_command("backup", str(backup), verbosity=0)
    emptied()
    assert not Game.objects.exists() and not get_user_model().objects.exists()

    call_command("restore", str(backup), verbosity=0)

    assert counted() == rows
    after = server.pages()
    assert after.keys() == before.keys()
    for page in before:
        assert after[page] == before[page], page
    assert sum(page.startswith("200 ") for page in before.values()) > 100
    url = server.coralon.get_absolute_url()
    assert "Ben left early" in before["owner", url]
    # The table link still seats a guest, who scores this game and sees the
    # hand a guest entered before; nothing else of the group opens.
    scanned = after["guest", f"/t/{server.table_link.token}/"]
    assert scanned.startswith("302 ") and scanned.endswith(f" {url}\n")
    assert 'guest-mark">Guest</span>' in after["guest", url]
    assert "Ben bid 4 and took exactly 4" in after["guest", url]
    assert "Entered by a guest at the table" in after["guest", f"{url}log/"]
    assert after["guest", "/"].startswith("302 ") and "/accounts/login/" in after["guest", "/"]


def test_accounts_keep_their_passwords_and_new_rows_follow_the_restored_ones(tmp_path):
    server = ServerInUse()
    backup = tmp_path / "vinescore.jsonl"
    call_command("backup", str(backup), verbosity=0)
    emptied()
    call_command("restore", str(backup), verbosity=0)

    phone = Phone(user=None)
    response = phone.post("/accounts/login/", {"username": "member", "password": PASSWORD})
    assert response.status_code == 302
    game = Game.objects.get(pk=server.coralon.pk)
    response = phone.post(
        f"/games/{game.pk}/hands/",
        {"bidder": "0", "bid": "3", "tricks": ["3", "4", "3", "3"]},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200 and "Ana bid 3 and took exactly 3" in response.text
    # Numbered after the restored rows (PostgreSQL's sequences were moved on).
    assert Hand.objects.latest("pk").facts["bid"] == 3
    assert GameChange.objects.latest("pk").action == GameChange.ADDED
    # The start form tapped before the backup, sent again, opens the game it started.
    owner = Phone(user=None)
    owner.post("/accounts/login/", {"username": "owner", "password": PASSWORD})
    games = Game.objects.count()
    again = owner.post("/games/new/thief/", server.start_form)
    assert again.status_code == 302 and again["Location"] == server.started.get_absolute_url()
    assert Game.objects.count() == games


def test_no_session_is_kept_so_every_phone_signs_in_again_after_a_restore(tmp_path):
    server = ServerInUse()
    member = Phone(user="member")
    assert member.get("/").status_code == 200
    url = server.coralon.get_absolute_url()
    assert 'guest-mark">Guest</span>' in server.guest.get(url).text
    keys = list(Session.objects.values_list("session_key", flat=True))
    assert len(keys) >= 3  # the member's, the guest's, the one that started a game
    backup = tmp_path / "vinescore.jsonl"
    call_command("backup", str(backup), verbosity=0)
    kept = backup.read_text()
    assert not [key for key in keys if key in kept]
    assert '"model": "accounts.session"' not in kept
    emptied()
    call_command("restore", str(backup), verbosity=0)

    assert not Session.objects.exists()
    signed_out = member.get("/")
    assert signed_out.status_code == 302 and signed_out["Location"] == "/accounts/login/?next=/"
    assert server.guest.get(url)["Location"].startswith("/accounts/login/")
    # The guest scans the table link again (it still works) and scores on.
    assert server.guest.get(f"/t/{server.table_link.token}/")["Location"] == url
    scored = server.guest.post(
        f"/games/{server.coralon.pk}/hands/",
        {"bidder": "2", "bid": "5", "tricks": ["2", "3", "5", "3"]},
        headers={"HX-Request": "true"},
    )
    assert scored.status_code == 200 and "Cy bid 5 and took exactly 5" in scored.text
    assert GameChange.objects.latest("pk").by_guest


def test_a_file_that_carries_sessions_is_restored_without_them(tmp_path):
    game = make_game(hands=[BEN_13])
    member = Phone(user="member")
    assert member.get(game.get_absolute_url()).status_code == 200
    backup = tmp_path / "vinescore.jsonl"
    call_command("backup", str(backup), verbosity=0)
    # The same file as a backup that kept the sessions would be.
    *lines, end = backup.read_text().splitlines(keepends=True)
    sessions = serializers.serialize(
        "jsonl", Session.objects.all(), use_natural_foreign_keys=True
    ).splitlines(keepends=True)
    ending = json.loads(end)
    ending["rows"] += len(sessions)
    backup.write_text("".join(lines + sessions) + json.dumps(ending) + "\n")
    assert sessions and '"model": "accounts.session"' in backup.read_text()
    emptied()

    call_command("restore", str(backup), verbosity=0)

    assert not Session.objects.exists() and Hand.objects.count() == 1
    assert member.get(game.get_absolute_url())["Location"].startswith("/accounts/login/")


def test_a_backup_from_before_the_game_links_moved_to_table_restores_them(tmp_path):
    game = make_game(hands=[BEN_13])
    table = TableLink.objects.create(game=game)
    watch = SpectatorLink.objects.create(game=game)
    backup = tmp_path / "vinescore.jsonl"
    call_command("backup", str(backup), verbosity=0)
    # The same file as a backup made then: the links were accounts' models,
    # and the database had neither migration that moved them.
    head, *rest = backup.read_text().splitlines(keepends=True)
    header = json.loads(head)
    header["migrations"]["accounts"].remove("0006_game_links_to_table")
    header["migrations"]["table"].remove("0017_game_links_from_accounts")
    old = [
        line.replace('"model": "table.tablelink"', '"model": "accounts.tablelink"').replace(
            '"model": "table.spectatorlink"', '"model": "accounts.spectatorlink"'
        )
        for line in rest
    ]
    backup.write_text(json.dumps(header) + "\n" + "".join(old))
    assert '"model": "accounts.tablelink"' in backup.read_text()
    emptied()

    call_command("restore", str(backup), verbosity=0)

    assert TableLink.objects.get().code == table.code
    assert list(TableLink.objects.get().games.all()) == [game]
    guest = Phone(user=None)
    assert guest.get(f"/t/{table.code}/")["Location"] == game.get_absolute_url()
    assert 'guest-mark">Guest</span>' in guest.get(game.get_absolute_url()).text
    assert Phone(user=None).get(f"/watch/{watch.token}/").status_code == 200


def test_a_backup_from_before_the_games_kept_their_play_times_restores_them(tmp_path):
    game = make_game(hands=[BEN_13, CY_5])
    first, last = game.hands.order_by("position")
    Hand.objects.filter(pk=last.pk).update(created_at=first.created_at + timedelta(minutes=50))
    game.refresh_result()
    backup = tmp_path / "vinescore.jsonl"
    call_command("backup", str(backup), verbosity=0)
    # The same file as a backup made then: a game's row had no play times.
    head, *rest = backup.read_text().splitlines(keepends=True)
    header = json.loads(head)
    header["migrations"]["table"].remove("0024_play_times_on_the_game")
    old = []
    for line in rest:
        row = json.loads(line)
        if row.get("model") == "table.game":
            del row["fields"]["first_hand_at"], row["fields"]["last_hand_at"]
        old.append(json.dumps(row) + "\n")
    backup.write_text(json.dumps(header) + "\n" + "".join(old))
    emptied()

    call_command("restore", str(backup), verbosity=0)

    assert "2 hands in 50 min" in Phone().get("/history/").text


def test_a_backup_moves_a_server_from_sqlite_to_postgresql(tmp_path, same_moment):
    if connection.vendor != "postgresql":
        pytest.skip("moves to PostgreSQL only when the suite runs on it (as CI runs it)")
    server = ServerInUse()
    before = server.pages()
    from_here = tmp_path / "from-postgresql.jsonl.gz"
    call_command("backup", str(from_here), verbosity=0)

    # A new SQLite server, restored from this one, then backed up in turn.
    sqlite = f"sqlite:///{tmp_path / 'laptop.sqlite3'}"
    manage(sqlite, "migrate", "--noinput", "--verbosity", "0")
    restored = manage(sqlite, "restore", str(from_here))
    assert "5 users" in restored and "8 games" in restored and "13 game changes" in restored
    assert "4 table links" in restored and "session" not in restored
    from_sqlite = tmp_path / "from-sqlite.jsonl"
    manage(sqlite, "backup", str(from_sqlite))
    assert json.loads(from_sqlite.open().readline())["database"] == "sqlite"

    emptied()
    call_command("restore", str(from_sqlite), verbosity=0)
    after = server.pages()
    for page in before:
        assert after[page] == before[page], page


def test_a_database_that_is_not_empty_is_refused_and_left_as_it_was(tmp_path):
    make_game(hands=[BEN_13])
    backup = tmp_path / "vinescore.jsonl"
    call_command("backup", str(backup), verbosity=0)
    Hand.objects.all().delete()
    with pytest.raises(CommandError, match="This database is not empty") as refusal:
        call_command("restore", str(backup), verbosity=0)
    assert "1 game," in str(refusal.value) and "restored only into a new, empty database" in str(
        refusal.value
    )
    assert Game.objects.count() == 1 and not Hand.objects.exists()


def test_the_commands_say_what_they_did_and_a_refusal_exits_non_zero(tmp_path):
    make_game(hands=[BEN_13])
    backup = tmp_path / "vinescore.jsonl.gz"
    call_command("backup", str(backup), verbosity=0)
    new = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    manage(new, "migrate", "--noinput", "--verbosity", "0")
    done = manage(new, "restore", str(backup))
    assert "Restored 1 user, 1 game group, 1 membership, 4 players, 1 game" in done
    again = subprocess.run(
        [sys.executable, "manage.py", "restore", str(backup)],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": new},
        capture_output=True,
        text=True,
    )
    assert again.returncode == 1
    assert "This database is not empty (it holds 1 user, 1 game group" in again.stderr


@pytest.mark.parametrize(
    "content, refusal",
    [
        ("", "is not a vinescore backup"),
        ('{"games": []}\n', "is not a vinescore backup"),
        ("not json at all", "is not a vinescore backup"),
        ('{"format": "vinescore-backup", "version": 99}\n', "made by a newer vinescore"),
    ],
    ids=["empty", "a games record", "text", "a newer format"],
)
def test_a_file_that_is_not_a_backup_is_refused(tmp_path, content, refusal):
    file = tmp_path / "file.json"
    file.write_text(content)
    with pytest.raises(CommandError, match=refusal):
        call_command("restore", str(file), verbosity=0)
    assert not get_user_model().objects.exists()


def test_a_backup_cut_short_restores_nothing(tmp_path):
    make_game(hands=[BEN_13, CY_5])
    backup = tmp_path / "vinescore.jsonl.gz"
    call_command("backup", str(backup), verbosity=0)
    lines = gzip.open(backup, "rt").read().splitlines()
    emptied()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[: len(lines) // 2]) + "\n")
    with pytest.raises(CommandError, match="ends early"):
        call_command("restore", str(cut), verbosity=0)
    assert not Game.objects.exists() and not get_user_model().objects.exists()


def test_a_compressed_backup_cut_short_restores_nothing(tmp_path):
    make_game(hands=[BEN_13, CY_5])
    backup = tmp_path / "vinescore.jsonl.gz"
    call_command("backup", str(backup), verbosity=0)
    emptied()
    whole = backup.read_bytes()
    backup.write_bytes(whole[: len(whole) * 3 // 4])
    with pytest.raises(CommandError, match="could not be restored, nothing was changed"):
        call_command("restore", str(backup), verbosity=0)
    assert not Game.objects.exists() and not get_user_model().objects.exists()


def test_a_backup_from_a_newer_vinescore_is_refused(tmp_path):
    make_game()
    backup = tmp_path / "vinescore.jsonl"
    call_command("backup", str(backup), verbosity=0)
    header, *rest = backup.read_text().splitlines(keepends=True)
    made = json.loads(header)
    made["migrations"]["table"].append("9999_from_the_future")
    backup.write_text(json.dumps(made) + "\n" + "".join(rest))
    emptied()
    with pytest.raises(CommandError, match="newer vinescore.*table 9999_from_the_future"):
        call_command("restore", str(backup), verbosity=0)


def test_a_backup_is_written_whole_or_not_at_all(tmp_path):
    make_game(hands=[BEN_13])
    backup = tmp_path / "nightly.jsonl"
    backup.write_text("last night's backup")
    with (
        mock.patch("vinescore.backup.files.rows", side_effect=OSError(28, "No space left")),
        pytest.raises(CommandError, match="cannot be written: No space left"),
    ):
        call_command("backup", str(backup), verbosity=0)
    assert backup.read_text() == "last night's backup"
    assert [p.name for p in tmp_path.iterdir()] == ["nightly.jsonl"]


def test_every_model_of_our_apps_but_sessions_is_kept_in_a_backup():
    sessions = import_module(settings.SESSION_ENGINE).SessionStore.get_model_class()
    ours = {
        model
        for config in apps.get_app_configs()
        if config.name.startswith("vinescore.")
        for model in config.get_models()
        if not model._meta.proxy
    }
    assert sessions in ours  # the sessions this server signs phones in with
    kept = set(backed_up_models())
    assert sessions not in kept
    assert kept >= ours - {sessions}
    labels = {model._meta.label for model in kept}
    assert {"auth.User", "auth.Group", "table.TableLink", "table.StartKey"} <= labels
    assert not {"contenttypes.ContentType", "auth.Permission", "sessions.Session"} & labels
    assert not any(name.startswith("axes.") or name.startswith("admin.") for name in labels)
