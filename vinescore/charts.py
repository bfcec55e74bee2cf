"""Charts drawn on the server as inline SVG: no JavaScript chart library.
The sheet's running totals are here, and the frame every chart is drawn on:
the pages between games draw theirs on it (vinescore/history/charts.py).

Colours come from CSS classes (.series-0 ... .series-5) and currentColor, so
the same markup reads in light and dark mode. Every label is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from operator import add

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
    drawn = [s for s in series if s]
    values = [start, *map(min, drawn), *map(max, drawn)]
    if target is not None:
        values.append(target)
    low, high = min(values), max(values)
    if low == high:
        high = low + 1
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
    # The lines are written in the game's own numbers (hand, total) and the
    # group's transform puts them on the frame, their strokes unscaled: a
    # chart of 300 hands writes 1,200 points on each new version, and whole
    # numbers are quicker to write than worked-out positions.
    across = (WIDTH - RIGHT - LEFT) / max(1, hands)
    up = (HEIGHT - BOTTOM - TOP) / (high - low)
    bottom = HEIGHT - BOTTOM + low * up
    parts.append(f'<g transform="matrix({across:.6g} 0 0 {-up:.6g} {LEFT} {bottom:.6g})">')
    hand_numbers = [f"{h}," for h in range(hands + 1)]  # each pair's "hand,"
    for i, (name, points) in enumerate(zip(names, series, strict=True)):
        coords = " ".join(map(add, hand_numbers, map(str, [start, *points])))
        parts.append(
            f'<polyline class="series series-{i % 6}" vector-effect="non-scaling-stroke" '
            f'points="{coords}"><title>{escape(name)}: {points[-1] if points else start}</title>'
            "</polyline>"
        )
    parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)
