"""Deleting a pupil deletes everything about them, now and in tables added later."""

from trainer.store import pupil_export, pupils


def _tables_with_pupil_data(db):
    for table in db.table_names():
        for fk in db[table].foreign_keys:
            if fk.other_table == "pupils":
                yield table, fk


def test_every_foreign_key_to_pupils_cascades_on_delete(db):
    found = list(_tables_with_pupil_data(db))
    assert found, "expected at least auth_sessions to reference pupils"
    for table, fk in found:
        rows = db.execute(f"PRAGMA foreign_key_list({table})").fetchall()
        on_delete = {r[3]: r[6] for r in rows if r[2] == "pupils"}
        assert on_delete[fk.column] == "CASCADE", f"{table}.{fk.column} must be ON DELETE CASCADE"


def test_every_table_with_pupil_data_is_in_the_export(db):
    for table, _fk in _tables_with_pupil_data(db):
        assert table in pupil_export.COVERED_TABLES, f"add {table} to a pupil_export section"


def test_deleting_a_pupil_removes_their_sessions_and_throttle(db, make, client, pupil_auth):
    teacher = make.teacher()
    class_id = make.klass(teacher)
    pupil_id = make.pupil(class_id, "Sam")
    pupil_auth.login(class_id, pupil_id)
    db.execute(
        "INSERT INTO login_throttle (key, failures, locked_until, updated_at) VALUES (?, 2, 0, 0)",
        [pupils.throttle_key(pupil_id)],
    )
    assert db.execute("SELECT count(*) FROM auth_sessions WHERE pupil_id = ?", [pupil_id]).fetchone()[0] == 1
    pupils.delete(db, pupil_id)
    assert db.execute("SELECT count(*) FROM pupils WHERE id = ?", [pupil_id]).fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM auth_sessions WHERE pupil_id = ?", [pupil_id]).fetchone()[0] == 0
    assert (
        db.execute("SELECT count(*) FROM login_throttle WHERE key = ?", [pupils.throttle_key(pupil_id)]).fetchone()[0]
        == 0
    )
    assert client.get("/me").status_code == 302  # the deleted pupil's cookie no longer works


def test_a_pupils_analysed_class_plays_go_with_the_pupil_and_with_the_class(db, make):
    # Issue 16.6: the analysis of a child's class plays (game_moves rows of the table, issue 35)
    # is the child's; the export carries it.
    from tests.class_rounds import play_class_round
    from trainer.store import classes

    class_id = make.klass(make.teacher())
    table_id, (ann, ben) = play_class_round(db, make, class_id)

    def count(pupil_id):
        return db.execute(
            "SELECT count(*) FROM game_moves WHERE table_id IS NOT NULL AND pupil_id = ?", [pupil_id]
        ).fetchone()[0]

    assert count(ann) and count(ben)
    assert len(pupil_export.export(db, ann)["class_play"]["moves"]) == count(ann)
    pupils.delete(db, ann)
    assert count(ann) == 0 and count(ben) > 0
    classes.delete(db, class_id)
    assert db.execute("SELECT count(*) FROM game_moves").fetchone()[0] == 0
