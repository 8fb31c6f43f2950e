"""Scanning a QR code on a page as a phone's camera would (issue 47.8): a screenshot of the code,
decoded by zxing-cpp. The screenshot is a PNG; it is turned into grey pixels here, in a few lines
of the PNG format, so the tests need no imaging library."""

from __future__ import annotations

import struct
import zlib

import zxingcpp


def _grey_pixels(png: bytes) -> tuple[bytes, int, int]:
    """(one byte per pixel, width, height) of an 8-bit RGB or RGBA, non-interlaced PNG (what
    Chromium's screenshots are)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, data, width = 8, b"", 0
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at : at + 8])
        body = png[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _c, _f, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "an unexpected PNG"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            data += body
        at += 12 + length
    raw, stride = zlib.decompress(data), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        line = raw[y * (stride + 1) : (y + 1) * (stride + 1)]
        kind, row = line[0], bytearray(line[1:])
        for i in range(stride):
            left = row[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(row[0::channels]))  # the red channel: the codes are black on white
        previous = row
    return b"".join(rows), width, height


def scan(locator) -> str:
    """The text (an address) of the one QR code this element shows."""
    grey, width, height = _grey_pixels(locator.screenshot())
    found = zxingcpp.read_barcodes(memoryview(grey).cast("B", (height, width)))
    assert len(found) == 1, f"{len(found)} QR codes read"
    return found[0].text
