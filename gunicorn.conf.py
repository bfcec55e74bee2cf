"""gunicorn's settings, read from the directory it starts in (`make run`).

ASGI workers (uvicorn under gunicorn, vinescore/asgi.py): each of the 2
workers runs an event loop that holds the live sheets' open streams as
coroutines, no thread each, and answers the ordinary (sync) views in a pool
of threads. The loop keeps telling gunicorn the worker is alive while a
long response, such as the download of a big group's games, is written;
`timeout` kills only a worker whose loop is stuck."""

worker_class = "uvicorn_worker.UvicornWorker"
workers = 2
timeout = 30
