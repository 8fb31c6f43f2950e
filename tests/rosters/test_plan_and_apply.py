"""Planning an import and applying it: each school takes only its own organisation's rows,
a re-import changes only what changed (checked row by row), and a failing apply changes nothing."""

from __future__ import annotations

import sqlite3

import pytest

from rosters.district import District, zip_of
from rosters.test_oneroster import SMALL
from trainer.rosters import oneroster, plan
from trainer.store import pupil_export, rosters
from trainer.store.db import connect
from web_helpers import Make, make_app


def school_db(tmp_path, name):
    app = make_app(tmp_path / f"{name}.db")
    db = connect(app.config["DATABASE"])
    admin = Make(db).teacher(email=f"admin@{name}.example")
    return db, admin


def import_file(db, admin, data, org):
    roster = oneroster.read_zip(data)
    the_plan = plan.make(roster, org, rosters.current(db))
    return the_plan, rosters.apply(db, the_plan, admin)


def rows(db):
    """Every imported class and pupil as the school holds them."""
    return {
        "classes": {
            r["source_id"]: (r["name"], r["archived_at"] is None, r["teacher_id"])
            for r in db.query("SELECT * FROM classes WHERE source_id IS NOT NULL")
        },
        "pupils": {
            r["source_id"]: (r["name"], r["class_source"], r["archived_at"] is None)
            for r in db.query(
                "SELECT p.*, c.source_id AS class_source FROM pupils p"
                " JOIN classes c ON c.id = p.class_id WHERE p.source_id IS NOT NULL"
            )
        },
    }


def test_given_names_only_and_an_initial_only_where_two_would_share_a_name(tmp_path):
    texts = dict(SMALL)
    texts["users.csv"] = (
        SMALL["users.csv"] + "u3,,true,org-1,student,ej2,Emma,Kok,e2@x.example\n"
        "u4,,true,org-1,student,li,Liam Peter Paul,Visser,\n"
    )
    texts["enrollments.csv"] = SMALL["enrollments.csv"] + "e3,,c1,org-1,u3,student,\ne4,,c1,org-1,u4,student,\n"
    db, admin = school_db(tmp_path, "a")
    the_plan, result = import_file(db, admin, zip_of(texts), "org-1")
    names = sorted(r["name"] for r in db.query("SELECT name FROM pupils"))
    assert names == ["Emma J.", "Emma K.", "Liam Peter"]
    assert result.pupils_added == 3 and result.classes_created == 1
    # Nothing but the shown name: no family name, e-mail or username anywhere in the row.
    for row in db.query("SELECT * FROM pupils"):
        text = " ".join(str(v) for v in row.values())
        for secret in ("Jansen", "Visser", "emma@x.example", "emma.j", "Paul"):
            assert secret not in text
    # Karin Kok has no account yet: the class is the administrator's, and the preview says so.
    assert the_plan.classes[0].teacher_missing and the_plan.classes[0].teacher_label == "Karin Kok"
    assert db.execute("SELECT teacher_id FROM classes").fetchone()[0] == admin


def test_a_pupils_data_export_holds_the_id_the_schools_records_know_them_by(tmp_path):
    db, admin = school_db(tmp_path, "a")
    import_file(db, admin, zip_of(SMALL), "org-1")
    pupil_id = db.execute("SELECT id FROM pupils").fetchone()[0]
    assert pupil_export.export(db, pupil_id)["pupil"]["source_id"] == "u1"


def test_a_teacher_is_found_by_email_then_kept_by_sourced_id(tmp_path):
    db, admin = school_db(tmp_path, "a")
    karin = Make(db).teacher(email="karin.kok@school.example")
    import_file(db, admin, zip_of(SMALL), "org-1")
    assert db.execute("SELECT teacher_id FROM classes").fetchone()[0] == karin
    assert db.execute("SELECT source_id FROM teachers WHERE id = ?", [karin]).fetchone()[0] == "u2"
    the_plan, _r = import_file(db, admin, zip_of(SMALL), "org-1")
    assert the_plan.changes() == 0


def test_a_manually_added_pupil_keeps_their_name_and_is_never_archived(tmp_path):
    db, admin = school_db(tmp_path, "a")
    import_file(db, admin, zip_of(SMALL), "org-1")
    class_id = db.execute("SELECT id FROM classes").fetchone()[0]
    Make(db).pupil(class_id, "Liam")  # typed by the teacher: "Liam" is taken now
    texts = dict(SMALL)
    texts["users.csv"] = SMALL["users.csv"] + "u3,,true,org-1,student,lk,Liam,Kok,\n"
    texts["enrollments.csv"] = SMALL["enrollments.csv"] + "e3,,c1,org-1,u3,student,\n"
    import_file(db, admin, zip_of(texts), "org-1")
    names = sorted(r["name"] for r in db.query("SELECT name FROM pupils WHERE archived_at IS NULL"))
    assert names == ["Emma", "Liam", "Liam K."]


def test_a_failing_apply_changes_nothing(tmp_path, monkeypatch):
    db, admin = school_db(tmp_path, "a")
    roster = oneroster.read_zip(District().zip())
    the_plan = plan.make(roster, "org-1", rosters.current(db))
    the_plan.classes[-1].pupils[-1].name = the_plan.classes[-1].pupils[0].name  # a clash at the end
    with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
        rosters.apply(db, the_plan, admin)
    assert db.execute("SELECT count(*) FROM classes").fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM pupils").fetchone()[0] == 0


def test_a_district_into_three_schools_then_next_terms_file(tmp_path):
    district = District()
    first = district.zip()
    schools = {org: school_db(tmp_path, org) for org, _name in district.schools}
    for org, (db, admin) in schools.items():
        the_plan, result = import_file(db, admin, first, org)
        ours = {c for c, (_t, s) in district.classes.items() if s == org}
        got = rows(db)
        assert set(got["classes"]) == ours
        assert {p for p, (_g, _f, c) in district.pupils.items() if c in ours} == set(got["pupils"])
        assert all(c in ours for _n, c, _a in got["pupils"].values())
        # Names unique per class, given name (or given name + initial) only.
        for sid, (name, _klass, _active) in got["pupils"].items():
            given, family, _c = district.pupils[sid]
            assert name in (given, f"{given} {family[0].upper()}.") or name.startswith(given)
    assert sum(len(rows(db)["pupils"]) for db, _a in schools.values()) == 1000
    assert sum(len(rows(db)["classes"]) for db, _a in schools.values()) == 40

    before = {org: rows(db) for org, (db, _a) in schools.items()}
    old_pupils = dict(district.pupils)
    district.change()
    second = district.zip()
    for org, (db, admin) in schools.items():
        import_file(db, admin, second, org)
        after, was = rows(db), before[org]
        ours = {c for c, (_t, s) in district.classes.items() if s == org}
        for sid in was["classes"]:
            name, active, teacher = after["classes"][sid]
            assert active and teacher == was["classes"][sid][2]
            assert name == (district.classes[sid][0] if sid == "class-0" else was["classes"][sid][0])
        for sid, (name, klass, active) in after["pupils"].items():
            if sid not in district.pupils:  # a leaver: archived, kept
                assert not active and sid in old_pupils and (name, klass) == was["pupils"][sid][:2]
            elif sid not in old_pupils:  # new this term
                assert active and klass == district.pupils[sid][2] and sid not in was["pupils"]
            else:  # stayed: same row, same class
                assert active and klass == was["pupils"][sid][1]
        assert {p for p, (_g, _f, c) in district.pupils.items() if c in ours} == {
            p for p, v in after["pupils"].items() if v[2]
        }
        # Importing the same file again changes nothing.
        the_plan, _r = import_file(db, admin, second, org)
        assert the_plan.changes() == 0
    leavers = sum(not v[2] for db, _a in schools.values() for v in rows(db)["pupils"].values())
    assert leavers == 10
