"""The database file a maintenance command works on: --db, or what `trainer serve` uses."""
from __future__ import annotations

import os

from trainer.cli.errors import UsageError


def add_db_argument(parser) -> None:
    parser.add_argument("--db", metavar="PATH",
                        help="SQLite file (default: the one `trainer serve` uses, instance/trainer.db)")


def database_file(args, must_exist: bool = True) -> str:
    from trainer.config import file_config

    path = os.path.abspath(args.db) if args.db else file_config()["DATABASE"]
    if must_exist and not os.path.isfile(path):
        raise UsageError(f"no database at {path} (give --db PATH)")
    return path
