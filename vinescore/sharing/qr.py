"""QR codes drawn as inline SVG, for links another phone opens."""

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(address: str, scale: int = 5) -> SafeString:
    code = segno.make(address, error="m")
    return mark_safe(  # noqa: S308 — segno draws only the code's own paths
        code.svg_inline(scale=scale, border=3, dark="#000", light="#fff", title=address)
    )
