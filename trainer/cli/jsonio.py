"""Reading JSON documents from a file or stdin, one whole document or one per line."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator

from trainer.cli.errors import UsageError
from trainer.puzzles import untrusted_json


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
                document = untrusted_json.loads(text)
            except json.JSONDecodeError as err:
                raise UsageError(f"not valid JSON: {err.msg} at line {err.lineno} column {err.colno}") from None
            except untrusted_json.JSONLimitError as err:
                raise UsageError(f"not a document this program reads: {err.reason}") from None
            yield None, document
            return
        for number, line in enumerate(stream, 1):
            if not line.strip():
                continue
            try:
                document = untrusted_json.loads(line)
            except json.JSONDecodeError as err:
                raise UsageError(f"line {number}: not valid JSON: {err.msg} at column {err.colno}") from None
            except untrusted_json.JSONLimitError as err:
                raise UsageError(f"line {number}: not a document this program reads: {err.reason}") from None
            yield number, document
    except UnicodeDecodeError:
        raise UsageError("the input is not UTF-8 text") from None
    finally:
        if stream is not sys.stdin:
            stream.close()


def where(number: int | None) -> str:
    return f"line {number}: " if number is not None else ""


def emit(document) -> None:
    sys.stdout.write(json.dumps(document, separators=(", ", ": ")) + "\n")
