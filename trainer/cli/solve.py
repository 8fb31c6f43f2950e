"""`trainer solve [FILE] [--lines]`: every capture of a position (FORMATS.md)."""

from __future__ import annotations

import sys

from trainer.cli.errors import UsageError
from trainer.cli.jsonio import read_documents, where
from trainer.engine.positions import PositionError, parse_position
from trainer.engine.solver import solve, solve_with_calls


def register(sub) -> None:
    p = sub.add_parser("solve", help="list every capture of a position")
    p.add_argument("file", nargs="?", help="position JSON (default: stdin)")
    p.add_argument("--lines", action="store_true", help="one position per line, one result per line")
    p.set_defaults(run=run)


def solver_result(position) -> dict:
    captures = solve(position.hand, position.table, position.target, position.joker)
    return {"target": position.target, "captures": [c.to_json() for c in captures]}


_BETWEEN_IDS = '", "'


def solver_result_json(position) -> str:
    """The same document as json.dumps(solver_result(position)), written directly: card ids
    and calls are plain ASCII (the position was checked), and results can be thousands of
    captures long."""
    parts = [
        f'{{"target": {c.target}, "play": "{c.play}", "capture": ["{_BETWEEN_IDS.join(c.capture)}"], '
        f'"tweak": {"true" if c.tweak else "false"}, "points": {c.points}, "call": "{call}"}}'
        for c, call in solve_with_calls(position.hand, position.table, position.target, position.joker)
    ]
    return f'{{"target": {position.target}, "captures": [{", ".join(parts)}]}}'


def run(args) -> int:
    write = sys.stdout.write
    for number, data in read_documents(args.file, args.lines):
        try:
            position = parse_position(data)
        except PositionError as err:
            raise UsageError(f"{where(number)}{err}") from None
        write(solver_result_json(position) + "\n")
    return 0
