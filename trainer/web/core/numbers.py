"""Whole numbers from forms and query strings: ASCII digits only.

`str.isdigit()` is true for "²" and "٣", and `int()` reads "٣", "３", " 7" and "1_0" but
raises on "²": checking with one and converting with the other was a 500 on every page that
did it. Here a number is what a keyboard's digit keys type, and anything else is None for the
caller to refuse with its own message. (A page's measured milliseconds, read by the same rule:
trainer.puzzles.timing.decimal_number.)"""

from __future__ import annotations

import re

_WHOLE = re.compile(r"[0-9]+")
_SPACES = " \t"


def whole_number(text, max_digits: int = 12) -> int | None:
    """ "42" -> 42; anything else (signs, spaces, other scripts' digits, too long) -> None."""
    if not isinstance(text, str) or len(text) > max_digits or not _WHOLE.fullmatch(text):
        return None
    return int(text)


def typed_whole_number(text, max_digits: int = 6) -> int | None:
    """What a teacher types into a number field: spaces around it and a zero fraction ("20.0",
    "20,0") are fine, as browsers' number fields may send them."""
    if not isinstance(text, str):
        return None
    whole, _, fraction = text.strip(_SPACES).replace(",", ".").partition(".")
    if fraction.strip("0"):
        return None
    return whole_number(whole, max_digits)
