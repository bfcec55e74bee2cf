"""The benchmark's settings: the app as served, plus the harness's commands
and its floor for writes (see bench.urls). Never used to serve players."""

from vinescore.settings import *  # noqa: F403

INSTALLED_APPS = [*INSTALLED_APPS, "bench"]  # noqa: F405
ROOT_URLCONF = "bench.urls"
