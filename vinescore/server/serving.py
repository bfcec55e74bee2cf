"""The gunicorn worker `make run` serves with (gunicorn.conf.py).

uvicorn's worker outlives a master killed with SIGKILL (the OOM killer),
holding the port with nobody enforcing its timeout. This one, like gunicorn's
own, checks its parent every second and stops within a few seconds.
"""

from __future__ import annotations

import os
import sys
import threading

from gunicorn.arbiter import Arbiter
from uvicorn.server import Server
from uvicorn_worker import UvicornWorker

# How often the worker tells the master it is alive, and so checks that it
# still has one (seconds).
CHECK_EVERY = 1.0
# How long an orphaned worker lets the answers it is writing finish (a live
# stream never does): then they are cancelled, and the process ends.
GRACE = 2.0


class Worker(UvicornWorker):
    # The event loop and HTTP parser in C, not asyncio's and h11's.
    CONFIG_KWARGS = {"loop": "uvloop", "http": "httptools"}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.config.timeout_notify = min(self.config.timeout_notify, CHECK_EVERY)
        self.server: Server | None = None

    async def _serve(self) -> None:
        # As UvicornWorker's, keeping the server to stop it when orphaned.
        self.config.app = self.wsgi
        self.server = Server(config=self.config)
        self._install_sigquit_handler()
        await self.server.serve(sockets=self.sockets)
        if not self.server.started:
            sys.exit(Arbiter.WORKER_BOOT_ERROR)

    async def callback_notify(self) -> None:
        if os.getppid() != self.ppid:
            self.orphaned()
            return
        self.notify()

    def orphaned(self) -> None:
        """The master is gone: stop listening and end, whatever is open."""
        if not self.alive:
            return
        self.alive = False
        self.log.warning("The master (pid %s) is gone: worker %s stops.", self.ppid, self.pid)
        if self.server is not None:
            self.server.config.timeout_graceful_shutdown = GRACE
            self.server.should_exit = True
        # Should the event loop be stuck, the process ends all the same.
        ending = threading.Timer(GRACE + 2, os._exit, args=(1,))
        ending.daemon = True
        ending.start()
