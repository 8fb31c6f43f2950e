"""`trainer set-password EMAIL`: the school's IT gives a teacher a new password.

There is no reset by e-mail (docs/security.md): a teacher who forgot their password, or whose
password is known to someone else, asks whoever runs the server. The new password is read
twice from the terminal (or two lines of standard input), never from the command line, which
other users and the shell's history can see. Every session of the account ends and a lock-out
of the account is lifted (trainer.store.teachers.replace_password).
"""

from __future__ import annotations

import getpass
import sys

from trainer.cli.dbfile import add_db_argument, database_file
from trainer.cli.errors import UsageError


def register(sub) -> None:
    p = sub.add_parser(
        "set-password",
        help="give a teacher a new password (ends their sessions)",
        description="Sets a new password for the teacher with this e-mail address, "
        "read twice from the terminal or standard input; every session "
        "of the account ends and a lock-out is lifted.",
    )
    p.add_argument("email", help="the teacher's e-mail address")
    add_db_argument(p)
    p.set_defaults(run=run)


def _read_twice() -> tuple[str, str]:
    if sys.stdin.isatty():
        return getpass.getpass("New password: "), getpass.getpass("The same again: ")
    lines = sys.stdin.read().splitlines()
    if len(lines) < 2:
        raise UsageError("give the new password twice, on two lines of standard input")
    return lines[0], lines[1]


def run(args) -> int:
    from trainer.store import passwords, teachers
    from trainer.store.db import connect

    path = database_file(args)
    db = connect(path)
    try:
        teacher = teachers.by_email(db, args.email)
        if teacher is None:
            raise UsageError(f"no teacher with the e-mail address {args.email}")
        password, again = _read_twice()
        if not passwords.MIN_LENGTH <= len(password) <= passwords.MAX_LENGTH:
            raise UsageError(f"the password must be {passwords.MIN_LENGTH} to {passwords.MAX_LENGTH} characters")
        if password != again:
            raise UsageError("the two passwords are not the same")
        ended = db.execute("SELECT count(*) FROM auth_sessions WHERE teacher_id = ?", [teacher["id"]]).fetchone()[0]
        teachers.replace_password(db, teacher["id"], passwords.hash_password(password))
    finally:
        db.close()
    print(f"new password set for {teacher['email']}; {ended} open session(s) ended", file=sys.stderr)
    return 0
