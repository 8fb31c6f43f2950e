"""The hostile world is built once and copied into each test that changes it
(tests/security/conftest.py, PreparedWorld): a copy must be the world as built, with its
visitors logged in, whatever an earlier test did to its own copy."""

from trainer.store.db import connect
from web_helpers import make_app


def test_a_copy_is_the_world_as_built_whatever_an_earlier_copy_went_through(prepared_world, tmp_path):
    first_app = make_app(tmp_path / "first.db")
    first_db = connect(first_app.config["DATABASE"])
    first = prepared_world.copy_into(first_app, first_db)
    classes = first_db.execute("SELECT count(*) FROM classes").fetchone()[0]
    teacher = first.clients["teacher"]
    assert teacher.post("/classes", data={"name": "Only in the first copy"}).status_code == 303
    assert first_db.execute("SELECT count(*) FROM classes").fetchone()[0] == classes + 1
    first.ids["class_id"] = -1

    second_app = make_app(tmp_path / "second.db")
    second_db = connect(second_app.config["DATABASE"])
    second = prepared_world.copy_into(second_app, second_db)
    assert second_db.execute("SELECT count(*) FROM classes").fetchone()[0] == classes
    assert second.ids["class_id"] == second.class_id
    # Its visitors are logged in at the new app: the teacher sees the class page, the pupil
    # the game; nobody is sent to a login page.
    assert second.clients["teacher"].get(f"/classes/{second.class_id}").status_code == 200
    assert second.clients["pupil"].get(f"/games/{second.ids['game_id']}").status_code == 200
    assert second.clients["teacher"] is not teacher
    first_db.close()
    second_db.close()
