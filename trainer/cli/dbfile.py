"""The database file a maintenance command works on: --db, a school of a folder (--school S
--schools DIR, issue 19), or what `trainer serve` uses."""

from __future__ import annotations

import os

from trainer.cli.errors import UsageError


def add_db_argument(parser) -> None:
    parser.add_argument(
        "--db", metavar="PATH", help="SQLite file (default: the one `trainer serve` uses, instance/trainer.db)"
    )
    parser.add_argument("--school", metavar="SLUG", help="a school of the --schools folder instead of --db")
    add_schools_argument(parser, required=False)


def add_schools_argument(parser, required: bool = True) -> None:
    parser.add_argument(
        "--schools",
        metavar="DIR",
        required=required,
        default=None if required else os.environ.get("TRAINER_SCHOOLS") or None,
        help="folder of schools, one <slug>.sqlite3 file each (default: TRAINER_SCHOOLS)"
        if not required
        else "folder of schools, one <slug>.sqlite3 file each",
    )


def school_file(folder: str, slug: str, must_exist: bool = True) -> str:
    from trainer.ops.schools import SchoolError, check_folder, database_path

    try:
        path = database_path(check_folder(folder), slug)
    except SchoolError as err:
        raise UsageError(str(err)) from None
    if must_exist and not os.path.isfile(path):
        raise UsageError(f"no school {slug!r} in {os.path.abspath(folder)} (see `trainer school list`)")
    return path


def database_file(args, must_exist: bool = True) -> str:
    from trainer.config import file_config

    school = getattr(args, "school", None)
    if school is not None:
        if args.db:
            raise UsageError("give either --db or --school, not both")
        if not args.schools:
            raise UsageError("--school needs --schools DIR (or TRAINER_SCHOOLS)")
        return school_file(args.schools, school, must_exist)
    path = os.path.abspath(args.db) if args.db else file_config()["DATABASE"]
    if must_exist and not os.path.isfile(path):
        raise UsageError(f"no database at {path} (give --db PATH)")
    return path
