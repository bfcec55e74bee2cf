"""Draws vinescore's icons (a score card on the table's green) as PNG files
in static/icons/, with nothing but the standard library.

    python3 scripts/make_icons.py

The picture sits inside the middle 80% of the square, so the same drawing
serves as a maskable icon (a launcher may crop it to a circle)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

GREEN = (47, 107, 58)  # --accent in static/css/vinescore.css
CARD = (251, 250, 247)  # --bg
INK = (47, 107, 58)
SAMPLES = 4  # per side of a pixel, for smooth edges

# name: (size, corner radius of the background as a share of the size)
ICONS = {
    "icon-512.png": (512, 0.0),
    "icon-192.png": (192, 0.0),
    "apple-touch-icon.png": (180, 0.0),
    "favicon-32.png": (32, 0.2),
}


def in_rounded_rect(x, y, left, top, right, bottom, radius) -> bool:
    if not (left <= x <= right and top <= y <= bottom):
        return False
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


def near_segment(x, y, ax, ay, bx, by, half_width) -> bool:
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    px, py = ax + t * dx, ay + t * dy
    return (x - px) ** 2 + (y - py) ** 2 <= half_width**2


def colour_at(x: float, y: float, corner: float):
    """The colour at (x, y) of the unit square, or None outside the icon."""
    if not in_rounded_rect(x, y, 0, 0, 1, 1, corner):
        return None
    # A card, upright, in the safe zone; a V of two strokes on it.
    if in_rounded_rect(x, y, 0.3, 0.2, 0.7, 0.8, 0.05):
        stroke = 0.045
        if near_segment(x, y, 0.39, 0.34, 0.5, 0.64, stroke) or near_segment(
            x, y, 0.61, 0.34, 0.5, 0.64, stroke
        ):
            return INK
        if 0.37 <= x <= 0.63 and 0.7 <= y <= 0.72:
            return INK  # the line a total is written on
        return CARD
    return GREEN


def draw(size: int, corner: float) -> bytes:
    rows = []
    n = SAMPLES
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            r = g = b = a = 0
            for sy in range(n):
                for sx in range(n):
                    x, y = (px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size
                    c = colour_at(x, y, corner)
                    if c is not None:
                        r, g, b, a = r + c[0], g + c[1], b + c[2], a + 1
            if a:
                row += bytes((r // a, g // a, b // a, 255 * a // (n * n)))
            else:
                row += bytes(4)
        rows.append(bytes(row))
    return png(size, b"".join(rows))


def png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    out = Path(__file__).resolve().parent.parent / "static" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for name, (size, corner) in ICONS.items():
        (out / name).write_bytes(draw(size, corner))
        print(out / name)


if __name__ == "__main__":
    main()
