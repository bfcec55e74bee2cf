"""The benchmark's server: the app as served, plus a floor for writes (see
bench_urls). Never used to serve players."""

from vinescore.settings import *  # noqa: F403

ROOT_URLCONF = "vinescore.bench_urls"
