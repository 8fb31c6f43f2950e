"""What a page prints: the browser tests that count printed sheets (login cards, home letters)."""

from __future__ import annotations

import io

from pypdf import PdfReader


def pdf_pages(page) -> int:
    """The number of A4 sheets the page prints, as the browser's print would lay it out."""
    page.emulate_media(media="print")
    pages = len(PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True))).pages)
    page.emulate_media(media="screen")
    return pages
