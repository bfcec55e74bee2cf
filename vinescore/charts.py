"""Charts drawn on the server as inline SVG: no JavaScript chart library.
The sheet's running totals are here, and the frame every chart is drawn on:
the pages between games draw theirs on it (vinescore/history/charts.py).

Colours come from CSS classes (.series-0 ... .series-5) and currentColor, so
the same markup reads in light and dark mode. Every label is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from django.utils.translation import gettext

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 10, 22


def scale(value: float, low: float, high: float, start: float, end: float) -> float:
    if high == low:
        return (start + end) / 2
    return start + (value - low) * (end - start) / (high - low)


def ticks(low: int, high: int, count: int = 4) -> list[int]:
    span = max(1, high - low)
    raw = span / count
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 10**9) if s >= raw)
    first = (low // step) * step
    return [v for v in range(first, high + step, step) if low <= v <= high]


def running_totals(
    names: Sequence[str],
    series: Sequence[Sequence[int]],
    *,
    start: int = 0,
    target: int | None = None,
    title: str = "",
) -> str:
    """One line per side: its total after each hand (hand 0 is the start)."""
    hands = max((len(s) for s in series), default=0)
    values = [start, *(v for s in series for v in s)]
    if target is not None:
        values.append(target)
    low, high = min(values), max(values)
    if low == high:
        high = low + 1
    x = lambda i: scale(i, 0, max(1, hands), LEFT, WIDTH - RIGHT)  # noqa: E731
    y = lambda v: scale(v, low, high, HEIGHT - BOTTOM, TOP)  # noqa: E731
    title = title or gettext("Running totals")
    target_words = gettext("target {target}").format(target=target)
    hand_words = gettext("hand {number}").format(number=hands)
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    for tick in ticks(low, high):
        ty = y(tick)
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{ty:.1f}" y2="{ty:.1f}"/>'
            f'<text class="axis" x="{LEFT - 4}" y="{ty + 3:.1f}" text-anchor="end">{tick}</text>'
        )
    if target is not None:
        ty = y(target)
        parts.append(
            f'<line class="target" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{ty:.1f}" y2="{ty:.1f}"/>'
            f'<text class="axis" x="{WIDTH - RIGHT}" y="{ty - 3:.1f}" text-anchor="end">'
            f"{escape(target_words)}</text>"
        )
    parts.append(
        f'<text class="axis" x="{WIDTH - RIGHT}" y="{HEIGHT - 6}" text-anchor="end">'
        f"{escape(hand_words)}</text>"
    )
    # Each point's x is shared by every line, and y is worked out inline: a
    # chart of 300 hands draws 1,200 points on each new version.
    # A total often stays as it was from hand to hand: each is written once.
    xs = [f"{x(h):.1f}" for h in range(hands + 1)]
    y0, per = y(low), y(high) - y(low)
    ys = {v: f"{y0 + (v - low) * per / (high - low):.1f}" for v in set(values)}
    for i, (name, points) in enumerate(zip(names, series, strict=True)):
        coords = " ".join(f"{xs[h]},{ys[v]}" for h, v in enumerate([start, *points]))
        parts.append(
            f'<polyline class="series series-{i % 6}" points="{coords}">'
            f"<title>{escape(name)}: {points[-1] if points else start}</title></polyline>"
        )
    parts.append("</svg>")
    return "".join(parts)
