"""JSON that comes from outside (a page's post, a teacher's upload, a file given to the
command line), read with limits.

Python's parser recurses once per nesting level: 5,000 "[" raise RecursionError, which no
caller expects (a 500 on the web, a traceback on the command line). Here the nesting is
measured before parsing, on the text itself, and a document nested deeper than `max_depth`
or longer than `max_length` characters is refused with JSONLimitError, a ValueError, like
text that is not JSON at all.
"""

from __future__ import annotations

import json
import re
from typing import Any

# A string literal (with its escapes): brackets inside strings do not nest anything.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
DEFAULT_DEPTH = 20  # deeper than any document of ../shared/FORMATS.md (records nest about 6)


class JSONLimitError(ValueError):
    """The text is not JSON this program will read; `reason` says why in English."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def nesting(text: str) -> int:
    """How deep the brackets of `text` nest (0 for a number or a string)."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def loads(text: object, *, max_depth: int = DEFAULT_DEPTH, max_length: int | None = None) -> Any:
    """json.loads with limits. Raises JSONLimitError (too deep, too long, not text) or
    json.JSONDecodeError (not JSON); both are ValueErrors."""
    if not isinstance(text, str):
        raise JSONLimitError("not text")
    if max_length is not None and len(text) > max_length:
        raise JSONLimitError(f"longer than {max_length} characters")
    if nesting(text) > max_depth:
        raise JSONLimitError(f"nested deeper than {max_depth} levels")
    return json.loads(text)
