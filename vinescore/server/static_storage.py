"""Static files as served: our own scripts and styles minified (rjsmin,
rcssmin) before whitenoise names each by its content and compresses it, so
a phone's first load of a sheet stays small on a slow network. What we
vendor (htmx, Pyodide, the admin's files) is served as it comes. `DEBUG`
serves the files as written."""

from __future__ import annotations

from pathlib import Path

import rcssmin
import rjsmin
from whitenoise.storage import CompressedManifestStaticFilesStorage

# static/js and static/css: the files we write. The scripts of a kept game
# (keep.js and its worker) are fetched once, by the phones that keep one,
# and are served as written.
OURS = ("js/", "css/")
AS_WRITTEN = ("js/keep.js", "js/scoring-worker.js")


def minified(name: str, text: str) -> str:
    return rjsmin.jsmin(text) if name.endswith(".js") else rcssmin.cssmin(text)


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def post_process(self, paths, dry_run=False, **options):
        """Minify the collected copy, then name and compress that copy
        rather than the source the files were collected from."""
        if not dry_run:
            paths = dict(paths)
            for name, (storage, source) in paths.items():
                if (
                    name.startswith(OURS)
                    and name.endswith((".js", ".css"))
                    and name not in AS_WRITTEN
                ):
                    with storage.open(source) as original:
                        text = original.read().decode("utf-8")
                    Path(self.path(name)).write_text(minified(name, text), "utf-8")
                    paths[name] = (self, name)
        yield from super().post_process(paths, dry_run=dry_run, **options)

    def url(self, name, force=False):
        """A file's address, worked out once a process: the manifest does not
        change while the process serves, and every page names a dozen files
        (about a tenth of a kept sheet's drawing went on finding them)."""
        if force:
            return super().url(name, force)
        urls = self.__dict__.setdefault("_urls", {})
        found = urls.get(name)
        if found is None:
            found = urls[name] = super().url(name)
        return found
