"""The scoring package as a phone loads it: a zip of `vinescore/scoring`'s
Python files, made from the very files the server runs whenever static files
are collected (and on request in development), never copied by hand.

The zip is the same bytes for the same files (fixed dates and modes, files
in name order), so its static name, which carries a hash of its content,
changes only when a rule does.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.finders import BaseFinder
from django.core.files.storage import FileSystemStorage
from django.templatetags.static import static

import vinescore.scoring

PACKAGE = Path(vinescore.scoring.__file__).resolve().parent
# Its static name, and where in the phone's Python it unpacks.
STATIC_NAME = "scoring/vinescore-scoring.zip"
ROOT = Path("vinescore/scoring")


def catalogs() -> Iterator[tuple[str, Path]]:
    """Each language's compiled catalog, at the zip path `phone.use_language` reads
    (`locale/<language>/LC_MESSAGES/django.mo`)."""
    for base in map(Path, settings.LOCALE_PATHS):
        for path in sorted(base.glob("*/LC_MESSAGES/django.mo")):
            yield (ROOT / "locale" / path.relative_to(base)).as_posix(), path


def package_files() -> Iterator[tuple[str, Path]]:
    """Each Python file of the scoring package and each compiled catalog: its
    name in the zip, its path."""
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if "__pycache__" in relative.parts:
            continue
        yield (ROOT / relative).as_posix(), path
    yield from catalogs()


def scoring_zip() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in package_files():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return out.getvalue()


def phone_rules() -> dict[str, str] | None:
    """Where a phone that keeps a game finds Pyodide, the worker and the
    scoring package; None when this server was set up without Pyodide."""
    if not getattr(settings, "PYODIDE_AVAILABLE", False):
        return None
    loader = static("pyodide/pyodide.mjs")
    return {
        "worker": static("js/scoring-worker.js"),
        "loader": loader,
        "index": loader.rsplit("/", 1)[0] + "/",
        "bundle": static(STATIC_NAME),
    }


def build_dir() -> Path:
    return Path(settings.BASE_DIR) / ".build" / "static"


def build() -> Path:
    """Writes the zip where the finder serves it from; returns its path."""
    target = build_dir() / STATIC_NAME
    target.parent.mkdir(parents=True, exist_ok=True)
    data = scoring_zip()
    if not target.exists() or target.read_bytes() != data:
        target.write_bytes(data)
    return target


class ScoringBundleFinder(BaseFinder):
    """A static files finder for the one file it makes: collectstatic (and
    `runserver` in development) gets the zip freshly built."""

    def check(self, **kwargs):
        return []

    def find(self, path, find_all=False, **kwargs):
        if path != STATIC_NAME:
            return [] if find_all or kwargs.get("all") else None
        found = str(build())
        return [found] if find_all or kwargs.get("all") else found

    def list(self, ignore_patterns):
        build()
        yield STATIC_NAME, FileSystemStorage(location=build_dir())
