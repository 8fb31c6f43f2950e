"""QR codes as inline SVG, made on the server: no image service, no external request."""

from __future__ import annotations

import segno
from markupsafe import Markup, escape


def qr_svg(data: str, label: str) -> Markup:
    code = segno.make(data, error="m", micro=False)
    # omitsize: a viewBox instead of fixed pixels, so the stylesheet can size it for print.
    svg = code.svg_inline(scale=3, border=2, omitsize=True, svgclass="qr", lineclass="qr-line")
    # The label is for screen readers; the data itself is never put in the page as text.
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1))
