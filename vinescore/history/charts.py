"""The charts of the pages between games, inline SVG on the score sheet's
frame (vinescore/charts.py): History's games per month and a player's
results over time. Every label is escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from django.utils.translation import gettext, ngettext

from vinescore.charts import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH, scale

MONTHS_HEIGHT = 120


def per_month(months: Sequence[tuple[str, int]], title: str = "") -> str:
    """A bar per month, oldest on the left: `months` is (label, games) with
    every month in the range, empty ones as 0."""
    height, bottom = MONTHS_HEIGHT, 18
    n = max(1, len(months))
    top = max((count for _, count in months), default=0) or 1
    slot = (WIDTH - LEFT - RIGHT) / n
    y = lambda v: scale(v, 0, top, height - bottom, TOP)  # noqa: E731
    title = title or gettext("Games per month")
    parts = [
        f'<svg class="chart months" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
        f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(0):.1f}" y2="{y(0):.1f}"/>',
        f'<text class="axis" x="{LEFT - 4}" y="{y(top) + 3:.1f}" text-anchor="end">{top}</text>',
        f'<text class="axis" x="{LEFT - 4}" y="{y(0) + 3:.1f}" text-anchor="end">0</text>',
    ]
    for i, (label, count) in enumerate(months):
        x = LEFT + i * slot + slot * 0.15
        words = ngettext("{month}: {n} game", "{month}: {n} games", count).format(
            month=label, n=count
        )
        parts.append(
            f'<rect class="bar" x="{x:.1f}" y="{y(count):.1f}" width="{slot * 0.7:.1f}" '
            f'height="{y(0) - y(count):.1f}"><title>{escape(words)}</title></rect>'
        )
    if months:
        parts.append(
            f'<text class="axis" x="{LEFT}" y="{height - 4}">{escape(months[0][0])}</text>'
            f'<text class="axis" x="{WIDTH - RIGHT}" y="{height - 4}" text-anchor="end">'
            f"{escape(months[-1][0])}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def game_words() -> dict[bool, str]:
    """A dot's words, won or lost, to be given its game's number."""
    return {True: gettext("Game {number}: won"), False: gettext("Game {number}: lost")}


def results_over_time(results: Sequence[bool], title: str = "") -> str:
    """Win rate after each finished game, with a dot per game (filled: won)."""
    n = len(results)
    x = lambda i: scale(i, 0, max(1, n - 1), LEFT, WIDTH - RIGHT)  # noqa: E731
    y = lambda v: scale(v, 0, 100, HEIGHT - BOTTOM, TOP)  # noqa: E731
    title = title or gettext("Results over time")
    games_words = ngettext("{n} game", "{n} games", n).format(n=n)
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    for tick in (0, 50, 100):
        ty = y(tick)
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{ty:.1f}" y2="{ty:.1f}"/>'
            f'<text class="axis" x="{LEFT - 4}" y="{ty + 3:.1f}" text-anchor="end">{tick}%</text>'
        )
    wins = 0
    points = []
    for i, won in enumerate(results):
        wins += won
        points.append((x(i), y(100 * wins / (i + 1)), won))
    if points:
        coords = " ".join(f"{px:.1f},{py:.1f}" for px, py, _ in points)
        parts.append(f'<polyline class="series series-0" points="{coords}"/>')
        said = game_words()  # looked up once a chart, not once a dot
        for i, (px, py, won) in enumerate(points):
            parts.append(
                f'<circle class="{"won" if won else "lost"}" cx="{px:.1f}" cy="{py:.1f}" r="3">'
                f"<title>{escape(said[won].format(number=i + 1))}</title></circle>"
            )
    parts.append(
        f'<text class="axis" x="{WIDTH - RIGHT}" y="{HEIGHT - 6}" text-anchor="end">'
        f"{escape(games_words)}</text>"
    )
    parts.append("</svg>")
    return "".join(parts)
