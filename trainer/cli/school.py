"""`trainer school add NAME | list | remove SLUG`: the schools of a `trainer serve --schools DIR`
folder (issue 19, docs/schools.md).

`add` makes the school's file complete (schema, puzzle bank, name, registration closed) under a
hidden temporary name and only then renames it into place, so a running server never sees a
half-made school, and a failure leaves nothing behind. The school's first account is made by
whoever opens the one-time administrator link it prints.
"""

from __future__ import annotations

import os
import sys
from datetime import datetime, timedelta, timezone

from trainer.cli.dbfile import add_schools_argument, school_file
from trainer.cli.errors import UsageError

MAX_NAME = 100
DEFAULT_BASE_URL = "http://{slug}.localhost:5000"


def register(sub) -> None:
    p = sub.add_parser(
        "school",
        help="add, list or remove the schools of a --schools folder",
        description="Manage the schools `trainer serve --schools DIR` serves: one SQLite file per school.",
    )
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")

    add = actions.add_parser("add", help="make a new school and print its administrator's link")
    add.add_argument("name", help='the school\'s name, e.g. "Oak Lane Primary"')
    add.add_argument("--slug", help="its short name in host names and paths (default: made from NAME)")
    add_schools_argument(add)
    add.add_argument(
        "--base-url",
        default=DEFAULT_BASE_URL,
        help="the school's address; {slug} is replaced, e.g. https://{slug}.tweak.example "
        f"or https://tweak.example/{{slug}} (default {DEFAULT_BASE_URL})",
    )
    add.add_argument(
        "--demo", action="store_true", help="also make the demo teacher and a demo class with a few weeks of practice"
    )
    add.set_defaults(run=run_add)

    ls = actions.add_parser("list", help="every school: slug, name, teachers, pupils")
    add_schools_argument(ls)
    ls.set_defaults(run=run_list)

    rm = actions.add_parser("remove", help="back a school up, then remove it")
    rm.add_argument("slug")
    add_schools_argument(rm)
    rm.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    rm.add_argument("--backup-dir", metavar="DIR", help="where the backup goes (default: DIR/removed, made if needed)")
    rm.set_defaults(run=run_remove)


def _utc_now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def _check_name(name: str) -> str:
    name = name.strip()
    if not name:
        raise UsageError("the school's name is empty")
    if len(name) > MAX_NAME:
        raise UsageError(f"the school's name is longer than {MAX_NAME} characters")
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise UsageError("the school's name has control characters")
    return name


def _folder_for_add(folder: str) -> str:
    folder = os.path.abspath(folder)
    parent = os.path.dirname(folder)
    if not os.path.isdir(folder):
        if not os.path.isdir(parent):
            raise UsageError(f"--schools: neither {folder} nor its parent folder exists")
        os.mkdir(folder, 0o700)
    return folder


def run_add(args) -> int:
    from trainer.ops import schools
    from trainer.store.db import companions

    name = _check_name(args.name)
    slug = args.slug if args.slug is not None else schools.slug_from_name(name)
    if not slug:
        raise UsageError("cannot make a slug from that name: give --slug")
    if "{slug}" not in args.base_url and not args.base_url.startswith(("http://", "https://")):
        raise UsageError("--base-url must start with http:// or https://")
    folder = _folder_for_add(args.schools)
    path = school_file(folder, slug, must_exist=False)
    if os.path.exists(path):
        raise UsageError(f"there is already a school {slug!r} in {folder}")
    base = args.base_url.replace("{slug}", slug).rstrip("/")
    if not base.startswith(("http://", "https://")):
        raise UsageError("--base-url must start with http:// or https://")

    temporary = os.path.join(folder, f".{slug}.new{schools.SUFFIX}")
    _remove(temporary, *companions(temporary))  # an earlier `add` that was interrupted
    try:
        token, demo_login = _make_school(temporary, name, slug, args.demo)
        try:
            # link(), not rename(): it fails if another `add` of the same slug won the race.
            os.link(temporary, path)
        except FileExistsError:
            raise UsageError(f"there is already a school {slug!r} in {folder}") from None
        if demo_login and os.path.exists(demo_login):
            from trainer.demo.seed import login_file_for

            os.replace(demo_login, login_file_for(path))
    finally:
        _remove(temporary, *companions(temporary), temporary + ".demo-login")
    print(f"school {slug!r} ({name}) added: {path}", file=sys.stderr)
    print(
        f"administrator's link, valid once until {(_utc_now() + timedelta(days=7)):%Y-%m-%d %H:%M} UTC "
        "(shown only now):",
        file=sys.stderr,
    )
    print(f"{base}/invitations/{token}")
    return 0


def _remove(*paths: str) -> None:
    for path in paths:
        if os.path.exists(path):
            os.unlink(path)


def _make_school(path: str, name: str, slug: str, demo: bool) -> tuple[str, str | None]:
    from trainer.store import invitations, migrations, puzzles, school_settings
    from trainer.store.db import connect

    db = connect(path)
    try:
        migrations.apply(db)
        puzzles.ensure_bank(db)
        school_settings.put(db, "name", name)
        school_settings.put(db, "slug", slug)
        # Teachers of a school join by the administrator's invitation links (docs/schools.md).
        school_settings.put(db, "open_registration", False)
        demo_login = None
        if demo:
            from trainer.demo import seed

            demo_login = seed.login_file_for(path)
            shown = seed.ensure_demo_data(db, demo_login)
            print(f"demo teacher: {shown['email']}  password: {shown['password']}", file=sys.stderr)
        # No one made this link: created_by is NULL, and whoever opens it becomes the
        # school's (first) administrator.
        token = invitations.create(db, role="admin", created_by=None, now=_utc_now())
    finally:
        db.close()
    return token, demo_login


def school_summary(path: str) -> dict:
    """Name and head counts of one school's file, read-only (the server may be writing)."""
    import sqlite3

    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:

        def one(sql: str, default=None):
            try:
                row = conn.execute(sql).fetchone()
            except sqlite3.DatabaseError:
                return default
            return row[0] if row else default

        return {
            "name": one("SELECT value FROM school_settings WHERE name = 'name'", ""),
            "teachers": one("SELECT count(*) FROM teachers WHERE disabled_at IS NULL", 0),
            "pupils": one("SELECT count(*) FROM pupils WHERE archived_at IS NULL", 0),
        }
    finally:
        conn.close()


def run_list(args) -> int:
    from trainer.ops import schools

    try:
        folder = schools.check_folder(args.schools)
        slugs = schools.slugs(folder)
    except schools.SchoolError as err:
        raise UsageError(str(err)) from None
    rows = [(slug, school_summary(os.path.join(folder, slug + schools.SUFFIX))) for slug in slugs]
    width = max([len("slug")] + [len(s) for s, _ in rows])
    print(f"{'slug':<{width}}  {'teachers':>8}  {'pupils':>6}  name")
    for slug, info in rows:
        print(f"{slug:<{width}}  {info['teachers']:>8}  {info['pupils']:>6}  {info['name']}")
    print(f"{len(rows)} school{'s' if len(rows) != 1 else ''} in {folder}", file=sys.stderr)
    return 0


def run_remove(args) -> int:
    from trainer.ops.backup import BackupError, backup
    from trainer.store.db import companions

    path = school_file(args.schools, args.slug)
    folder = os.path.dirname(path)
    info = school_summary(path)
    if not args.yes:
        if not sys.stdin.isatty():
            raise UsageError("removing a school needs confirmation: run it in a terminal or give --yes")
        answer = input(
            f"Remove school {args.slug!r} ({info['name']}: {info['teachers']} teachers, "
            f"{info['pupils']} pupils)? A backup is kept. Type the slug to confirm: "
        )
        if answer.strip() != args.slug:
            print("not removed", file=sys.stderr)
            return 1
    backups = os.path.abspath(args.backup_dir) if args.backup_dir else os.path.join(folder, "removed")
    os.makedirs(backups, mode=0o700, exist_ok=True)
    try:
        done = backup(path, os.path.join(backups, f"{args.slug}-{_utc_now():%Y%m%d-%H%M%S}.sqlite3"))
    except BackupError as err:
        raise UsageError(f"not removed, the backup failed: {err}") from None
    for name in (path, *companions(path), path + ".demo-login"):
        try:
            os.unlink(name)
        except FileNotFoundError:
            pass
    print(
        f"school {args.slug!r} removed; its backup: {done.path} "
        f"(trainer restore {done.path} --school {args.slug} --schools {folder})",
        file=sys.stderr,
    )
    return 0
