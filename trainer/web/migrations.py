"""The database schema, as an ordered list of sqlite-utils migration steps.

To change the schema, add a new function at the END of this file decorated with
`@migrations()`; never edit or reorder a step that has shipped. Each step runs once, inside a
transaction, and is recorded in `_sqlite_migrations`, so start-up applies only what is new.

Rules for tables added by later issues (attempts, puzzles, games, drills, ...):
- a row that belongs to a pupil references `pupils(id) ON DELETE CASCADE`, so deleting a
  pupil erases everything about them (tests/test_pupil_data_cascades.py checks every such
  foreign key);
- add the new data to the pupil's JSON export through `trainer.web.models.pupil_export`.
"""
from __future__ import annotations

from sqlite_utils import Database, Migrations

migrations = Migrations("trainer")


@migrations()
def m001_teachers_classes_pupils(db: Database) -> None:
    db.execute(
        """
        CREATE TABLE teachers (
            id INTEGER PRIMARY KEY,
            email TEXT NOT NULL,
            display_name TEXT NOT NULL,
            password_hash TEXT NOT NULL,
            language TEXT,
            created_at TEXT NOT NULL
        )"""
    )
    # Stored lower-cased, so this index also makes e-mail addresses case-insensitive.
    db.execute("CREATE UNIQUE INDEX teachers_email ON teachers(email)")
    db.execute(
        """
        CREATE TABLE classes (
            id INTEGER PRIMARY KEY,
            teacher_id INTEGER NOT NULL REFERENCES teachers(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            join_code TEXT NOT NULL,
            qr_token TEXT NOT NULL,
            archived_at TEXT,
            created_at TEXT NOT NULL
        )"""
    )
    db.execute("CREATE UNIQUE INDEX classes_join_code ON classes(join_code)")
    db.execute("CREATE UNIQUE INDEX classes_qr_token ON classes(qr_token)")
    db.execute("CREATE INDEX classes_teacher ON classes(teacher_id)")
    # Only a first name or nickname: the least a teacher needs to tell pupils apart.
    db.execute(
        """
        CREATE TABLE pupils (
            id INTEGER PRIMARY KEY,
            class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL,
            picture_password TEXT NOT NULL,
            language TEXT,
            archived_at TEXT,
            created_at TEXT NOT NULL
        )"""
    )
    db.execute("CREATE UNIQUE INDEX pupils_class_name ON pupils(class_id, name_key)")


@migrations()
def m002_sessions_and_throttle(db: Database) -> None:
    # Server-side sessions: the cookie carries a random token, this table its SHA-256.
    # Deleting the row (logout, idle timeout) makes the old cookie worthless.
    db.execute(
        """
        CREATE TABLE auth_sessions (
            id TEXT PRIMARY KEY,
            teacher_id INTEGER REFERENCES teachers(id) ON DELETE CASCADE,
            pupil_id INTEGER REFERENCES pupils(id) ON DELETE CASCADE,
            created_at REAL NOT NULL,
            last_seen REAL NOT NULL,
            CHECK ((teacher_id IS NULL) != (pupil_id IS NULL))
        )"""
    )
    db.execute("CREATE INDEX auth_sessions_teacher ON auth_sessions(teacher_id)")
    db.execute("CREATE INDEX auth_sessions_pupil ON auth_sessions(pupil_id)")
    # Failed-login counters live in the database so every server process and every
    # request from behind one school NAT address sees the same count.
    db.execute(
        """
        CREATE TABLE login_throttle (
            key TEXT PRIMARY KEY,
            failures INTEGER NOT NULL DEFAULT 0,
            locked_until REAL NOT NULL DEFAULT 0,
            updated_at REAL NOT NULL
        )"""
    )


def apply(db: Database) -> None:
    migrations.apply(db)
