"""`trainer purge`: delete pupil data older than its retention (also run daily by the server).
With `--school S --schools DIR` one school of a folder, with `--schools DIR` alone every school."""

from __future__ import annotations

import json

from trainer.cli.dbfile import add_db_argument, database_file
from trainer.cli.errors import UsageError
from trainer.ops.connect import open_database
from trainer.ops.retention import DEFAULT_RETENTION_DAYS, purge


def register(sub) -> None:
    p = sub.add_parser(
        "purge",
        help="delete pupil data older than each class keeps it",
        description="Deletes answers, sessions and games past their class's retention, "
        "and pupils archived longer ago than that, with secure_delete.",
    )
    add_db_argument(p)
    p.add_argument(
        "--days",
        type=int,
        help=f"the school's retention in days for classes that set none "
        f"(default: RETENTION_DAYS of the configuration, {DEFAULT_RETENTION_DAYS})",
    )
    p.set_defaults(run=run)


def run(args) -> int:
    days = args.days if args.days is not None else _configured_days()
    if days < 1:
        raise UsageError("--days must be at least 1")
    if args.schools and args.school is None and not args.db:
        return _purge_every_school(args.schools, days)
    conn = open_database(database_file(args))
    try:
        print(json.dumps({"deleted": purge(conn, days)}))
    finally:
        conn.close()
    return 0


def _purge_every_school(folder: str, days: int) -> int:
    """`--schools DIR` alone: every school, one JSON line each. The server purges a school
    daily only once that school's app is made (its first request since the start), so a
    school nobody visits is purged by this, run from cron."""
    from trainer.ops import schools

    try:
        folder = schools.check_folder(folder)
        slugs = schools.slugs(folder)
    except schools.SchoolError as err:
        raise UsageError(str(err)) from None
    for slug in slugs:
        conn = open_database(schools.database_path(folder, slug))
        try:
            print(json.dumps({"school": slug, "deleted": purge(conn, days)}), flush=True)
        finally:
            conn.close()
    return 0


def _configured_days() -> int:
    from trainer.config import file_config

    value = file_config()["RETENTION_DAYS"]
    if not isinstance(value, int) or isinstance(value, bool):
        raise UsageError(f"RETENTION_DAYS must be a whole number of days, not {value!r}")
    return value
