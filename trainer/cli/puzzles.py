"""`trainer puzzles --count N --seed S [--kind K]`: generated puzzles as JSON lines;
`trainer puzzles import FILE [--db PATH]`: check a puzzle file and print its puzzles normalised
(docs/puzzles.md); with --db, also store them in that database's puzzle bank."""

from __future__ import annotations

import os
import random
import sys

from trainer.bots import NAMES_HELP, check_bot_name
from trainer.cli.errors import UsageError
from trainer.cli.jsonio import emit
from trainer.puzzles.generate import generate_iter
from trainer.puzzles.kinds import KINDS
from trainer.puzzles.loader import PuzzleFileError, load_puzzle_file, parse_puzzle_lines
from trainer.puzzles.selfplay import DEFAULT_LEVELS

MAX_COUNT = 100_000


def register(sub) -> None:
    p = sub.add_parser(
        "puzzles",
        help="generate puzzles from bot self-play, or check a puzzle file (import)",
        description="Without a sub-command: print --count generated puzzles as JSON lines.",
    )
    p.add_argument("--count", type=int, help="how many puzzles to generate")
    p.add_argument("--seed", type=int, help="random seed: the same seed gives the same puzzles")
    p.add_argument(
        "--kind", help=f"one kind or several, comma-separated ({', '.join(KINDS)}); default all five in turn"
    )
    p.add_argument(
        "--bots",
        default=",".join(DEFAULT_LEVELS),
        help=f"bot levels for self-play, comma-separated (greedy, {NAMES_HELP})",
    )
    p.set_defaults(run=run_generate)
    actions = p.add_subparsers(dest="action", metavar="import")
    imp = actions.add_parser(
        "import",
        help="check a puzzle file (JSON Lines) and print it normalised",
        description="Nothing is stored unless every line is right.",
    )
    imp.add_argument("file", help="puzzle file, or - for stdin")
    imp.add_argument(
        "--db",
        metavar="PATH",
        help="also add the puzzles to the shared puzzle bank of this database (the web app's SQLite "
        "file), served to every class with the file's own difficulty: the operator's "
        "trusted path (a teacher's upload is reviewed instead, docs/puzzles.md)",
    )
    imp.set_defaults(run=run_import)


def _names(spec: str, known, what: str) -> list[str]:
    names = [name.strip() for name in spec.split(",") if name.strip()]
    if not names:
        raise UsageError(f"name at least one {what}")
    for name in names:
        if name not in known:
            raise UsageError(f"unknown {what} {name!r}: choose from {', '.join(known)}")
    return names


def _bot_names(spec: str) -> list[str]:
    names = [name.strip() for name in spec.split(",") if name.strip()]
    if not names:
        raise UsageError("name at least one bot level")
    try:
        for name in names:
            check_bot_name(name, also=("greedy",))
    except ValueError as err:
        raise UsageError(str(err)) from None
    return names


def run_generate(args) -> int:
    if args.count is None or args.seed is None:
        raise UsageError("give --count N and --seed S (or: trainer puzzles import FILE)")
    if not 1 <= args.count <= MAX_COUNT:
        raise UsageError(f"--count must be 1 to {MAX_COUNT}, not {args.count}")
    kinds = _names(args.kind, KINDS, "puzzle kind") if args.kind else list(KINDS)
    levels = _bot_names(args.bots)
    try:
        for puzzle in generate_iter(args.count, random.Random(args.seed), kinds, levels):
            emit(puzzle.to_json())
    except RuntimeError as err:  # self-play with these bots gave no position that fits
        raise UsageError(str(err)) from None
    return 0


def run_import(args) -> int:
    try:
        if args.file == "-":
            puzzles = parse_puzzle_lines(sys.stdin, "stdin")
        else:
            puzzles = load_puzzle_file(args.file)
    except PuzzleFileError as err:
        raise UsageError(str(err)) from None
    added = _store(args.db, puzzles) if args.db else None
    for puzzle in puzzles:
        emit(puzzle.to_json())
    print(f"{len(puzzles)} puzzles checked", file=sys.stderr)
    if added is not None:
        print(f"{added} new in the puzzle bank of {args.db}", file=sys.stderr)
    return 0


def _store(path: str, puzzles) -> int:
    """Add the puzzles to the shared bank; returns how many were new. Trusted, unlike a teacher's
    upload (trainer.store.puzzle_review): whoever runs this can write the database anyway."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"--db: folder {folder} does not exist")
    from trainer.store import migrations, puzzles as bank
    from trainer.store.db import connect

    db = connect(path)
    try:
        migrations.apply(db)
        return bank.store(db, puzzles, "teacher")
    finally:
        db.close()
