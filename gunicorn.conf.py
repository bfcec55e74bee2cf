"""gunicorn's settings, read from the directory it starts in (`make run`).

ASGI workers (uvicorn under gunicorn, vinescore/asgi.py): each worker runs an
event loop that holds the live sheets' open streams as coroutines, no thread
each, and answers the ordinary (sync) views in a pool of threads. The loop
keeps telling gunicorn the worker is alive while a long response, such as
the download of a big group's games, is written; `timeout` kills only a
worker whose loop is stuck. A worker whose master is gone (killed with
SIGKILL) stops within a few seconds, so the server can start again on the
same port at once (vinescore/server/serving.py).

How many workers: two where a change's news reaches every process
(PostgreSQL's NOTIFY, or Redis). On SQLite without Redis nothing carries it
between processes, so one process holds every stream and hears every change
itself; SQLite writes one at a time in any case. WEB_CONCURRENCY overrides.
"""

import os

_database = os.environ.get("DATABASE_URL", "")
news_between_processes = bool(os.environ.get("REDIS_URL")) or (
    bool(_database) and not _database.startswith("sqlite")
)
workers = int(os.environ.get("WEB_CONCURRENCY") or (2 if news_between_processes else 1))


def post_fork(server, worker):
    """The app's settings read how many processes serve it (however they were
    set): with one, a change's news never misses a stream."""
    os.environ["WEB_CONCURRENCY"] = str(server.cfg.workers)


worker_class = "vinescore.server.serving.Worker"
timeout = 30
