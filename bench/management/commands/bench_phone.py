"""What keeping a game on a phone costs, measured in Debian's Chromium at a
phone's size against the app under gunicorn (as `make run` serves it):

- the bytes (compressed, as sent) of the first load of an ordinary sheet;
- the bytes a phone downloads once to keep a game (Pyodide, the worker,
  the scoring package, the game's record), and the time from "Keep" to
  ready, then again on a warm cache (the page reopened);
- the time to score a hand offline: from the tap to the row on the sheet,
  and the part of it spent in Python in the worker.

Printed, never asserted (`make bench-phone`; needs `make setup`'s Pyodide
and the static files collected).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from bench.management.commands.bench import Server, build_game, use_database
from bench.sessions import bench_cookie, bench_member

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
TRICKS = [[3, 4, 2, 4], [5, 3, 3, 2], [1, 6, 3, 3], [4, 4, 4, 1], [2, 2, 7, 2]]

# Taps "Score hand" and answers how long until the phone's sheet has the
# new row (performance.now(), in the page).
SCORE_AND_TIME = """() => new Promise(resolve => {
  const rows = () => document.querySelectorAll('#live tbody[data-phone-row]').length;
  const before = rows();
  const started = performance.now();
  const seen = new MutationObserver(() => {
    if (rows() > before) { seen.disconnect(); resolve(performance.now() - started); }
  });
  seen.observe(document.getElementById('live'), {childList: true, subtree: true});
  document.querySelector('#hand-form button[type=submit]').click();
})"""


class Bytes:
    """The bytes of every response a context receives, as sent (headers and
    compressed body)."""

    def __init__(self, context):
        self.seen: list[tuple[str, int, int]] = []
        context.on("requestfinished", self.add)

    def add(self, request) -> None:
        sizes = request.sizes()
        # A file from the browser's cache counts -1: nothing downloaded.
        body, headers = max(0, sizes["responseBodySize"]), max(0, sizes["responseHeadersSize"])
        self.seen.append((request.url, body, headers))

    def take(self) -> tuple[int, int, list[tuple[str, int]]]:
        """Bodies as sent (compressed), the same with headers, and each file."""
        seen, self.seen = self.seen, []
        bodies = sum(body for _, body, _ in seen)
        return bodies, bodies + sum(h for _, _, h in seen), [(u, b) for u, b, _ in seen]


class Command(BaseCommand):
    help = "Measure what keeping a game on a phone costs, in Chromium."

    def add_arguments(self, parser):
        parser.add_argument("--hands", type=int, default=10)

    def handle(self, *args, hands: int, **options):
        if not getattr(settings, "PYODIDE_AVAILABLE", False):
            raise CommandError("Pyodide is not installed: run `make setup` (it needs npm).")
        try:
            from playwright.sync_api import sync_playwright
        except ImportError as missing:
            raise CommandError("Playwright is needed: pip install -e '.[test]'") from missing
        with tempfile.TemporaryDirectory() as tmp:
            database = use_database(Path(tmp) / "phone.sqlite3")
            game = build_game(0)
            member = bench_member()
            cookie = bench_cookie(member)
            connections["default"].close()
            server = Server(database)
            try:
                with sync_playwright() as p:
                    browser = p.chromium.launch(
                        executable_path="/usr/bin/chromium",
                        headless=True,
                        args=["--no-sandbox", "--disable-gpu", "--no-first-run"],
                    )
                    try:
                        self.measure(browser, server, cookie, game.pk, hands)
                    finally:
                        browser.close()
            finally:
                server.stop()

    def measure(self, browser, server, cookie: str, pk: int, hands: int) -> None:
        base = f"http://127.0.0.1:{server.port}"
        name, value = cookie.split("=", 1)
        # No service worker: every byte is seen as it comes from the server.
        context = browser.new_context(base_url=base, service_workers="block", **PHONE)
        context.set_default_timeout(120_000)
        context.add_cookies([{"name": name, "value": value, "url": base}])
        counted = Bytes(context)
        page = context.new_page()
        sheet = f"/games/{pk}/"

        page.goto(sheet, wait_until="networkidle")
        first, with_headers, files = counted.take()
        self.stdout.write(
            f"First load of an ordinary sheet: {first / 1024:.1f} KB compressed "
            f"({with_headers / 1024:.1f} KB with headers)"
        )
        for url, size in sorted(files, key=lambda f: -f[1]):
            self.stdout.write(f"  {size / 1024:>9.1f} KB  {url.removeprefix(base)}")

        started = time.perf_counter()
        page.get_by_role("button", name="Keep this game on this phone").tap()
        page.locator("#keep[data-keep-ready]").wait_for()
        cold = (time.perf_counter() - started) * 1000
        page.wait_for_load_state("networkidle")
        kept, _, files = counted.take()
        self.stdout.write(f"Keeping the game: {kept / 1024 / 1024:.2f} MB compressed, once:")
        for url, size in sorted(files, key=lambda f: -f[1])[:6]:
            self.stdout.write(f"  {size / 1024:>9.1f} KB  {url.removeprefix(base)}")
        self.stdout.write(f"'Keep' to ready, first time: {cold:.0f} ms")

        page.reload(wait_until="load")
        page.locator("#keep[data-keep-ready]").wait_for()
        warm = int(page.locator("#keep").get_attribute("data-ready-ms"))
        parts = page.locator("#keep").get_attribute("data-ready-parts")
        again, _, _ = counted.take()
        self.stdout.write(
            f"Ready again on a warm cache (the sheet reopened): {warm} ms "
            f"({again / 1024:.1f} KB downloaded; in the worker, ms from its start: {parts})"
        )

        context.set_offline(True)
        taps, python = [], []
        for i in range(hands):
            number = i + 1
            form = page.locator("#hand-form")
            form.locator(
                f'fieldset[data-field="bidder"] label.chip:has(input[value="{(i + 1) % 4}"])'
            ).tap()
            form.locator(
                f'fieldset[data-field="bid"] label.chip:has(input[value="{4 + i % 3}"])'
            ).tap()
            for box, n in zip(
                form.locator('input[name="tricks"]').all(), TRICKS[i % 5], strict=True
            ):
                box.fill(str(n))
            taps.append(page.evaluate(SCORE_AND_TIME))
            page.locator("#live tbody[data-phone-row]").nth(number - 1).wait_for()
            python.append(float(page.locator("#keep").get_attribute("data-last-call-ms")))
        self.stdout.write(
            f"Scoring a hand offline ({hands} hands): tap to row on the sheet median "
            f"{statistics.median(taps):.1f} ms (max {max(taps):.1f}); "
            f"Python in the worker median {statistics.median(python):.1f} ms"
        )
        context.close()
