"""What a GET may write, listed in docs/security.md (V3.5.3): nothing a visitor chooses. Only
bookkeeping of when something was seen, the close of a drill puzzle whose time has run
out, which any later request of the pupil would make the same way, and the parent page's
rate-limit counters.

ASVS 5.0 V3.5.3: sensitive functionality only behind POST. The plain statement "no GET
changes the database" (test_request_forgery.py walks a world where none of these is due) was
not true: GET /games/<id> starts the turn's clock, GET /practice closes a puzzle left open.
"""

from .walk import walk


def _everything(db):
    tables = [
        r[0]
        for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    ]
    out = {}
    for table in tables:
        cursor = db.execute(f"SELECT * FROM {table} ORDER BY rowid")
        names = [d[0] for d in cursor.description]
        out[table] = {row[0]: dict(zip(names, row)) for row in cursor.fetchall()}
    return out


def _changes(before, after):
    """{table: {column, ...}} of what differs, and rows added or removed as '+'/'-'."""
    changed = {}
    for table, rows in after.items():
        for key in rows.keys() | before[table].keys():
            old, new = before[table].get(key), rows.get(key)
            if old is None or new is None:
                changed.setdefault(table, set()).add("+" if old is None else "-")
            else:
                changed.setdefault(table, set()).update(c for c in new if new[c] != old[c])
    return {t: c for t, c in changed.items() if c}


def test_gets_write_only_the_documented_bookkeeping(app, hostile_world, db, make):
    pupil_id = hostile_world.pupil_id
    attempt_id, limit = db.execute(
        "SELECT id, time_limit_s FROM attempts WHERE pupil_id = ? AND answered_at IS NULL", [pupil_id]
    ).fetchone()
    db.execute("UPDATE attempts SET issued_at = issued_at - ? WHERE id = ?", [limit + 60, attempt_id])
    db.execute("UPDATE games SET turn_key = NULL, turn_shown_at = NULL")
    db.execute("UPDATE auth_sessions SET last_seen = last_seen - 120")
    before = _everything(db)
    walk(app, hostile_world.clients, hostile_world.ids)
    after = _everything(db)
    changes = _changes(before, after)
    # 1. A session's last use (at most once a minute), 2. the game board's turn clock:
    assert changes.pop("auth_sessions") == {"last_seen"}
    assert changes.pop("games", set()) <= {"turn_key", "turn_shown_at"}
    # 4. The parent page's rate limits (issue 37.3): a row per view of a link, under its keys only.
    assert changes.pop("login_failures") == {"+"}
    counted = {r["key"] for key, r in after["login_failures"].items() if key not in before["login_failures"]}
    assert counted == {f"pupil:{pupil_id}:from:127.0.0.1:parent-views"}  # per link and address (issue 47.3)
    # 3. The puzzle whose time ran out, closed as a time-out, and what that close moves:
    closed = changes.pop("attempts")
    assert "answered_at" in closed and "+" not in closed and "-" not in closed
    row = next(db.query("SELECT * FROM attempts WHERE id = ?", [attempt_id]))
    assert '"ending": "abandoned"' in row["outcome"]
    assert set(changes) <= {"pupil_ratings", "puzzles", "pupil_days", "practice_sessions"}
    assert changes.get("puzzles", {"rating", "rating_count"}) <= {"rating", "rating_count"}
    # Nothing else, and no row made or deleted by any GET, for any visitor.
    assert not any({"+", "-"} & columns for columns in changes.values())
