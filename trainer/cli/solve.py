"""`trainer solve [FILE] [--lines]`: every capture of a position (FORMATS.md)."""
from __future__ import annotations

from trainer.cli.errors import UsageError
from trainer.cli.jsonio import emit, read_documents, where
from trainer.engine.positions import PositionError, parse_position
from trainer.engine.solver import solve


def register(sub) -> None:
    p = sub.add_parser("solve", help="list every capture of a position")
    p.add_argument("file", nargs="?", help="position JSON (default: stdin)")
    p.add_argument("--lines", action="store_true", help="one position per line, one result per line")
    p.set_defaults(run=run)


def solver_result(position) -> dict:
    captures = solve(position.hand, position.table, position.target, position.joker)
    return {"target": position.target, "captures": [c.to_json() for c in captures]}


def run(args) -> int:
    for number, data in read_documents(args.file, args.lines):
        try:
            position = parse_position(data)
        except PositionError as err:
            raise UsageError(f"{where(number)}{err}") from None
        emit(solver_result(position))
    return 0
