"""`trainer replay [FILE] [--lines]`: check and replay round or match records (FORMATS.md)."""

from __future__ import annotations

from trainer.cli.errors import UsageError
from trainer.cli.jsonio import emit, read_documents, where
from trainer.engine.records import (
    MATCH_FORMAT,
    RecordError,
    ReplayError,
    replay_match,
    replay_result,
    replay_round,
)


def register(sub) -> None:
    p = sub.add_parser("replay", help="check and replay a round or match record")
    p.add_argument("file", nargs="?", help="record JSON (default: stdin)")
    p.add_argument("--lines", action="store_true", help="one record per line, one result per line")
    p.set_defaults(run=run)


def replay_document(record) -> dict:
    if isinstance(record, dict) and record.get("format") == MATCH_FORMAT:
        return replay_match(record)
    return replay_result(replay_round(record))


def run(args) -> int:
    status = 0
    for number, record in read_documents(args.file, args.lines):
        try:
            emit(replay_document(record))
        except RecordError as err:
            raise UsageError(f"{where(number)}{err}") from None
        except ReplayError as err:
            # An illegal move is a finding, not bad input: exit 1 with the JSON error.
            emit(err.to_json())
            status = 1
    return status
