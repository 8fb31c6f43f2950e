"""The database schema, as an ordered list of sqlite-utils migration steps.

To change the schema, add a new function at the END of this file decorated with
`@migrations()`; never edit or reorder a step that has shipped. Each step runs once, inside a
transaction, and is recorded in `_sqlite_migrations`, so start-up applies only what is new.

Rules for tables added by later issues (attempts, puzzles, games, drills, ...):
- a row that belongs to a pupil references `pupils(id) ON DELETE CASCADE`, so deleting a
  pupil erases everything about them (tests/store/test_pupil_data_cascades.py checks every such
  foreign key);
- add the new data to the pupil's JSON export through `trainer.store.pupil_export`.
"""

from __future__ import annotations

import json

from sqlite_utils import Database, Migrations

from trainer.puzzles.features import Features, default_time_limit, initial_difficulty

migrations = Migrations("trainer")

# The columns of one analysed play (trainer.games.analysis.MoveAnalysis), as game_moves had them
# from m004 (and class_table_moves from m1605, until m3501 made the two one table).
_ANALYSIS_COLUMNS = """round INTEGER NOT NULL,
            turn INTEGER NOT NULL,
            target INTEGER NOT NULL,
            captures_available INTEGER NOT NULL,
            best_points INTEGER NOT NULL,
            tweak_available INTEGER NOT NULL,
            points INTEGER NOT NULL,
            tweak INTEGER NOT NULL,
            missed_capture INTEGER NOT NULL,
            missed_tweak INTEGER NOT NULL,
            decision_ms INTEGER,
            hint_used INTEGER NOT NULL DEFAULT 0,
            analysis TEXT NOT NULL,
            created_at REAL NOT NULL"""
_MOVE_FIELDS = (
    "round, turn, target, captures_available, best_points, tweak_available, points, tweak,"
    " missed_capture, missed_tweak, decision_ms, hint_used, analysis, created_at"
)


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


@migrations()
def m003_puzzles_drills_attempts(db: Database) -> None:
    # Puzzles are shared by every class; `data` is Puzzle.to_json() (trainer.puzzles).
    # target / table_size / combo_size are copied out of it for the teacher's heat maps.
    db.execute(
        """
        CREATE TABLE puzzles (
            id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            data TEXT NOT NULL,
            source TEXT NOT NULL CHECK (source IN ('curated', 'generated', 'teacher')),
            teacher_id INTEGER REFERENCES teachers(id) ON DELETE SET NULL,
            rating REAL NOT NULL,
            rating_count INTEGER NOT NULL DEFAULT 0,
            target INTEGER NOT NULL,
            table_size INTEGER NOT NULL,
            combo_size INTEGER NOT NULL,
            created_at TEXT NOT NULL
        )"""
    )
    db.execute("CREATE INDEX puzzles_kind_rating ON puzzles(kind, rating)")
    db.execute(
        """
        CREATE TABLE pupil_ratings (
            pupil_id INTEGER PRIMARY KEY REFERENCES pupils(id) ON DELETE CASCADE,
            rating REAL NOT NULL,
            count INTEGER NOT NULL DEFAULT 0,
            updated_at TEXT NOT NULL
        )"""
    )
    # The teacher's daily drill for a class: a number of puzzles or of minutes.
    db.execute(
        """
        CREATE TABLE drill_settings (
            class_id INTEGER PRIMARY KEY REFERENCES classes(id) ON DELETE CASCADE,
            puzzles INTEGER,
            minutes INTEGER,
            kinds TEXT NOT NULL,
            time_limit_s REAL NOT NULL DEFAULT 20,
            updated_at TEXT NOT NULL,
            CHECK ((puzzles IS NULL) != (minutes IS NULL))
        )"""
    )
    db.execute(
        """
        CREATE TABLE pupil_settings (
            pupil_id INTEGER PRIMARY KEY REFERENCES pupils(id) ON DELETE CASCADE,
            extra_time_s REAL NOT NULL DEFAULT 0,
            hide_countdown INTEGER NOT NULL DEFAULT 0
        )"""
    )
    # One sitting: today's drill or free practice. `day` is the school's local date.
    db.execute(
        """
        CREATE TABLE practice_sessions (
            id INTEGER PRIMARY KEY,
            pupil_id INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
            mode TEXT NOT NULL CHECK (mode IN ('drill', 'practice')),
            day TEXT NOT NULL,
            planned INTEGER,
            started_at REAL NOT NULL,
            finished_at REAL
        )"""
    )
    db.execute("CREATE INDEX practice_sessions_pupil_day ON practice_sessions(pupil_id, day)")
    # One issued puzzle and, once it arrives, its answer. The id travels with the puzzle to
    # the page and back, so a double tap, a resubmit or a retry finds the same row (issue 5.7).
    # Times in epoch seconds (server) and milliseconds (client durations).
    db.execute(
        """
        CREATE TABLE attempts (
            id TEXT PRIMARY KEY,
            pupil_id INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
            session_id INTEGER REFERENCES practice_sessions(id) ON DELETE CASCADE,
            puzzle_id TEXT NOT NULL REFERENCES puzzles(id),
            kind TEXT NOT NULL,
            day TEXT NOT NULL,
            issued_at REAL NOT NULL,
            answered_at REAL,
            time_limit_s REAL NOT NULL,
            client_ms INTEGER,
            server_ms INTEGER,
            believed_ms INTEGER,
            first_correct_ms INTEGER,
            input_kind TEXT,
            taps TEXT,
            submitted TEXT,
            outcome TEXT,
            correct INTEGER,
            credit REAL,
            score REAL,
            flags TEXT,
            pupil_rating_before REAL,
            pupil_rating_after REAL,
            puzzle_rating_before REAL,
            puzzle_rating_after REAL,
            target INTEGER NOT NULL,
            combo_size INTEGER NOT NULL
        )"""
    )
    db.execute("CREATE INDEX attempts_pupil_answered ON attempts(pupil_id, answered_at)")
    db.execute("CREATE INDEX attempts_session ON attempts(session_id)")
    db.execute("CREATE INDEX attempts_puzzle ON attempts(puzzle_id)")


@migrations()
def m004_games(db: Database) -> None:
    # `state` is the resumable tweak-game/1 document (trainer.games.service); `record` the
    # tweak-round/1 or tweak-match/1 record that `trainer replay` checks.
    db.execute(
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            pupil_id INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
            settings TEXT NOT NULL,
            state TEXT NOT NULL,
            record TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('active', 'finished', 'abandoned')),
            pupil_points INTEGER,
            winner INTEGER,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        )"""
    )
    db.execute("CREATE INDEX games_pupil_status ON games(pupil_id, status)")
    # One row per pupil play (trainer.games.analysis.MoveAnalysis), for the teacher's reports.
    db.execute(
        f"""
        CREATE TABLE game_moves (
            id INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            pupil_id INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
            {_ANALYSIS_COLUMNS},
            UNIQUE (game_id, round, turn)
        )"""
    )
    db.execute("CREATE INDEX game_moves_pupil_created ON game_moves(pupil_id, created_at)")
    # What the teacher lets a class choose for games (trainer.games.settings.ClassLimits).
    db.execute(
        """
        CREATE TABLE class_game_settings (
            class_id INTEGER PRIMARY KEY REFERENCES classes(id) ON DELETE CASCADE,
            levels TEXT NOT NULL,
            max_bots INTEGER NOT NULL,
            lengths TEXT NOT NULL,
            allow_colors INTEGER NOT NULL,
            hints INTEGER NOT NULL
        )"""
    )


@migrations()
def m005_ops_retention(db: Database) -> None:
    # How long a class's pupil data is kept (days); NULL: the school's RETENTION_DAYS.
    db.execute("ALTER TABLE classes ADD COLUMN retention_days INTEGER")
    # When each housekeeping task last ran, shared by every server process.
    db.execute(
        """
        CREATE TABLE maintenance (
            task TEXT PRIMARY KEY,
            last_run REAL NOT NULL
        )"""
    )


@migrations()
def m201_games_turn_clock(db: Database) -> None:
    # The server's half of a decision time: when the board for the pupil's turn was first
    # served (turn_key names that turn), so a reload does not restart it. hint_turn: the
    # turn in which the pupil asked for a hint, recorded with the play (issue 6.7).
    db.execute("ALTER TABLE games ADD COLUMN turn_key TEXT")
    db.execute("ALTER TABLE games ADD COLUMN turn_shown_at REAL")
    db.execute("ALTER TABLE games ADD COLUMN hint_turn TEXT")
    db.execute("ALTER TABLE game_moves ADD COLUMN server_ms INTEGER")


@migrations()
def m101_drills_session_minutes(db: Database) -> None:
    # A drill of "so many minutes" needs its plan kept with the sitting, as `planned` keeps a
    # number of puzzles: a teacher changing the settings mid-morning must not move the finish
    # line of a drill that is already under way. Exactly one of the two is set for a drill.
    db.execute("ALTER TABLE practice_sessions ADD COLUMN planned_minutes INTEGER")


# ---------------------------------------------------------------- issue 7: the teacher's dashboard
# Summaries are kept by triggers, so that the drills and games code (and anything else that
# writes attempts or game_moves) keeps them right without knowing they exist. Each trigger
# recomputes the one pupil-day or game it touched from the rows themselves rather than adding
# and subtracting: a resubmitted answer, a corrected row or a deleted game cannot make a
# summary drift, and a day holds tens of rows, so the recount is cheap.

# An answer whose time we believe: right, timed, and not flagged as faster than a child can tap
# (trainer.puzzles.timing.TOO_FAST). Speed is measured on right answers only, so that fast
# guesses do not make a pupil look quicker.
_TIMED = "correct = 1 AND believed_ms IS NOT NULL AND instr(coalesce(flags, ''), 'faster_than_tapping') = 0"


def _pupil_day_refresh(pupil: str, day: str) -> str:
    # INDEXED BY: without ANALYZE statistics the planner prefers attempts_pupil_answered and
    # scans the pupil's whole history on every write; this index finds the day's rows directly.
    rows = (
        f"FROM attempts INDEXED BY attempts_dashboard"
        f" WHERE pupil_id = {pupil} AND day = {day} AND answered_at IS NOT NULL"
    )
    timed = f"(SELECT count(*) {rows} AND {_TIMED})"
    return f"""
        DELETE FROM pupil_days WHERE pupil_id = {pupil} AND day = {day};
        INSERT INTO pupil_days (pupil_id, day, answered, correct, credit, too_fast, timed,
                                median_ms, first_at, last_at, rating)
        SELECT {pupil}, {day}, count(*), coalesce(sum(correct = 1), 0), total(credit),
               sum(instr(coalesce(flags, ''), 'faster_than_tapping') > 0), {timed},
               (SELECT avg(believed_ms) FROM (SELECT believed_ms {rows} AND {_TIMED}
                    ORDER BY believed_ms LIMIT 2 - {timed} % 2 OFFSET ({timed} - 1) / 2)),
               min(answered_at), max(answered_at),
               (SELECT pupil_rating_after {rows} AND pupil_rating_after IS NOT NULL
                    ORDER BY answered_at DESC LIMIT 1)
        {rows} AND EXISTS (SELECT 1 FROM pupils WHERE id = {pupil})
        HAVING count(*) > 0;"""


def _game_summary_refresh(game: str) -> str:
    return f"""
        DELETE FROM game_summaries WHERE game_id = {game};
        INSERT INTO game_summaries (game_id, pupil_id, plays, capture_chances, missed_captures,
                                    tweak_chances, missed_tweaks, tweaks, points, best_points,
                                    hints)
        SELECT {game}, min(pupil_id), count(*), sum(captures_available > 0), sum(missed_capture),
               sum(tweak_available), sum(missed_tweak), sum(tweak), sum(points), sum(best_points),
               sum(hint_used)
        FROM game_moves WHERE game_id = {game} AND EXISTS (SELECT 1 FROM games WHERE id = {game})
        HAVING count(*) > 0;"""


@migrations()
def m301_dashboard_summaries(db: Database) -> None:
    # One row per pupil and local day with answers: the class overview and the charts read
    # a few hundred of these instead of tens of thousands of attempts. median_ms is the median
    # believed time of the day's right answers (_TIMED); rating the pupil's rating after the
    # day's last rated answer.
    db.execute(
        """
        CREATE TABLE pupil_days (
            pupil_id INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            answered INTEGER NOT NULL,
            correct INTEGER NOT NULL,
            credit REAL NOT NULL,
            too_fast INTEGER NOT NULL,
            timed INTEGER NOT NULL,
            median_ms REAL,
            first_at REAL NOT NULL,
            last_at REAL NOT NULL,
            rating REAL,
            PRIMARY KEY (pupil_id, day)
        )"""
    )
    # Covers every dashboard read of attempts by pupil and day range (medians over a window,
    # heat maps, most-missed puzzles) without touching the table itself; answered rows only.
    db.execute(
        "CREATE INDEX attempts_dashboard ON attempts(pupil_id, day, target, combo_size, correct,"
        " believed_ms, flags, puzzle_id, answered_at) WHERE answered_at IS NOT NULL"
    )
    db.execute(
        """
        CREATE TABLE game_summaries (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            pupil_id INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
            plays INTEGER NOT NULL,
            capture_chances INTEGER NOT NULL,
            missed_captures INTEGER NOT NULL,
            tweak_chances INTEGER NOT NULL,
            missed_tweaks INTEGER NOT NULL,
            tweaks INTEGER NOT NULL,
            points INTEGER NOT NULL,
            best_points INTEGER NOT NULL,
            hints INTEGER NOT NULL
        )"""
    )
    db.execute("CREATE INDEX game_summaries_pupil ON game_summaries(pupil_id)")
    watched = "answered_at, correct, credit, believed_ms, flags, pupil_rating_after, day, pupil_id"
    triggers = {
        "attempts_days_insert": (
            "AFTER INSERT ON attempts WHEN NEW.answered_at IS NOT NULL",
            _pupil_day_refresh("NEW.pupil_id", "NEW.day"),
        ),
        "attempts_days_update": (
            f"AFTER UPDATE OF {watched} ON attempts WHEN NEW.answered_at IS NOT NULL OR OLD.answered_at IS NOT NULL",
            _pupil_day_refresh("NEW.pupil_id", "NEW.day"),
        ),
        # An answer moved to another day or pupil leaves its old day to be recounted too.
        "attempts_days_update_moved": (
            "AFTER UPDATE OF day, pupil_id ON attempts"
            " WHEN OLD.answered_at IS NOT NULL"
            " AND (OLD.day IS NOT NEW.day OR OLD.pupil_id IS NOT NEW.pupil_id)",
            _pupil_day_refresh("OLD.pupil_id", "OLD.day"),
        ),
        "attempts_days_delete": (
            "AFTER DELETE ON attempts WHEN OLD.answered_at IS NOT NULL",
            _pupil_day_refresh("OLD.pupil_id", "OLD.day"),
        ),
        "game_moves_summary_insert": ("AFTER INSERT ON game_moves", _game_summary_refresh("NEW.game_id")),
        "game_moves_summary_update": (
            "AFTER UPDATE ON game_moves",
            _game_summary_refresh("NEW.game_id") + _game_summary_refresh("OLD.game_id"),
        ),
        "game_moves_summary_delete": ("AFTER DELETE ON game_moves", _game_summary_refresh("OLD.game_id")),
    }
    for name, (when, body) in triggers.items():
        # One statement each: executescript would commit the migration's transaction.
        db.execute(f"CREATE TRIGGER {name} {when} BEGIN {body} END")
    # Rows written before this step (e.g. the drills branch merged first) are summarised once,
    # by the triggers' own statements with the values bound.
    day_statements = [s for s in _pupil_day_refresh(":pupil", ":day").split(";") if s.strip()]
    for pupil_id, day in db.execute(
        "SELECT DISTINCT pupil_id, day FROM attempts WHERE answered_at IS NOT NULL"
    ).fetchall():
        for statement in day_statements:
            db.execute(statement, {"pupil": pupil_id, "day": day})
    game_statements = [s for s in _game_summary_refresh(":game").split(";") if s.strip()]
    for (game_id,) in db.execute("SELECT DISTINCT game_id FROM game_moves").fetchall():
        for statement in game_statements:
            db.execute(statement, {"game": game_id})


# ---------------------------------------------------------------- issue 17: game levels


@migrations()
def m1701_game_levels(db: Database) -> None:
    # A pupil's game level: Glicko rating and deviation on the bots' Elo scale, and the number
    # of rated games (trainer.games.game_level). No row: not rated yet.
    db.execute(
        """
        CREATE TABLE pupil_game_levels (
            pupil_id INTEGER PRIMARY KEY REFERENCES pupils(id) ON DELETE CASCADE,
            elo REAL NOT NULL,
            rd REAL NOT NULL,
            games INTEGER NOT NULL,
            updated_at REAL NOT NULL
        )"""
    )
    # The chance of winning a class's fitted bot is chosen for; NULL: 50%.
    db.execute("ALTER TABLE class_game_settings ADD COLUMN aim REAL")
    # The fitted bot is a new level. A class whose teacher allowed every level before gets it
    # as well; one whose teacher chose some levels keeps exactly those (pinned).
    every = {"random", "beginner", "casual", "clever", "expert"}
    for class_id, levels in db.execute("SELECT class_id, levels FROM class_game_settings").fetchall():
        if every <= set(levels.split(",")):
            db.execute("UPDATE class_game_settings SET levels = ? WHERE class_id = ?", ["fitted," + levels, class_id])


@migrations()
def m2001_puzzle_sets_worksheets(db: Database) -> None:
    # Issue 20. A teacher's own puzzle sets: puzzles of the shared bank in the teacher's order.
    db.execute(
        """
        CREATE TABLE puzzle_sets (
            id INTEGER PRIMARY KEY,
            teacher_id INTEGER NOT NULL REFERENCES teachers(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            created_at TEXT NOT NULL
        )"""
    )
    db.execute("CREATE INDEX puzzle_sets_teacher ON puzzle_sets(teacher_id)")
    db.execute(
        """
        CREATE TABLE puzzle_set_items (
            set_id INTEGER NOT NULL REFERENCES puzzle_sets(id) ON DELETE CASCADE,
            puzzle_id TEXT NOT NULL REFERENCES puzzles(id),
            position INTEGER NOT NULL,
            PRIMARY KEY (set_id, puzzle_id)
        )"""
    )
    # A set as a class's drill for one school day, instead of the adaptive choice. A drill
    # sitting keeps the set it started with, as it keeps its planned length (m101).
    db.execute(
        """
        CREATE TABLE drill_set_days (
            class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
            day TEXT NOT NULL,
            set_id INTEGER NOT NULL REFERENCES puzzle_sets(id) ON DELETE CASCADE,
            PRIMARY KEY (class_id, day)
        )"""
    )
    db.execute(
        "ALTER TABLE practice_sessions ADD COLUMN puzzle_set_id INTEGER REFERENCES puzzle_sets(id) ON DELETE SET NULL"
    )
    # Printed worksheets by their code (trainer.puzzles.worksheet): the ordered puzzle ids bring
    # a sheet back however the bank has changed since; `title` (JSON) says what it was made from.
    db.execute(
        """
        CREATE TABLE worksheets (
            teacher_id INTEGER NOT NULL REFERENCES teachers(id) ON DELETE CASCADE,
            code TEXT NOT NULL,
            puzzle_ids TEXT NOT NULL,
            title TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (teacher_id, code)
        )"""
    )


# ---------------------------------------------------------------- issue 21: guessing limits
@migrations()
def m2101_login_failures_and_known_devices(db: Database) -> None:
    # One row per failed login or wrong class code under each ceiling it counts against
    # (trainer.store.throttle: sliding windows that a success does not reset). Rows older
    # than the longest window are purged at start-up.
    db.execute(
        """
        CREATE TABLE login_failures (
            key TEXT NOT NULL,
            at REAL NOT NULL
        )"""
    )
    db.execute("CREATE INDEX login_failures_key_at ON login_failures(key, at)")
    # Devices (browsers) an account has logged in from: the SHA-256 of the random device key
    # in that browser's cookie. A known device is not held back by what others guessed
    # (trainer.web.core.device), so a classmate cannot lock a child out of their own tablet.
    db.execute(
        """
        CREATE TABLE known_devices (
            device TEXT NOT NULL,
            teacher_id INTEGER REFERENCES teachers(id) ON DELETE CASCADE,
            pupil_id INTEGER REFERENCES pupils(id) ON DELETE CASCADE,
            first_login REAL NOT NULL,
            last_login REAL NOT NULL,
            CHECK ((teacher_id IS NULL) != (pupil_id IS NULL))
        )"""
    )
    db.execute("CREATE UNIQUE INDEX known_devices_pupil ON known_devices(pupil_id, device) WHERE pupil_id IS NOT NULL")
    db.execute(
        "CREATE UNIQUE INDEX known_devices_teacher ON known_devices(teacher_id, device) WHERE teacher_id IS NOT NULL"
    )


# ---------------------------------------------------------------- issue 15: made for children
@migrations()
def m1501_avatars_and_levels(db: Database) -> None:
    # The character a pupil picked (a key of trainer.pupils.avatars; never a picture upload).
    db.execute(
        """
        CREATE TABLE pupil_avatars (
            pupil_id INTEGER PRIMARY KEY REFERENCES pupils(id) ON DELETE CASCADE,
            avatar TEXT NOT NULL,
            chosen_at REAL NOT NULL
        )"""
    )
    # Each fluency level a pupil has reached and the school day it was first reached
    # (trainer.puzzles.levels): kept, so a bad day never takes a level away and the teacher's
    # certificate can say when. Stars and badges are counted from answers and games instead.
    db.execute(
        """
        CREATE TABLE pupil_levels (
            pupil_id INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
            level INTEGER NOT NULL,
            day TEXT NOT NULL,
            PRIMARY KEY (pupil_id, level)
        )"""
    )


@migrations()
def m2901_game_pick(db: Database) -> None:
    # The cards tapped for the next capture (trainer.web.games.pick), kept with the game
    # rather than in the cookie session, where a late response could undo a tap.
    db.execute("ALTER TABLE games ADD COLUMN pick TEXT")


# ---------------------------------------------------------------- issue 19: school administrators
@migrations()
def m1901_school_administrators(db: Database) -> None:
    # Who decides who teaches here: a school's administrator ('admin') invites teachers and
    # may hand a class over or disable an account (disabled_at: the account cannot log in,
    # its classes and pupils' data stay). The first account of an existing school is its
    # administrator, as the first one created from now on will be.
    db.execute("ALTER TABLE teachers ADD COLUMN role TEXT NOT NULL DEFAULT 'teacher'")
    db.execute("ALTER TABLE teachers ADD COLUMN disabled_at TEXT")
    db.execute("UPDATE teachers SET role = 'admin' WHERE id = (SELECT MIN(id) FROM teachers)")


@migrations()
def m1902_school_settings(db: Database) -> None:
    # A school's own settings, decided by its administrator (trainer.store.school_settings):
    # one database file is one school, so they are simply name -> value.
    db.execute("CREATE TABLE school_settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)")


@migrations()
def m1903_invitations(db: Database) -> None:
    # A teacher joins a school by a link its administrator made (trainer.store.invitations).
    # Only the token's SHA-256 is kept, so the table leaks no working link; used_at makes the
    # link single use.
    db.execute(
        """CREATE TABLE invitations (
            id INTEGER PRIMARY KEY,
            token_hash TEXT NOT NULL UNIQUE,
            role TEXT NOT NULL CHECK (role IN ('admin', 'teacher')),
            created_by INTEGER REFERENCES teachers(id) ON DELETE SET NULL,
            created_at TEXT NOT NULL,
            expires_at TEXT NOT NULL,
            used_at TEXT,
            used_by INTEGER REFERENCES teachers(id) ON DELETE SET NULL
        )"""
    )


@migrations()
def m1520_pupil_read_aloud_and_sounds(db: Database) -> None:
    # Two choices a pupil makes for their own device (issue 15): the page reads instructions
    # and sums aloud, and celebrations make a sound. Both off: classrooms are quiet.
    db.execute("ALTER TABLE pupil_settings ADD COLUMN read_aloud INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE pupil_settings ADD COLUMN sounds INTEGER NOT NULL DEFAULT 0")


# ---------------------------------------------------------------- issue 25: OneRoster rosters
@migrations()
def m2501_roster_source_ids(db: Database) -> None:
    # The OneRoster sourcedId a row was imported from (trainer.store.rosters): what a
    # re-import matches on, so nobody is added twice. NULL for rows made by hand.
    for table in ("classes", "pupils", "teachers"):
        db.execute(f"ALTER TABLE {table} ADD COLUMN source_id TEXT")
        db.execute(f"CREATE UNIQUE INDEX {table}_source_id ON {table}(source_id) WHERE source_id IS NOT NULL")


@migrations()
def m2502_roster_uploads(db: Database) -> None:
    # An uploaded roster file between its preview and "apply", kept here (not re-uploaded,
    # not in the cookie) under its SHA-256; deleted when applied or after an hour, since it
    # holds names and e-mails the school does not keep (docs/rosters.md).
    db.execute(
        """CREATE TABLE roster_uploads (
            digest TEXT PRIMARY KEY,
            teacher_id INTEGER NOT NULL REFERENCES teachers(id) ON DELETE CASCADE,
            data BLOB NOT NULL,
            created_at TEXT NOT NULL
        )"""
    )


# ------------------------------------------------------- issue 25: OpenID Connect sign-in
@migrations()
def m2510_oidc_providers(db: Database) -> None:
    # A school's identity providers (trainer.store.oidc_providers). The client secret is kept
    # only as a Fernet token under a key derived from SECRET_KEY: a copy of the database
    # alone does not give it away. Each role rule is a claim name and the value it must have.
    db.execute(
        """CREATE TABLE oidc_providers (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            issuer TEXT NOT NULL UNIQUE,
            client_id TEXT NOT NULL,
            secret_box TEXT NOT NULL,
            scopes TEXT NOT NULL DEFAULT '',
            teacher_claim TEXT NOT NULL,
            teacher_value TEXT NOT NULL,
            pupil_claim TEXT NOT NULL DEFAULT '',
            pupil_value TEXT NOT NULL DEFAULT '',
            created_at TEXT NOT NULL
        )"""
    )


@migrations()
def m2511_oidc_links(db: Database) -> None:
    # Which provider account is which teacher or pupil: the issuer and its pseudonym `sub`,
    # nothing else the provider sent (no name, e-mail or national number is kept).
    db.execute(
        """CREATE TABLE oidc_links (
            id INTEGER PRIMARY KEY,
            provider_id INTEGER NOT NULL REFERENCES oidc_providers(id) ON DELETE CASCADE,
            issuer TEXT NOT NULL,
            subject TEXT NOT NULL,
            teacher_id INTEGER REFERENCES teachers(id) ON DELETE CASCADE,
            pupil_id INTEGER REFERENCES pupils(id) ON DELETE CASCADE,
            created_at TEXT NOT NULL,
            UNIQUE (issuer, subject),
            CHECK ((teacher_id IS NULL) != (pupil_id IS NULL))
        )"""
    )
    db.execute(
        "CREATE UNIQUE INDEX oidc_links_teacher ON oidc_links(provider_id, teacher_id) WHERE teacher_id IS NOT NULL"
    )
    db.execute("CREATE UNIQUE INDEX oidc_links_pupil ON oidc_links(provider_id, pupil_id) WHERE pupil_id IS NOT NULL")


# ---------------------------------------------------------------- issue 16: class play
@migrations()
def m1601_class_tables(db: Database) -> None:
    # Classmates playing TWEAK at one table (trainer.store.class_tables). `version` goes up by
    # one with every change, and a move names the version it was made on, so a double tap or a
    # stale tab is refused by a conditional UPDATE ... WHERE version = ? (several server
    # processes, one SQLite file). `state` is the tweak-table/1 game once it has started;
    # `last_move` the latest applied move's key, so the very same move sent twice is answered
    # as done rather than refused. Seat 0 is the pupil who opened the table.
    db.execute(
        """CREATE TABLE class_tables (
            id INTEGER PRIMARY KEY,
            class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
            seats INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 6),
            length TEXT NOT NULL,
            bot_level TEXT,
            status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'playing', 'finished')),
            version INTEGER NOT NULL DEFAULT 0,
            state TEXT,
            last_move TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        )"""
    )
    db.execute("CREATE INDEX class_tables_class_status ON class_tables(class_id, status)")
    db.execute(
        """CREATE TABLE class_table_seats (
            table_id INTEGER NOT NULL REFERENCES class_tables(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 5),
            pupil_id INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
            PRIMARY KEY (table_id, seat),
            UNIQUE (table_id, pupil_id)
        )"""
    )
    db.execute("CREATE INDEX class_table_seats_pupil ON class_table_seats(pupil_id)")
    # Every finished round, as the tweak-round/1 record `trainer export-games` prints. No pupil
    # data: seats are numbers.
    db.execute(
        """CREATE TABLE class_table_rounds (
            table_id INTEGER NOT NULL REFERENCES class_tables(id) ON DELETE CASCADE,
            round INTEGER NOT NULL,
            record TEXT NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (table_id, round)
        )"""
    )


@migrations()
def m1602_class_play_clock_and_away(db: Database) -> None:
    # Nobody blocks a class-play table (issue 16.4). `turn_clock` (seconds, 0 = off) is the
    # class's setting, copied to a table when it starts. `to_act` is the seat that must decide
    # now (NULL when nobody must), so a poll can tell without rebuilding the game whether the
    # helper bot must play; `helped` lists the helper's moves ([round, step, seat, why]) for
    # the boards. A seat's `seen_at` is when its child last polled or moved: a seat not seen
    # for a while is away and the helper plays its turns until the child is back.
    db.execute("ALTER TABLE class_game_settings ADD COLUMN turn_clock INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE class_tables ADD COLUMN turn_clock INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE class_tables ADD COLUMN to_act INTEGER")
    db.execute("ALTER TABLE class_tables ADD COLUMN helped TEXT NOT NULL DEFAULT '[]'")
    db.execute("ALTER TABLE class_table_seats ADD COLUMN seen_at REAL")


@migrations()
def m1510_games_move_token(db: Database) -> None:
    # Which page applied the game's latest move (issue 15.7): every board a pupil is served
    # carries a fresh token in its move forms; a second post with the token already stored is
    # the same tap arriving twice (applied once), any other post on an old position comes from
    # an old tab and is refused.
    db.execute("ALTER TABLE games ADD COLUMN move_token TEXT")


@migrations()
def m1603_class_tournaments(db: Database) -> None:
    # The class tournament (issue 16.5, trainer.store.tournaments): the teacher seats the
    # present children at tables of 3-4 and every table starts at once. No pupil ids here:
    # who played is in class_table_seats of the tournament's tables (`tournament_id`), so
    # deleting a pupil or class removes their part through the existing cascades. `status`:
    # playing, or ended (every table finished, or the teacher ended it early).
    db.execute(
        """CREATE TABLE class_tournaments (
            id INTEGER PRIMARY KEY,
            class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
            started_at REAL NOT NULL,
            ended_at REAL,
            settings TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'ended'))
        )"""
    )
    db.execute("CREATE INDEX class_tournaments_class ON class_tournaments(class_id, id)")
    db.execute(
        "ALTER TABLE class_tables ADD COLUMN tournament_id INTEGER REFERENCES class_tournaments(id) ON DELETE SET NULL"
    )


@migrations()
def m1605_class_table_moves(db: Database) -> None:
    # Class games are analysed like bot games (issue 16.6): one row per play a child chose at
    # a class table (trainer.games.analysis.MoveAnalysis), written in the move's transaction
    # (class_tables.play). A sibling of game_moves rather than a column there: game_moves.
    # game_id is NOT NULL and points at `games` (and its triggers keep game_summaries), so the
    # dashboard reads the two side by side and counts them as "games against bots" and "class
    # games". The helper bot's moves for an away or timed-out child are not the child's: no row.
    db.execute(
        f"""
        CREATE TABLE class_table_moves (
            id INTEGER PRIMARY KEY,
            table_id INTEGER NOT NULL REFERENCES class_tables(id) ON DELETE CASCADE,
            pupil_id INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            {_ANALYSIS_COLUMNS},
            UNIQUE (table_id, round, turn)
        )"""
    )
    db.execute("CREATE INDEX class_table_moves_pupil ON class_table_moves(pupil_id, created_at)")


@migrations()
def m3805_a_puzzle_once_in_a_sitting(db: Database) -> None:
    # Issue 38.5: a puzzle is issued once in a sitting, by the server or through an offline
    # ticket (trainer/web/drills/ahead.py), and the database holds to it: two server processes
    # cannot both accept tickets for one puzzle, nor a ticket for a puzzle the server gave.
    # `issued_by` says which of the two made the row. Rows from before this step keep NULL and
    # stay out of the index: sittings of past days may hold a puzzle twice (the attack was
    # tickets from three page loads); they are kept as they are, and no answer reaches a past
    # day's sitting any more (trainer/practice/flow.py).
    db.execute("ALTER TABLE attempts ADD COLUMN issued_by TEXT CHECK (issued_by IN ('server', 'ticket'))")
    db.execute(
        "CREATE UNIQUE INDEX attempts_once_in_a_sitting ON attempts(session_id, puzzle_id) WHERE issued_by IS NOT NULL"
    )


@migrations()
def m3501_one_game_core(db: Database) -> None:
    # One game core (issue 35). Bot games save as class tables do: `version` goes up by one
    # with every saved move and a save names the version it read (UPDATE ... WHERE version =
    # ?), instead of comparing the whole old state text. And one table of analysed plays:
    # game_moves takes class_table_moves' rows (a play at a class table has `table_id` and the
    # child's `seat`; a bot game's has `game_id`, seat 0), every stored row kept, bot games'
    # rows with their ids. game_summaries count bot games only, so their triggers skip the rest.
    db.execute("ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0")
    db.execute(
        f"""
        CREATE TABLE game_moves_one (
            id INTEGER PRIMARY KEY,
            game_id INTEGER REFERENCES games(id) ON DELETE CASCADE,
            table_id INTEGER REFERENCES class_tables(id) ON DELETE CASCADE,
            pupil_id INTEGER NOT NULL REFERENCES pupils(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL DEFAULT 0,
            {_ANALYSIS_COLUMNS},
            server_ms INTEGER,
            CHECK ((game_id IS NULL) != (table_id IS NULL)),
            UNIQUE (game_id, round, turn),
            UNIQUE (table_id, round, turn)
        )"""
    )
    db.execute(
        f"INSERT INTO game_moves_one (id, game_id, pupil_id, {_MOVE_FIELDS}, server_ms)"
        f" SELECT id, game_id, pupil_id, {_MOVE_FIELDS}, server_ms FROM game_moves ORDER BY id"
    )
    db.execute(
        f"INSERT INTO game_moves_one (table_id, pupil_id, seat, {_MOVE_FIELDS})"
        f" SELECT table_id, pupil_id, seat, {_MOVE_FIELDS} FROM class_table_moves ORDER BY id"
    )
    db.execute("DROP TABLE class_table_moves")
    db.execute("DROP TABLE game_moves")  # and its triggers
    db.execute("ALTER TABLE game_moves_one RENAME TO game_moves")
    db.execute("CREATE INDEX game_moves_pupil_created ON game_moves(pupil_id, created_at)")
    triggers = {
        "game_moves_summary_insert": (
            "AFTER INSERT ON game_moves WHEN NEW.game_id IS NOT NULL",
            _game_summary_refresh("NEW.game_id"),
        ),
        "game_moves_summary_update": (
            "AFTER UPDATE ON game_moves",
            _game_summary_refresh("NEW.game_id") + _game_summary_refresh("OLD.game_id"),
        ),
        "game_moves_summary_delete": (
            "AFTER DELETE ON game_moves WHEN OLD.game_id IS NOT NULL",
            _game_summary_refresh("OLD.game_id"),
        ),
    }
    for name, (when, body) in triggers.items():
        db.execute(f"CREATE TRIGGER {name} {when} BEGIN {body} END")


@migrations()
def m3802_class_handovers(db: Database) -> None:
    # Every hand-over of a class by an administrator (issue 38.2), shown on the School page to
    # every administrator and on the previous teacher's classes page. The class's name is kept
    # with it (a teacher's word, not a child's) so the record outlives a deleted class; a deleted
    # account leaves its side empty.
    db.execute(
        """
        CREATE TABLE class_handovers (
            id INTEGER PRIMARY KEY,
            class_id INTEGER REFERENCES classes(id) ON DELETE SET NULL,
            class_name TEXT NOT NULL,
            from_teacher INTEGER REFERENCES teachers(id) ON DELETE SET NULL,
            to_teacher INTEGER REFERENCES teachers(id) ON DELETE SET NULL,
            by_teacher INTEGER REFERENCES teachers(id) ON DELETE SET NULL,
            at TEXT NOT NULL
        )"""
    )
    db.execute("CREATE INDEX class_handovers_from ON class_handovers(from_teacher, at)")


def apply(db: Database) -> None:
    migrations.apply(db)


# ------------------------------------------- issue 34: teachers without e-mail, one issuer twice
@migrations()
def m3401_oidc_clients_and_teacher_names(db: Database) -> None:
    # One issuer may serve several clients (Unilogin's lightweight login for pupils and its
    # full login for teachers): `issuer` alone is no longer unique, the pair with the client
    # id is. SQLite cannot drop a column's UNIQUE, so the table is rebuilt from its own SQL
    # (any column a later step added is kept). Dropping the old table would cascade to
    # oidc_links, so the links are set aside first and put back once the name exists again.
    old_sql = db.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'oidc_providers'").fetchone()[0]
    assert "issuer TEXT NOT NULL UNIQUE," in old_sql
    new_sql = old_sql.replace("CREATE TABLE oidc_providers", "CREATE TABLE oidc_providers_new", 1)
    new_sql = new_sql.replace("issuer TEXT NOT NULL UNIQUE,", "issuer TEXT NOT NULL,", 1)
    new_sql = new_sql.rstrip().removesuffix(")") + ",\n            UNIQUE (issuer, client_id)\n        )"
    db.execute("CREATE TEMP TABLE oidc_links_kept AS SELECT * FROM oidc_links")
    db.execute(new_sql)
    db.execute("INSERT INTO oidc_providers_new SELECT * FROM oidc_providers")
    db.execute("DROP TABLE oidc_providers")
    db.execute("ALTER TABLE oidc_providers_new RENAME TO oidc_providers")
    db.execute("INSERT INTO oidc_links SELECT * FROM oidc_links_kept")
    db.execute("DROP TABLE oidc_links_kept")
    # Which claim finds a teacher's account the first time (trainer.web.signin.identity):
    # existing services keep the e-mail address they used until now.
    db.execute("ALTER TABLE oidc_providers ADD COLUMN teacher_match TEXT NOT NULL DEFAULT 'email'")
    # The value of that claim for a teacher, where it is not their e-mail address (a Unilogin
    # uniid), as the school's administrator entered it: only this is compared, never a guess.
    db.execute(
        """CREATE TABLE oidc_teacher_names (
            id INTEGER PRIMARY KEY,
            provider_id INTEGER NOT NULL REFERENCES oidc_providers(id) ON DELETE CASCADE,
            teacher_id INTEGER NOT NULL REFERENCES teachers(id) ON DELETE CASCADE,
            value TEXT NOT NULL,
            created_at TEXT NOT NULL,
            UNIQUE (provider_id, value),
            UNIQUE (provider_id, teacher_id)
        )"""
    )


# ---------------------------------------------------------------- issue 38.1: whose puzzles
@migrations()
def m3801_puzzle_owners_and_review(db: Database) -> None:
    # A puzzle is served to every class only once it is in the shared bank (`status` 'shared':
    # self-play, the curated sets, the operator's `trainer puzzles import --db`, and teachers'
    # puzzles an administrator accepted). A teacher's upload or editor puzzle is 'pending' and
    # reaches only the classes of the teachers who own it (`puzzle_owners`: two teachers may
    # upload the same content, whose id is its hash); 'private' is one an administrator kept
    # out of the shared bank (still its owners'); 'removed' is served to nobody, but the row
    # stays so every stored attempt still shows its puzzle (trainer.store.puzzle_review).
    db.execute(
        "ALTER TABLE puzzles ADD COLUMN status TEXT NOT NULL DEFAULT 'shared'"
        " CHECK (status IN ('shared', 'pending', 'private', 'removed'))"
    )
    db.execute("ALTER TABLE puzzles ADD COLUMN reviewed_at TEXT")
    db.execute("ALTER TABLE puzzles ADD COLUMN reviewed_by INTEGER REFERENCES teachers(id) ON DELETE SET NULL")
    db.execute(
        """
        CREATE TABLE puzzle_owners (
            teacher_id INTEGER NOT NULL REFERENCES teachers(id) ON DELETE CASCADE,
            puzzle_id TEXT NOT NULL REFERENCES puzzles(id),
            created_at TEXT NOT NULL,
            PRIMARY KEY (teacher_id, puzzle_id)
        )"""
    )
    db.execute("CREATE INDEX puzzle_owners_puzzle ON puzzle_owners(puzzle_id)")
    # The drill's choice walks the shared bank alone (trainer.store.puzzles.nearest_unseen).
    db.execute("CREATE INDEX puzzles_status_kind_rating ON puzzles(status, kind, rating)")
    # Uploads made before this step went straight into the shared bank with the file's own
    # difficulty and time limit (how issue 38's attack steered the weakest pupils). They become
    # their uploader's own puzzles again, waiting for an administrator, with the estimate from
    # their features plus whatever the answers have moved them since. Puzzles of a teacher
    # deleted since (teacher_id NULL) cannot be told from the operator's imports: they stay.
    for puzzle_id, teacher_id, data, rating, created in db.execute(
        "SELECT id, teacher_id, data, rating, created_at FROM puzzles"
        " WHERE source = 'teacher' AND teacher_id IS NOT NULL"
    ).fetchall():
        stored = json.loads(data)
        features = Features.from_json(stored["features"])
        estimate = initial_difficulty(features)
        moved = rating - float(stored["difficulty"])
        stored.update(difficulty=estimate, time_limit=default_time_limit(features))
        db.execute(
            "UPDATE puzzles SET status = 'pending', data = ?, rating = ? WHERE id = ?",
            [json.dumps(stored), estimate + moved, puzzle_id],
        )
        db.execute(
            "INSERT INTO puzzle_owners (teacher_id, puzzle_id, created_at) VALUES (?, ?, ?)",
            [teacher_id, puzzle_id, created],
        )


@migrations()
def m3611_seat_last_move(db: Database) -> None:
    # Game moves go through the page's outbox (issue 36.2): a move whose answer the Wi-Fi lost
    # is sent again, perhaps after classmates moved on. The table's `last_move` names only the
    # latest move; each seat's own latest one lets that resend be told from a stale move and be
    # answered with the table as it is, not with an error.
    db.execute("ALTER TABLE class_table_seats ADD COLUMN last_move TEXT")


@migrations()
def m3601_push_live_tables(db: Database) -> None:
    # The live channel (trainer.push, issue 36.1) reads every table that can still change, for
    # the whole school, every 100 ms: a partial index holds only those, so the finished tables
    # of the year are never walked (trainer.store.live_tables.LIVE_SQL names it).
    db.execute("CREATE INDEX class_tables_live ON class_tables(status) WHERE status IN ('open', 'playing')")


# ---------------------------------------------------------------- issue 37.1: home practice
@migrations()
def m3701_home_practice(db: Database) -> None:
    # Per class, set by its teacher: off until they turn it on; open 07:00-20:00 every day
    # (ISO weekdays 1-7) unless they choose; a home drill counts as the daily drill (1) or is
    # extra practice (0). trainer.store.home_practice.
    db.execute(
        """CREATE TABLE class_home_practice (
            class_id INTEGER PRIMARY KEY REFERENCES classes(id) ON DELETE CASCADE,
            enabled INTEGER NOT NULL DEFAULT 0,
            opens TEXT NOT NULL DEFAULT '07:00',
            closes TEXT NOT NULL DEFAULT '20:00',
            days TEXT NOT NULL DEFAULT '1234567',
            counts INTEGER NOT NULL DEFAULT 1,
            updated_at TEXT NOT NULL
        )"""
    )
    # A pupil's personal home QR: its token is computed from the installation's secret key,
    # the pupil and `generation` (trainer.store.home_practice), so printing one writes nothing;
    # a renewal counts the generation up. `device` is the SHA-256 of the device key of the first
    # browser that used it (NULL until then): no other device gets in with it.
    db.execute(
        """CREATE TABLE pupil_home_keys (
            pupil_id INTEGER PRIMARY KEY REFERENCES pupils(id) ON DELETE CASCADE,
            generation INTEGER NOT NULL DEFAULT 0,
            device TEXT,
            renewed_at TEXT,
            first_used_at TEXT
        )"""
    )
    # Every record a home session makes says so (docs/pupils.md, "Practice at home").
    for table in ("practice_sessions", "attempts", "games"):
        db.execute(f"ALTER TABLE {table} ADD COLUMN at_home INTEGER NOT NULL DEFAULT 0")
    # The dashboard's covering index of answers (m301) carries the mark too, so the overview's
    # "At home" column reads no more of the table than its other columns do.
    db.execute("DROP INDEX attempts_dashboard")
    db.execute(
        "CREATE INDEX attempts_dashboard ON attempts(pupil_id, day, target, combo_size, correct,"
        " believed_ms, flags, puzzle_id, answered_at, at_home) WHERE answered_at IS NOT NULL"
    )


# ------------------------------------------------- issue 37.3: a page for parents, no account
@migrations()
def m3711_parent_links(db: Database) -> None:
    # One personal link per pupil to a read-only page for their parents (trainer.store.parent_links).
    # The link's token is HMAC(the app's secret key, `nonce`), so the letter can be printed
    # again; the database alone holds only its SHA-256, as for session tokens. `nonce` NULL:
    # the teacher switched the link off. A link lives as long as the class keeps its data.
    db.execute(
        """
        CREATE TABLE parent_links (
            pupil_id INTEGER PRIMARY KEY REFERENCES pupils(id) ON DELETE CASCADE,
            nonce TEXT,
            token_hash TEXT UNIQUE,
            created_at REAL NOT NULL
        )"""
    )


# ------------------------------------------------- issue 45: which account a school login was
@migrations()
def m4501_oidc_link_account(db: Database) -> None:
    # The words a child was shown for the school login she linked ("Ole H.", from the
    # provider's name claims; NULL where it sent none), so the teacher's class page shows
    # which account went into which pupil (trainer.web.signin.class_links).
    db.execute("ALTER TABLE oidc_links ADD COLUMN account TEXT")


# ------------------------------------ issue 47: school hours for the class code, the home QR's device
@migrations()
def m4701_school_hours_and_home_devices(db: Database) -> None:
    # With practice at home on, the class code and class QR log in only in these hours (ISO
    # weekdays): outside them only a child's own home QR does (trainer.pupils.home_hours).
    for column, default in (("school_opens", "08:00"), ("school_closes", "16:00"), ("school_days", "12345")):
        db.execute(f"ALTER TABLE class_home_practice ADD COLUMN {column} TEXT NOT NULL DEFAULT '{default}'")
    # What kind of device holds a home QR ("ipad", "android-phone", ...; from its User-Agent when
    # it was bound), so the teacher can tell the child's tablet from a parent's phone.
    db.execute("ALTER TABLE pupil_home_keys ADD COLUMN device_kind TEXT")


# ----------------------------------------------- issue 49: what a child needs, set by the teacher
@migrations()
def m4901_pupil_no_timer(db: Database) -> None:
    # A child who freezes under a countdown (issue 49.3): the teacher's "no timer" for this
    # pupil. Drills show no countdown and send nothing at a limit, a class table's turn clock
    # skips them, and their drill answers are rated on accuracy alone.
    db.execute("ALTER TABLE pupil_settings ADD COLUMN no_timer INTEGER NOT NULL DEFAULT 0")
    # Whether a puzzle was issued with a time limit: the answer is rated by the way it was
    # asked, even if the teacher switches "no timer" while the puzzle is on screen.
    db.execute("ALTER TABLE attempts ADD COLUMN timed INTEGER NOT NULL DEFAULT 1")


@migrations()
def m4902_pupil_switch_and_faces(db: Database) -> None:
    # One switch (issue 49.2): the seconds the page waits on each choice while it scans; NULL
    # when the child does not scan. Faces for counting (issue 49.4): how a card shows its value
    # beside the digit ("digits", "dots" as on dice, or a "ten-frame"), and whether a number
    # line shows the running sum.
    db.execute("ALTER TABLE pupil_settings ADD COLUMN switch_step_s REAL")
    db.execute("ALTER TABLE pupil_settings ADD COLUMN card_faces TEXT NOT NULL DEFAULT 'digits'")
    db.execute("ALTER TABLE pupil_settings ADD COLUMN number_line INTEGER NOT NULL DEFAULT 0")
