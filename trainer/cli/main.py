"""The `trainer` console script: one sub-command per module, each with `register(subparsers)`."""

from __future__ import annotations

import argparse
import sys

from trainer.cli import (
    backup,
    export_games,
    play,
    purge,
    puzzles,
    replay,
    school,
    serve,
    set_password,
    solve,
    tournament,
)
from trainer.cli.errors import UsageError

COMMAND_MODULES = (solve, replay, play, tournament, puzzles, serve, export_games, backup, purge, set_password, school)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="trainer", description="TWEAK Trainer")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args) or 0
    except UsageError as err:
        # FORMATS.md: bad input is exit status 2 and one clear line, never a traceback.
        print(f"trainer {args.command}: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # Reader went away (e.g. `| head`): not an error of ours.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
