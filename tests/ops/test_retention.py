"""Retention (issue 8): pupil data past its class's retention is deleted, securely, once a day."""

import json
import time

import pytest

from trainer.cli.main import main
from trainer.ops.connect import open_database
from trainer.ops.retention import DAY, due, purge
from trainer.web.core import housekeeping

NOW = 1_800_000_000.0


def add_attempt(db, pupil_id, age_days, secret="x", now=NOW):
    db["puzzles"].insert(
        {
            "id": "p1",
            "kind": "quick",
            "data": "{}",
            "source": "curated",
            "rating": 0,
            "target": 9,
            "table_size": 3,
            "combo_size": 2,
            "created_at": "now",
        },
        ignore=True,
    )
    stamp = now - age_days * DAY
    db["attempts"].insert(
        {
            "id": f"a-{pupil_id}-{age_days}",
            "pupil_id": pupil_id,
            "puzzle_id": "p1",
            "kind": "quick",
            "day": "2027-01-01",
            "issued_at": stamp,
            "answered_at": stamp,
            "time_limit_s": 20,
            "submitted": json.dumps([secret]),
            "target": 9,
            "combo_size": 2,
        }
    )


def add_game(db, pupil_id, age_days):
    stamp = NOW - age_days * DAY
    return (
        db["games"]
        .insert(
            {
                "pupil_id": pupil_id,
                "settings": "{}",
                "state": "{}",
                "record": "{}",
                "status": "finished",
                "created_at": stamp,
                "updated_at": stamp,
            }
        )
        .last_pk
    )


def remaining(db, table):
    return db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def test_purge_deletes_answers_and_games_older_than_the_school_default(app, db, make):
    pupil = make.pupil(make.klass(make.teacher()), "Ada")
    add_attempt(db, pupil, 400)
    add_attempt(db, pupil, 10)
    add_game(db, pupil, 400)
    add_game(db, pupil, 10)
    deleted = purge(open_database(app.config["DATABASE"]), 365, now=NOW)
    assert deleted["attempts"] == 1 and deleted["games"] == 1
    assert remaining(db, "attempts") == 1 and remaining(db, "games") == 1


def test_a_class_keeps_data_as_long_as_its_teacher_set(app, db, make):
    teacher = make.teacher()
    short, default = make.klass(teacher, "Short"), make.klass(teacher, "Default")
    db.execute("UPDATE classes SET retention_days = 30 WHERE id = ?", [short])
    a, b = make.pupil(short, "Ada"), make.pupil(default, "Bram")
    add_attempt(db, a, 40)
    add_attempt(db, b, 40)
    purge(open_database(app.config["DATABASE"]), 365, now=NOW)
    assert [r[0] for r in db.execute("SELECT pupil_id FROM attempts")] == [b]


def test_a_pupil_archived_longer_ago_than_retention_goes_with_all_their_data(app, db, make):
    class_id = make.klass(make.teacher())
    old, recent = make.pupil(class_id, "Ada"), make.pupil(class_id, "Bram")
    archived = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(NOW - 400 * DAY))
    db.execute("UPDATE pupils SET archived_at = ? WHERE id IN (?, ?)", [archived, old, recent])
    db.execute(
        "UPDATE pupils SET archived_at = ? WHERE id = ?",
        [time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(NOW - 5 * DAY)), recent],
    )
    add_attempt(db, old, 1)
    deleted = purge(open_database(app.config["DATABASE"]), 365, now=NOW)
    assert deleted["pupils"] == 1
    assert [r[0] for r in db.execute("SELECT name FROM pupils")] == ["Bram"]
    assert remaining(db, "attempts") == 0  # cascaded with the pupil


def test_purged_content_is_overwritten_in_the_file(app, db, make):
    pupil = make.pupil(make.klass(make.teacher()), "Ada")
    add_attempt(db, pupil, 400, secret="ZQXJ-forgotten-answer")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    path = app.config["DATABASE"]
    assert b"ZQXJ-forgotten-answer" in open(path, "rb").read()
    purge(open_database(path), 365, now=NOW)
    for suffix in ("", "-wal"):
        try:
            content = open(path + suffix, "rb").read()
        except FileNotFoundError:
            continue
        assert b"ZQXJ-forgotten-answer" not in content  # secure_delete


def test_only_one_process_claims_the_days_run(app):
    first, second = open_database(app.config["DATABASE"]), open_database(app.config["DATABASE"])
    assert due(first, "purge", DAY, now=NOW) is True
    assert due(second, "purge", DAY, now=NOW + 60) is False
    assert due(second, "purge", DAY, now=NOW + DAY + 1) is True


def test_the_servers_daily_run_purges_once_a_day(app, db, make):
    pupil = make.pupil(make.klass(make.teacher()), "Ada")
    add_attempt(db, pupil, 400)
    assert housekeeping.run_due(app.config["DATABASE"], 365, now=NOW) == {
        "attempts": 1,
        "practice_sessions": 0,
        "game_moves": 0,
        "games": 0,
        "parent_links": 0,
        "pupils": 0,
    }
    add_attempt(db, pupil, 401)
    assert housekeeping.run_due(app.config["DATABASE"], 365, now=NOW + 3600) is None
    assert remaining(db, "attempts") == 1


def test_purge_command(app, db, make, capsys):
    pupil = make.pupil(make.klass(make.teacher()), "Ada")
    add_attempt(db, pupil, 10, now=time.time())
    assert main(["purge", "--db", app.config["DATABASE"], "--days", "5"]) == 0
    assert json.loads(capsys.readouterr().out)["deleted"]["attempts"] == 1


@pytest.mark.parametrize("days", ["0", "-3"])
def test_purge_refuses_a_retention_under_one_day(app, capsys, days):
    assert main(["purge", "--db", app.config["DATABASE"], "--days", days]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_the_teacher_sets_how_long_the_class_keeps_data(client, auth, make):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher)
    page = client.get(f"/classes/{class_id}/settings").get_data(as_text=True)  # the class settings tab
    assert 'name="days"' in page and "365 days" in page
    assert client.post(f"/classes/{class_id}/retention", data={"days": "90"}).status_code == 303
    assert make.class_row(class_id)["retention_days"] == 90
    assert client.post(f"/classes/{class_id}/retention", data={"days": "default"}).status_code == 303
    assert make.class_row(class_id)["retention_days"] is None


@pytest.mark.parametrize("days", ["7", "forever", "", "-1"])
def test_a_retention_outside_the_list_is_a_form_error_and_changes_nothing(client, auth, make, days):
    class_id = make.klass(auth.login_new_teacher())
    client.post(f"/classes/{class_id}/retention", data={"days": "180"})
    response = client.post(f"/classes/{class_id}/retention", data={"days": days})
    assert response.status_code == 400 and "Choose one of the periods" in response.get_data(as_text=True)
    assert make.class_row(class_id)["retention_days"] == 180


def test_the_pupils_of_a_class_archived_longer_ago_than_retention_are_deleted(app, db, make):
    # ASVS 5.0 V14.2.7: a class archived in 2023 with 30 days of retention kept all six names
    # and picture passwords after `trainer purge` (only pupils archived one by one went).
    teacher = make.teacher()
    old_class, live_class, recent_class = (make.klass(teacher, n) for n in ("Old", "Live", "Recent"))
    db.execute("UPDATE classes SET retention_days = 30 WHERE id IN (?, ?)", [old_class, recent_class])
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(NOW - 40 * DAY))
    db.execute("UPDATE classes SET archived_at = ? WHERE id = ?", [stamp, old_class])
    recent = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(NOW - 10 * DAY))
    db.execute("UPDATE classes SET archived_at = ? WHERE id = ?", [recent, recent_class])
    gone = [make.pupil(old_class, name) for name in ("Ada", "Bram", "Chloé", "Daan", "Emma", "Finn")]
    kept = [make.pupil(live_class, "Gijs"), make.pupil(recent_class, "Hanna")]
    add_attempt(db, gone[0], 1)
    deleted = purge(open_database(app.config["DATABASE"]), 365, now=NOW)
    assert deleted["pupils"] == 6
    assert sorted(r[0] for r in db.execute("SELECT id FROM pupils")) == sorted(kept)
    assert remaining(db, "attempts") == 0
    # The class itself stays, empty and archived: its name is the teacher's, not a child's.
    assert db.execute("SELECT count(*) FROM classes").fetchone()[0] == 3
