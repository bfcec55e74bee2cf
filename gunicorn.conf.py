"""gunicorn's settings, read from the directory it starts in (`make run`).

ASGI workers (uvicorn under gunicorn, vinescore/asgi.py): each of the 2
workers runs an event loop that holds the live sheets' open streams as
coroutines, no thread each, and answers the ordinary (sync) views in a pool
of threads. The loop keeps telling gunicorn the worker is alive while a
long response, such as the download of a big group's games, is written;
`timeout` kills only a worker whose loop is stuck. A worker whose master
is gone (killed with SIGKILL) stops within a few seconds, so the server can
start again on the same port at once (vinescore/serving.py)."""

worker_class = "vinescore.serving.Worker"
workers = 2
timeout = 30
