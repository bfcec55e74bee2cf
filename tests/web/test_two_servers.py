"""Two app servers (two gunicorn processes on their own ports) on one
PostgreSQL database, each with its own memory or sharing one Redis, show the
same sheet the moment a hand is entered on either: nothing a server keeps
between requests can go stale. Phones at one table reaching different
servers are put in order as on one: the same submit sent again through the
other server is stored once, an edit against a delete, two undos, two
restores and two rematches are each done once and the other phone is told
why not, a spectator and a guest at the table follow the game through
either. With Redis stopped mid-game, both go on serving the table, rendering
without the cache, and say so in their logs."""

from __future__ import annotations

import copy
import http.cookiejar
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis as redis_client
from django.conf import settings
from django.db import connection
from django.utils.html import strip_tags

from tests.factories import make_game, make_member, session_cookie
from tests.redis_server import free_port, own_redis, running_redis
from vinescore.table.links import SpectatorLink, TableLink
from vinescore.table.models import Game, GameChange

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]
EXACT_BEN = {"bidder": 1, "bid": 13, "tricks": [0, 13, 0, 0]}


class AppServer:
    def __init__(self, base: str, log: Path):
        self.base = base
        self.log = log


@contextmanager
def app_server(database_url: str, tmp_path: Path, redis_url: str = ""):
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,  # none: each server keeps its own cache in memory
        "SECRET_KEY": settings.SECRET_KEY,  # the phones' sessions are signed with it
        "HTTPS_ONLY": "false",
        "DEBUG": "false",
    }
    log = tmp_path / f"server-{port}.log"
    with log.open("w") as errors:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "vinescore.asgi", "--bind", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        started = time.monotonic()
        while time.monotonic() - started < 60:  # a busy machine may take a while
            try:
                urllib.request.urlopen(f"{base}/up/", timeout=10)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if server.poll() is not None:
                    raise RuntimeError(log.read_text()) from None
                time.sleep(0.2)
        yield AppServer(base, log)
    finally:
        server.terminate()
        try:
            # gunicorn gives the answers still being written its graceful
            # timeout, 30 s, to finish.
            server.wait(35)
        except subprocess.TimeoutExpired:
            server.kill()  # never left running for the next test's port and database
            server.wait(10)


class Phone:
    """A phone with its own cookies, talking to one server, signed in as a
    member of the factories' group (with `member=False`, signed in as nobody:
    a spectator's phone, or a guest's at the table). It follows redirects, as
    a browser does; `url` is where the last answer came from."""

    def __init__(self, server: AppServer, member: bool = True):
        self.base = base = server.base
        self.url = ""
        jar = http.cookiejar.CookieJar()
        if member:
            name, value = session_cookie(make_member("member"))
            host = urllib.parse.urlsplit(base).hostname
            jar.set_cookie(
                http.cookiejar.Cookie(
                    0, name, value, None, False, host, False, False, "/", True, False, None,
                    False, None, None, {},
                )
            )  # fmt: skip
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def through(self, server: AppServer) -> Phone:
        """The same phone, its cookies and all, reaching the other server (as
        a load balancer sends a retry wherever it likes)."""
        other = copy.copy(self)
        other.base = server.base
        return other

    def get(self, path: str, **headers) -> tuple[int, str]:
        return self.answer(urllib.request.Request(self.base + path, headers=headers))

    def post(self, path: str, data: dict, **headers) -> tuple[int, str]:
        body = urllib.parse.urlencode(data, doseq=True).encode()
        return self.answer(urllib.request.Request(self.base + path, data=body, headers=headers))

    def answer(self, request: urllib.request.Request) -> tuple[int, str]:
        try:
            with self.opener.open(request, timeout=30) as response:
                self.url = response.geturl()
                return response.status, response.read().decode()
        except urllib.error.HTTPError as answer:
            self.url = answer.geturl()
            return answer.code, answer.read().decode()


def form_value(page: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]+)"', page).group(1)


def postgresql_url() -> str:
    if connection.vendor != "postgresql":
        pytest.skip("two processes share the database only on PostgreSQL (as CI runs it)")
    return "postgres://{USER}@{HOST}:{PORT}/{NAME}".format(**connection.settings_dict)


@contextmanager
def shared_redis(shared: bool):
    if not shared:
        yield ""
        return
    with running_redis() as url:
        yield url


def enter_hand(phone: Phone, game, facts: dict) -> tuple[int, str]:
    _, page = phone.get(game.get_absolute_url())
    return phone.post(
        f"/games/{game.pk}/hands/",
        {
            "csrfmiddlewaretoken": form_value(page, "csrfmiddlewaretoken"),
            "version": form_value(page, "version"),
            "key": form_value(page, "key"),
            **facts,
        },
        **{"HX-Request": "true"},
    )


def drawn(phone: Phone, game) -> dict:
    """What a form on the sheet, as this phone opens it now, carries: its
    CSRF token, the version of the game, a one-time key of its own."""
    _, page = phone.get(game.get_absolute_url())
    return {name: form_value(page, name) for name in ("csrfmiddlewaretoken", "version", "key")}


CY_5 = {"bidder": "2", "bid": "5", "tricks": ["2", "3", "5", "3"]}
DEE_4 = {"bidder": "3", "bid": "4", "tricks": ["3", "2", "4", "4"]}
ANA_2 = {"bidder": "0", "bid": "2", "tricks": ["2", "4", "4", "3"]}
HTMX = {"HX-Request": "true"}
ALREADY_IN = (
    "Hand 2 was already entered on another phone. The hand you sent is back in the form: "
    "score it as the next hand, or drop it."
)


@pytest.fixture
def servers(tmp_path):
    """Two servers, each with its own memory, on the one database."""
    url = postgresql_url()
    with app_server(url, tmp_path) as a, app_server(url, tmp_path) as b:
        yield a, b


@pytest.mark.parametrize("shared", [False, True], ids=["own-memory", "one-redis"])
def test_a_hand_entered_on_one_server_is_on_the_other_at_once(shared, tmp_path):
    url = postgresql_url()
    game = make_game(hands=[EXACT_BEN])
    with (
        shared_redis(shared) as redis_url,
        app_server(url, tmp_path, redis_url) as a,
        app_server(url, tmp_path, redis_url) as b,
    ):
        ana, ben = Phone(a), Phone(b)
        status, before = ben.get(game.get_absolute_url())
        assert status == 200 and "Score hand 2" in before
        shown = form_value(before, "version")
        status, _ = enter_hand(ana, game, CY_5)
        assert status == 200
        status, after = ben.get(game.get_absolute_url())
        assert "Score hand 3" in after and "Cy bid 5 and took exactly 5" in after
        status, live = ben.get(
            f"/games/{game.pk}/live/",
            **{
                "HX-Request": "true",
                "If-None-Match": f'"{game.pk}.{shown}.en-gb"',
                "X-Hand-Typed": "true",
            },
        )
        assert status == 200 and "Hand 2 was already entered on another phone." in live
        stale_note = {
            "csrfmiddlewaretoken": form_value(before, "csrfmiddlewaretoken"),
            "version": shown,
            "key": "n" * 20,
            "note": "late",
        }
        status, refused = ben.post(f"/games/{game.pk}/note/", stale_note)
        assert status == 409 and "Hand 2 was already entered on another phone" in refused


def test_a_page_kept_by_one_server_is_never_served_stale_by_the_other(tmp_path):
    url = postgresql_url()
    game = make_game(hands=[EXACT_BEN])
    cy = game.seats.get(position=2).player
    pages = ("/", "/history/", game.get_absolute_url(), f"/players/{cy.pk}/")
    with (
        running_redis() as redis_url,
        app_server(url, tmp_path, redis_url) as a,
        app_server(url, tmp_path, redis_url) as b,
    ):
        ana, ben = Phone(a), Phone(b)
        for path in pages:  # each kept in the shared cache by server a
            assert ana.get(path)[0] == 200
        assert redis_client.Redis.from_url(redis_url).dbsize() > 0
        assert enter_hand(ben, game, CY_5)[0] == 200
        assert ">2 hands " in ana.get("/")[1]
        history = ana.get("/history/")[1]
        assert "· 2 hands" in history and "Cy <strong>5</strong>" in history
        assert "Cy bid 5 and took exactly 5" in ana.get(game.get_absolute_url())[1]
        assert re.search(r"Bids made\s*1/1\b", strip_tags(ana.get(f"/players/{cy.pk}/")[1]))
        _, form = ben.get(f"/players/{cy.pk}/rename/")
        status, _ = ben.post(
            f"/players/{cy.pk}/rename/",
            {"csrfmiddlewaretoken": form_value(form, "csrfmiddlewaretoken"), "name": "Cyrus"},
        )
        assert status == 200
        assert "<h1>Cyrus</h1>" in ana.get(f"/players/{cy.pk}/")[1]
        assert "Cyrus bid 5 and took exactly 5" in ana.get(game.get_absolute_url())[1]


def test_with_redis_stopped_mid_game_both_servers_go_on_serving_the_table(tmp_path):
    url = postgresql_url()
    game = make_game(hands=[EXACT_BEN])
    with (
        own_redis() as redis,
        app_server(url, tmp_path, redis.url) as a,
        app_server(url, tmp_path, redis.url) as b,
    ):
        ana, ben = Phone(a), Phone(b)
        status, before = ben.get(game.get_absolute_url())
        assert status == 200 and "Score hand 2" in before
        assert ana.get("/up/") == (200, "ok")
        redis.stop()
        for phone in (ana, ben):
            for path in ("/", "/history/", "/players/", game.get_absolute_url()):
                assert phone.get(path)[0] == 200, path
            assert phone.get("/up/") == (503, "cache unavailable")
        assert enter_hand(ana, game, CY_5)[0] == 200
        status, live = ben.get(
            f"/games/{game.pk}/live/",
            **{
                "HX-Request": "true",
                "If-None-Match": f'"{game.pk}.{form_value(before, "version")}.en-gb"',
            },
        )
        assert status == 200 and "Cy bid 5 and took exactly 5" in live
        assert enter_hand(ben, game, DEE_4)[0] == 200
        assert "Dee bid 4 and took exactly 4" in ana.get(game.get_absolute_url())[1]
    for server in (a, b):
        log = server.log.read_text()
        assert "The cache (Redis) cannot be reached" in log
        assert "Internal Server Error" not in log


def test_the_same_submit_sent_again_through_the_other_server_is_stored_once(servers):
    a, b = servers
    game = make_game(hands=[EXACT_BEN])
    ana = Phone(a)
    form = {**drawn(ana, game), **CY_5}
    status, first = ana.post(f"/games/{game.pk}/hands/", form, **HTMX)
    assert status == 200 and "Hand 2 scored" in first and "Score hand 3" in first
    # The answer was lost; the phone sends it again and reaches the other server.
    ana_via_b = ana.through(b)
    status, again = ana_via_b.post(f"/games/{game.pk}/hands/", form, **HTMX)
    assert status == 200 and "Hand 2 is in: it was sent twice and stored once." in again
    assert "Score hand 3" in again and "on another phone" not in again
    status, plain = ana_via_b.post(f"/games/{game.pk}/hands/", form)  # without JavaScript
    assert status == 200 and ana_via_b.url == b.base + game.get_absolute_url()
    assert "Score hand 3" in plain
    game.refresh_from_db()
    assert game.hand_count == 2 and game.final_totals == [0, 13, 5, 0]
    assert GameChange.objects.filter(key=form["key"]).count() == 1


def test_two_phones_scoring_the_same_hand_on_two_servers_store_it_once(servers):
    a, b = servers
    game = make_game(hands=[EXACT_BEN])
    ana, ben = Phone(a), Phone(b)
    ana_form, ben_form = drawn(ana, game), drawn(ben, game)
    assert ana_form["version"] == ben_form["version"]
    status, told_ana = ana.post(f"/games/{game.pk}/hands/", {**ana_form, **CY_5}, **HTMX)
    assert status == 200 and "Hand 2 scored" in told_ana
    status, told_ben = ben.post(f"/games/{game.pk}/hands/", {**ben_form, **CY_5}, **HTMX)
    assert status == 409 and ALREADY_IN in told_ben
    assert "Cy bid 5 and took exactly 5" in told_ben and "Score hand 3" in told_ben
    game.refresh_from_db()
    assert game.hand_count == 2 and game.final_totals == [0, 13, 5, 0]


def test_an_edit_on_one_server_racing_a_delete_on_the_other_is_refused_not_lost(servers):
    a, b = servers
    game = make_game(hands=[EXACT_BEN, EXACT_BEN])
    first, second = game.hands.order_by("position")
    ana, ben = Phone(a), Phone(b)

    # Ana deletes hand 2 while Ben, who drew the same sheet, edits it.
    ana_form, ben_form = drawn(ana, game), drawn(ben, game)
    status, told_ana = ana.post(f"/games/{game.pk}/hands/{second.pk}/delete/", ana_form)
    assert status == 200 and "Hand 2 deleted; totals after it were recomputed." in told_ana
    status, told_ben = ben.post(f"/games/{game.pk}/hands/{second.pk}/edit/", {**ben_form, **ANA_2})
    assert status == 409
    assert "Hand 2 was deleted on another phone; here is the sheet as it is now." in told_ben
    second.refresh_from_db()
    assert second.deleted_at is not None and second.facts == EXACT_BEN

    # Then Ben edits hand 1 while Ana, who drew the same sheet, deletes it,
    # and Cy, on Ana's server, was typing hand 2.
    ana_form, ben_form = drawn(ana, game), drawn(ben, game)
    cy = Phone(a)
    typing = drawn(cy, game)
    status, told_ben = ben.post(f"/games/{game.pk}/hands/{first.pk}/edit/", {**ben_form, **ANA_2})
    assert status == 200 and "Ana bid 2 and took exactly 2" in told_ben
    status, told_ana = ana.post(f"/games/{game.pk}/hands/{first.pk}/delete/", ana_form)
    assert status == 409
    assert "Hand 1 was changed on another phone; here is the sheet as it is now." in told_ana
    assert "Ana bid 2 and took exactly 2" in told_ana
    status, told_cy = cy.post(f"/games/{game.pk}/hands/", {**typing, **CY_5}, **HTMX)
    assert status == 409
    assert "Hand 1 was changed on another phone. The hand you sent is back in the form" in told_cy
    assert 'name="bid" value="5" checked' in told_cy  # what Cy typed is still there
    first.refresh_from_db()
    assert first.deleted_at is None and first.facts["bidder"] == 0
    game.refresh_from_db()
    assert game.hand_count == 1 and game.final_totals == [2, 0, 0, 0]


def test_undo_tapped_on_both_servers_is_done_once(servers):
    a, b = servers
    game = make_game(hands=[EXACT_BEN, EXACT_BEN])
    last = game.hands.get(position=2)
    ana, ben = Phone(a), Phone(b)

    # "Undo the last hand" on both phones.
    ana_form, ben_form = drawn(ana, game), drawn(ben, game)
    status, told_ana = ana.post(f"/games/{game.pk}/hands/{last.pk}/delete/", ana_form)
    assert status == 200 and "Hand 2 deleted; totals after it were recomputed." in told_ana
    status, told_ben = ben.post(f"/games/{game.pk}/hands/{last.pk}/delete/", ben_form)
    assert status == 409
    assert "Hand 2 was deleted on another phone; here is the sheet as it is now." in told_ben
    assert GameChange.objects.filter(game=game, action=GameChange.DELETED).count() == 1
    game.refresh_from_db()
    assert game.hand_count == 1 and game.final_totals == [0, 13, 0, 0]

    # Then "Undo" of that delete on both.
    ana_form, ben_form = drawn(ana, game), drawn(ben, game)
    status, told_ben = ben.post(f"/games/{game.pk}/hands/{last.pk}/restore/", ben_form)
    assert status == 200 and "Score hand 3" in told_ben
    status, told_ana = ana.post(f"/games/{game.pk}/hands/{last.pk}/restore/", ana_form)
    assert status == 409
    assert "Hand 2 was restored on another phone; here is the sheet as it is now." in told_ana
    assert GameChange.objects.filter(game=game, action=GameChange.RESTORED).count() == 1
    game.refresh_from_db()
    assert game.hand_count == 2 and game.final_totals == [0, 26, 0, 0]


def test_two_phones_starting_a_rematch_on_two_servers_start_one(servers):
    a, b = servers
    game = make_game(hands=[EXACT_BEN] * 4)  # Ben reaches 52 of 50
    ana, ben = Phone(a), Phone(b)
    ana_form, ben_form = drawn(ana, game), drawn(ben, game)
    status, told_ana = ana.post(f"/games/{game.pk}/rematch/", ana_form)
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert status == 200 and ana.url == a.base + rematch.get_absolute_url()
    assert "Score hand 1" in told_ana
    # Ana's tap sent again, through the other server, opens the same game.
    ana_via_b = ana.through(b)
    status, _ = ana_via_b.post(f"/games/{game.pk}/rematch/", ana_form)
    assert status == 200 and ana_via_b.url == b.base + rematch.get_absolute_url()
    status, told_ben = ben.post(f"/games/{game.pk}/rematch/", ben_form)
    assert status == 409
    assert "A rematch was started on another phone; here is the sheet as it is now." in told_ben
    assert Game.objects.count() == 2


def test_a_spectator_on_one_server_sees_a_hand_entered_on_the_other(servers):
    a, b = servers
    game = make_game(hands=[EXACT_BEN])
    link = SpectatorLink.objects.create(game=game, created_by=make_member("member"))
    ana, spectator, idle = Phone(a), Phone(b, member=False), Phone(b)
    status, watching = spectator.get(f"/watch/{link.token}/")
    assert status == 200 and "Ben bid 13" in watching and "hand-form" not in watching
    shown = {**HTMX, "If-None-Match": f'"{game.pk}.{game.version}.en-gb"'}
    assert spectator.get(f"/watch/{link.token}/live/", **shown) == (304, "")
    assert idle.get(f"/games/{game.pk}/live/", **shown) == (304, "")

    status, told_ana = enter_hand(ana, game, CY_5)
    assert status == 200 and "Hand 2 scored" in told_ana

    status, live = spectator.get(f"/watch/{link.token}/live/", **shown)
    assert status == 200 and "Cy bid 5 and took exactly 5" in live
    assert "on another phone" not in live and "hand-form" not in live
    status, live = idle.get(f"/games/{game.pk}/live/", **shown)
    assert status == 200 and "Cy bid 5 and took exactly 5" in live and "Score hand 3" in live
    assert "on another phone" not in live  # an idle phone just sees the sheet move on


def test_a_guest_seated_through_one_server_scores_through_the_other(servers):
    a, b = servers
    game = make_game(hands=[EXACT_BEN])
    link = TableLink.objects.create(game=game, created_by=make_member("member"))
    guest = Phone(a, member=False)
    status, sheet = guest.get(f"/t/{link.token}/")
    assert status == 200 and guest.url == a.base + game.get_absolute_url()
    assert 'guest-mark">Guest</span>' in sheet
    # The guest's session is kept in the database: the other server knows it too.
    guest_via_b = guest.through(b)
    status, told = enter_hand(guest_via_b, game, CY_5)
    assert status == 200 and "Hand 2 scored" in told
    _, log = Phone(a).get(f"/games/{game.pk}/log/")
    assert "Entered by a guest at the table" in log
    # and nothing else of the group opens for the guest there
    assert guest_via_b.get("/")[0] == 200 and guest_via_b.url.endswith("/accounts/login/?next=/")
