"""The trend of a rating as a small inline SVG (no chart library), drawn in
currentColor so it reads in light and dark mode. Labels are escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

WIDTH, HEIGHT, PAD = 72, 22, 3


def sparkline(values: Sequence[float], title: str) -> str:
    """A line through `values` (oldest first), with a dot on the latest."""
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    last = max(1, len(values) - 1)
    points = [
        (
            PAD + i * (WIDTH - 2 * PAD) / last,
            HEIGHT - PAD - (v - low) * (HEIGHT - 2 * PAD) / span if high > low else HEIGHT / 2,
        )
        for i, v in enumerate(values)
    ]
    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    x, y = points[-1]
    return (
        f'<svg class="trend" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(title)}</title>"
        f'<polyline points="{coords}" fill="none" stroke="currentColor" stroke-width="1.5" '
        f'stroke-linejoin="round" stroke-linecap="round"/>'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.2" fill="currentColor"/></svg>'
    )
