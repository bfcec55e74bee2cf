"""QR codes drawn as inline SVG, for links another phone opens."""

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(address: str) -> SafeString:
    """Drawn with a viewBox and no size of its own, so that the page's CSS
    sizes and centres it: a fixed width and height cannot be scaled."""
    code = segno.make(address, error="m")
    return mark_safe(  # noqa: S308 — segno draws only the code's own paths
        code.svg_inline(omitsize=True, border=3, dark="#000", light="#fff", title=address)
    )
