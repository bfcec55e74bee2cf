"""The live sheet pushed, across two app processes on one PostgreSQL
database (started as `make run` starts them, tests/web/test_two_servers.py):
a hand entered through one reaches the streams held by the other, a stream
dropped mid-game picks up where it was without missing a version, a
spectator's stream carries only what a spectator sees, and the stream of a
game its visitor may no longer see is closed."""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import time
import urllib.parse

import pytest

from tests.factories import make_game, make_member
from tests.web.test_two_servers import (
    CY_5,
    DEE_4,
    EXACT_BEN,
    Phone,
    app_server,
    enter_hand,
    form_value,
    postgresql_url,
)
from vinescore.accounts.models import Session
from vinescore.table.links import SpectatorLink, TableLink

pytestmark = pytest.mark.django_db(transaction=True)


class Stream:
    """One open event stream, read event by event as a phone's EventSource
    reads it."""

    def __init__(self, server, path: str, last_event_id: str = "", phone: Phone | None = None):
        parts = urllib.parse.urlsplit(server.base)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        headers = {"Accept": "text/event-stream", "Cookie": cookies(phone)}
        if last_event_id:
            headers["Last-Event-ID"] = last_event_id
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()

    def next(self) -> dict:
        """The next event (a comment or the `retry:` line is no event), within
        ten seconds: keep-alives alone never make a stream's test wait forever."""
        found: dict = {"data": []}
        deadline = time.monotonic() + 10
        while True:
            if time.monotonic() > deadline:
                raise TimeoutError("no event within 10 s, only keep-alives")
            line = self.response.readline().decode()
            if not line:
                raise EOFError("the stream ended")
            line = line.rstrip("\n")
            if not line:
                if "event" in found:
                    found["data"] = "\n".join(found["data"])
                    return found
                found = {"data": []}
                continue
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "data":
                found["data"].append(value)
            elif name in ("id", "event"):
                found[name] = value

    def close(self) -> None:
        self.connection.close()


def cookies(phone: Phone | None) -> str:
    """The cookies a test phone sends (none for a phone never signed in)."""
    if phone is None:
        return ""
    for handler in phone.opener.handlers:
        if hasattr(handler, "cookiejar"):
            return "; ".join(f"{c.name}={c.value}" for c in handler.cookiejar)
    return ""


@pytest.fixture(autouse=True)
def patient_checks(monkeypatch):
    # Streams look at their game again on their own only after a minute:
    # within the tests' ten seconds, only the news from the other process
    # can bring a new version.
    monkeypatch.setenv("LIVE_STREAM_CHECK", "60")


@pytest.fixture
def servers(tmp_path):
    url = postgresql_url()
    with app_server(url, tmp_path) as a, app_server(url, tmp_path) as b:
        yield a, b


def test_a_hand_entered_through_one_process_reaches_a_stream_on_the_other(servers):
    a, b = servers
    game = make_game(hands=[EXACT_BEN])
    ana, ben = Phone(a), Phone(b)
    status, page = ben.get(game.get_absolute_url())  # the sheet, which opens the stream
    assert status == 200
    stream = Stream(b, f"/games/{game.pk}/stream/", phone=ben)
    try:
        assert stream.response.status == 200
        assert stream.response.getheader("Content-Type").startswith("text/event-stream")
        assert stream.response.getheader("X-Accel-Buffering") == "no"
        first = stream.next()
        assert first["event"] == "live" and "Score hand 2" in first["data"]
        assert enter_hand(ana, game, CY_5)[0] == 200
        pushed = stream.next()
        assert int(pushed["id"]) == int(first["id"]) + 1
        assert "Cy bid 5 and took exactly 5" in pushed["data"] and "Score hand 3" in pushed["data"]
        # the pushed sheet's form scores the next hand from that phone: the
        # page's token in htmx's header, a key the phone makes
        assert 'name="key" value=""' in pushed["data"]
        sent = {"version": form_value(pushed["data"], "version"), "key": "k" * 22, **DEE_4}
        token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
        status, _ = ben.post(
            f"/games/{game.pk}/hands/", sent, **{"HX-Request": "true", "X-CSRFToken": token}
        )
        assert status == 200
        after = stream.next()
        assert int(after["id"]) == int(pushed["id"]) + 1 and "Dee bid 4" in after["data"]
    finally:
        stream.close()


def test_a_dropped_stream_resumes_from_the_version_it_had_and_misses_none(servers):
    a, b = servers
    game = make_game(hands=[EXACT_BEN])
    ana, ben = Phone(a), Phone(b)
    stream = Stream(b, f"/games/{game.pk}/stream/", phone=ben)
    shown = stream.next()["id"]
    stream.close()  # the phone loses its network
    assert enter_hand(ana, game, CY_5)[0] == 200
    again = Stream(b, f"/games/{game.pk}/stream/", last_event_id=shown, phone=ben)
    try:
        caught_up = again.next()
        assert int(caught_up["id"]) == int(shown) + 1 and "Cy bid 5" in caught_up["data"]
    finally:
        again.close()
    # A phone that already shows the latest version is sent nothing until
    # the game moves on, and then the next version.
    current = Stream(b, f"/games/{game.pk}/stream/", last_event_id=caught_up["id"], phone=ben)
    try:
        assert enter_hand(ana, game, DEE_4)[0] == 200
        following = current.next()
        assert int(following["id"]) == int(caught_up["id"]) + 1
        assert "Dee bid 4" in following["data"]
    finally:
        current.close()


def test_a_spectators_stream_carries_only_what_a_spectator_sees(servers):
    a, b = servers
    game = make_game(hands=[EXACT_BEN])
    member = make_member("member")
    link = SpectatorLink.objects.create(game=game, created_by=member)
    ana = Phone(a)
    spectator = Phone(b)  # for the poll; its stream is opened with no session at all
    stream = Stream(b, f"/watch/{link.token}/stream/")
    try:
        first = stream.next()
        assert enter_hand(ana, game, CY_5)[0] == 200
        pushed = stream.next()
        status, poll = spectator.get(f"/watch/{link.token}/live/", **{"HX-Request": "true"})
        assert status == 200
        for event in (first, pushed):
            # no form to score or change a hand, no key, no token, no link for members
            for members_only in ("hand-form", 'name="key"', "csrfmiddlewaretoken", "/hands/"):
                assert members_only not in event["data"]
        assert "Cy bid 5 and took exactly 5" in pushed["data"]
        # exactly what the spectator's poll answers (the link is signed anew each time)
        same = [
            re.sub(r"/watch/[^/]+/", "/watch/LINK/", text).strip()
            for text in (pushed["data"], poll)
        ]
        assert same[0] == same[1]
    finally:
        stream.close()


def test_the_guests_streams_carry_the_tables_hands_until_their_link_is_withdrawn(servers):
    a, b = servers
    game = make_game(hands=[EXACT_BEN])
    link = TableLink.objects.create(game=game, created_by=make_member("member"))
    streams = []
    try:
        for _ in range(2):  # the second is sent what the first one's stream rendered
            guest = Phone(b, member=False)
            status, page = guest.get(f"/t/{link.token}/")
            assert status == 200 and 'guest-mark">Guest</span>' in page
            path = re.search(r'sse-connect="([^"]+)"', page).group(1).replace("&amp;", "&")
            streams.append(Stream(b, path, phone=guest))
        assert enter_hand(Phone(a), game, CY_5)[0] == 200
        pushed = [stream.next() for stream in streams]
        for event in pushed:
            assert int(event["id"]) == game.version + 1
            assert "Cy bid 5 and took exactly 5" in event["data"]
            assert "Score hand 3" in event["data"] and "Who are you?" in event["data"]
        # the same for every guest: no key of one phone's (each makes its own)
        assert pushed[0] == pushed[1] and 'name="key" value=""' in pushed[0]["data"]
        link.revoke()
        for stream in streams:
            assert stream.next()["event"] == "closed"
    finally:
        for stream in streams:
            stream.close()


def test_the_stream_of_a_withdrawn_spectator_link_is_closed_at_once(servers):
    _, b = servers
    game = make_game(hands=[EXACT_BEN])
    member = make_member("member")
    link = SpectatorLink.objects.create(game=game, created_by=member)
    stream = Stream(b, f"/watch/{link.token}/stream/")
    try:
        stream.next()
        link.revoke()  # nothing about the game itself moved on; streams look at a minute
        assert stream.next()["event"] == "closed"
        with pytest.raises(EOFError):
            stream.next()
    finally:
        stream.close()
    # and one that cannot see it is not given a stream at all
    refused = Stream(b, f"/watch/{link.token}/stream/")
    assert refused.response.status != 200
    refused.close()
    assert Stream(b, f"/games/{game.pk}/stream/").response.status == 404


@pytest.mark.parametrize("told", [True, False], ids=["told", "not told"])
def test_a_member_who_signs_out_elsewhere_loses_the_stream(tmp_path, monkeypatch, told):
    # A session ended is news (accounts.signals.access_changed), and were the news
    # missed, the stream's own look every LIVE_STREAM_LOOK seconds finds it.
    monkeypatch.setenv("LIVE_STREAM_CHECK", "1")
    monkeypatch.setenv("LIVE_STREAM_LOOK", "60" if told else "1")
    game = make_game(hands=[EXACT_BEN])
    with app_server(postgresql_url(), tmp_path) as b:
        ben = Phone(b)
        bens = Session.objects.filter(pk__in=list(Session.objects.values_list("pk", flat=True)))
        ana = Phone(b)
        stream = Stream(b, f"/games/{game.pk}/stream/", phone=ben)
        try:
            assert stream.next()["event"] == "live"
            sessions = bens.all()
            if told:
                sessions.delete()  # "sign out everywhere"
            else:
                sessions._raw_delete(sessions.db)  # no signal, no news
                time.sleep(1.5)  # past its next look
            assert enter_hand(ana, game, CY_5)[0] == 200
            assert stream.next()["event"] == "closed"
        finally:
            stream.close()


def test_a_stream_opened_at_the_version_its_page_shows_sends_nothing_until_it_moves(servers):
    a, b = servers
    game = make_game(hands=[EXACT_BEN])
    ana, ben = Phone(a), Phone(b)
    status, page = ben.get(game.get_absolute_url())
    path = re.search(r'sse-connect="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert path == f"/games/{game.pk}/stream/?version={game.version}"
    stream = Stream(b, path, phone=ben)
    try:
        assert enter_hand(ana, game, CY_5)[0] == 200
        first = stream.next()  # not the sheet the page already shows
        assert int(first["id"]) == game.version + 1 and "Cy bid 5" in first["data"]
    finally:
        stream.close()


def test_a_members_stream_of_a_game_deleted_is_closed_at_once(servers):
    a, b = servers
    game = make_game(hands=[EXACT_BEN])
    ben = Phone(b)
    stream = Stream(b, f"/games/{game.pk}/stream/", phone=ben)
    try:
        stream.next()
        game.delete_game()  # from another process again: this one
        assert stream.next()["event"] == "closed"
        with pytest.raises(EOFError):
            stream.next()
    finally:
        stream.close()
    # and a new one is refused: the poll sends the phone to the deleted page
    refused = Stream(b, f"/games/{game.pk}/stream/", phone=ben)
    assert refused.response.status == 404
    refused.close()


def worker_threads(port: str) -> int:
    """The threads of the gunicorn workers serving `port`."""
    master = subprocess.check_output(["pgrep", "-o", "-f", "--", f"bind 127.0.0.1:{port}"])
    pid = master.split()[0].decode()
    count = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as children:
            for child in children.read().split():
                with open(f"/proc/{child}/status") as status:
                    count += next(
                        int(line.split()[1]) for line in status if line.startswith("Threads:")
                    )
    return count


def test_open_streams_hold_no_thread_each(tmp_path):
    game = make_game(hands=[EXACT_BEN])
    link = SpectatorLink.objects.create(game=game, created_by=make_member("member"))
    with app_server(postgresql_url(), tmp_path) as server:
        port = server.base.rsplit(":", 1)[1]
        Stream(server, f"/watch/{link.token}/stream/").next()  # pools started
        before = worker_threads(port)
        streams = [Stream(server, f"/watch/{link.token}/stream/") for _ in range(30)]
        try:
            for stream in streams:
                stream.next()
            time.sleep(0.5)
            assert worker_threads(port) - before < 10  # not 30
        finally:
            for stream in streams:
                stream.close()
