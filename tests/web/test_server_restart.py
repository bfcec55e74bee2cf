"""The server `make run` starts (gunicorn with gunicorn.conf.py) comes back
at once after its master is killed with SIGKILL, as the out-of-memory killer
does: the worker it leaves notices its parent is gone and stops, so a new
server starts on the same port and answers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]


def start_server(port: int, log: Path) -> subprocess.Popen:
    env = {
        **os.environ,
        "SECRET_KEY": "test-only-not-secret",
        "HTTPS_ONLY": "false",
        # /up/ asks its database one query that reads no table: a file of its own.
        "DATABASE_URL": f"sqlite:///{log.parent / 'up.sqlite3'}",
        "REDIS_URL": "",
    }
    with log.open("a") as errors:
        # gunicorn reads gunicorn.conf.py from the directory it starts in.
        return subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "vinescore.asgi", "--bind", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )


def answer(port: int) -> str | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/up/", timeout=5) as response:
            return response.read().decode()
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def wait_until_up(server: subprocess.Popen, port: int, log: Path) -> str:
    started = time.monotonic()
    while time.monotonic() - started < 60:  # a busy machine may take a while
        said = answer(port)
        if said is not None:
            return said
        assert server.poll() is None, log.read_text()
        time.sleep(0.2)
    raise AssertionError(log.read_text())


def children(pid: int) -> set[int]:
    """The processes whose parent is `pid`, from /proc."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_server_whose_master_was_killed_starts_again_at_once_on_its_port(tmp_path):
    port, log = free_port(), tmp_path / "server.log"
    first = start_server(port, log)
    workers: set[int] = set()
    second = None
    try:
        assert wait_until_up(first, port, log) == "ok"
        workers = children(first.pid)
        # On SQLite without Redis one process holds every phone's stream.
        assert len(workers) == 1, workers
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        killed = time.monotonic()
        while any(running(w) for w in workers) and time.monotonic() - killed < 30:
            time.sleep(0.1)
        assert not any(running(w) for w in workers), log.read_text()
        assert "The master (pid" in log.read_text()
        second = start_server(port, log)
        assert wait_until_up(second, port, log) == "ok"
        assert "Connection in use" not in log.read_text()
    finally:
        for pid in workers:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
        for server in (first, second):
            if server is not None and server.poll() is None:
                server.terminate()
                server.wait(10)
