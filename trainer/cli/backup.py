"""`trainer backup PATH` and `trainer restore PATH`: online, verified copies of the database,
or of one school of a folder with `--school S --schools DIR` (issue 19)."""

from __future__ import annotations

import json
import os
import sys

from trainer.cli.dbfile import add_db_argument, database_file
from trainer.cli.errors import UsageError
from trainer.ops.backup import BackupError, backup, restore


def register(sub) -> None:
    p = sub.add_parser(
        "backup",
        help="take an online, verified copy of the database",
        description="Copies the live database while the app runs, then checks the copy.",
    )
    p.add_argument("path", help="file to write, or an existing folder (a dated file is made in it)")
    add_db_argument(p)
    p.set_defaults(run=run_backup)
    p = sub.add_parser(
        "restore",
        help="put a verified backup in place of the database",
        description="Checks the backup, saves the current data beside the database, "
        "then restores the backup (also while the app runs).",
    )
    p.add_argument("path", help="a file written by `trainer backup`")
    add_db_argument(p)
    p.set_defaults(run=run_restore)


def run_backup(args) -> int:
    try:
        done = backup(database_file(args), args.path, prefix=args.school or "trainer")
    except BackupError as err:
        raise UsageError(str(err)) from None
    print(f"backed up to {done.path}: integrity ok, {done.tables.get('pupils', 0)} pupils", file=sys.stderr)
    print(json.dumps({"path": done.path, "tables": done.tables}))
    return 0


def run_restore(args) -> int:
    database = database_file(args, must_exist=False)
    from trainer.store.db import create_private

    made = args.school is not None and not os.path.exists(database)
    if made:
        # A removed school restored from the backup `trainer school remove` kept: its file is
        # made private (0600) before SQLite writes a byte, like every database.
        create_private(database)
    try:
        checked, saved = restore(args.path, database, keep_current=not made)
    except BackupError as err:
        if made:
            os.unlink(database)  # else a bad backup would leave an empty school behind
        raise UsageError(str(err)) from None
    # The backup may predate schema steps this version has: bring it up to date now, so the
    # running app finds the tables it expects.
    from trainer.store import migrations
    from trainer.store.db import connect

    db = connect(database)
    try:
        migrations.apply(db)
    finally:
        db.close()
    if saved:
        print(f"the data before the restore is kept in {saved}", file=sys.stderr)
    print(json.dumps({"restored": checked.path, "database": database, "previous": saved}))
    return 0
