"""Reading JSON documents from a file or stdin, one whole document or one per line."""
from __future__ import annotations

import json
import sys
from collections.abc import Iterator

from trainer.cli.errors import UsageError


def open_input(path: str | None):
    if path in (None, "-"):
        return sys.stdin
    try:
        return open(path, encoding="utf-8")
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror}") from None


def read_documents(path: str | None, lines: bool) -> Iterator[tuple[int | None, object]]:
    """(line number or None, parsed JSON). Blank lines are skipped in --lines mode."""
    stream = open_input(path)
    try:
        if not lines:
            text = stream.read()
            try:
                yield None, json.loads(text)
            except json.JSONDecodeError as err:
                raise UsageError(f"not valid JSON: {err.msg} at line {err.lineno} column {err.colno}") from None
            return
        for number, line in enumerate(stream, 1):
            if not line.strip():
                continue
            try:
                yield number, json.loads(line)
            except json.JSONDecodeError as err:
                raise UsageError(f"line {number}: not valid JSON: {err.msg} at column {err.colno}") from None
    except UnicodeDecodeError:
        raise UsageError("the input is not UTF-8 text") from None
    finally:
        if stream is not sys.stdin:
            stream.close()


def where(number: int | None) -> str:
    return f"line {number}: " if number is not None else ""


def emit(document) -> None:
    sys.stdout.write(json.dumps(document, separators=(", ", ": ")) + "\n")
