"""The Content-Security-Policy of the scoring worker (static/js/scoring-worker.js).

A worker follows the policy its own script is served with, not the page's.
Static files are served without one, so the worker gets its own: our own
files only, and WebAssembly compiled (Pyodide), which no page needs.
"""

import re

WORKER = re.compile(r"/js/scoring-worker(\.[0-9a-f]{12})?\.js$")
WORKER_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'"
)


def worker_policy(headers, path: str, url: str) -> None:
    """WhiteNoise's WHITENOISE_ADD_HEADERS_FUNCTION."""
    if WORKER.search(url):
        headers["Content-Security-Policy"] = WORKER_POLICY
