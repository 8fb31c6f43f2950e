"""A pupil as the browser tests of issue 18 meet one: a class with a five-puzzle drill on the
curated puzzles, and the log-in a child does (class code, name, three pictures)."""

from drill_helpers import CURATED
from trainer.puzzles.drill_settings import DrillSettings
from trainer.puzzles.kinds import KINDS
from trainer.store import drills, puzzles
from web_helpers import Make

PICTURES = ("Sun", "Tree", "Boat")


def a_child(live_server, class_name: str, first_name: str) -> dict:
    """A new teacher's class with one child, named `first_name` and a number (the live server's
    database is shared by the session's tests), who logs in with sun, tree, boat."""
    db = live_server.db()
    make = Make(db)
    class_id = make.klass(make.teacher(), class_name)
    name = f"{first_name}{db.execute('SELECT COUNT(*) FROM pupils').fetchone()[0]}"
    pupil_id = make.pupil(class_id, name, password="sun,tree,boat")
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"id": pupil_id, "code": code, "name": name}


def pupil_with_a_drill(live_server, name="Mila", time_limit=60.0):
    """{"id", "code", "name"} of a new pupil whose class has today's drill set."""
    db = live_server.db()
    puzzles.store(db, CURATED, "curated")
    make = Make(db)
    class_id = make.klass(make.teacher(), f"{name}'s class")
    pupil_id = make.pupil(class_id, name, password="sun,tree,boat")
    drills.save(db, class_id, DrillSettings(5, None, KINDS, time_limit))
    code = make.class_row(class_id)["join_code"]
    db.close()
    return {"id": pupil_id, "code": code, "name": name}


def log_in(page, live_server, pupil):
    """From the first page, as a child does: I am a pupil, the class code, the name, the pictures."""
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="I am a pupil").click()
    page.get_by_label("Class code").fill(pupil["code"])
    page.get_by_role("button", name="Next").click()
    page.get_by_role("link", name=pupil["name"]).click()
    for picture in PICTURES:
        page.get_by_role("button", name=picture).click()
    page.wait_for_url("**/me")
