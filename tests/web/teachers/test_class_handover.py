"""A class handed over by an administrator (issue 38.2; docs/schools.md, "What the page
offers"): the School page itself shows names and counts only, but an administrator may hand any
class to any active teacher, themselves included, and then sees what its teacher saw. So every
hand-over is recorded: a security-log line, the School page's list that every administrator
sees, and a line on the previous teacher's classes page."""

import pytest

from trainer.store import school_admin
from web_helpers import AuthActions


@pytest.fixture
def school(db, make):
    head = make.teacher(email="head@school.example", name="Head")
    deputy = make.teacher(email="deputy@school.example", name="Deputy")
    bo = make.teacher(email="bo@school.example", name="Bo")
    school_admin.set_role(db, deputy, "admin")
    class_id = make.klass(bo, "Bo's class")
    make.pupil(class_id, "Noor")
    return {"head": head, "deputy": deputy, "bo": bo, "class_id": class_id}


def test_an_administrator_taking_a_class_is_seen_by_the_others_and_its_teacher(app, client, make, school, caplog):
    auth = AuthActions(client, make)
    auth.login("head@school.example")
    # The School page: names and counts, no way into the class's pupils.
    assert client.get(f"/classes/{school['class_id']}/export.json").status_code == 404
    with caplog.at_level("INFO", logger="trainer.security"):
        response = client.post(
            f"/school/classes/{school['class_id']}/hand-over", data={"teacher_id": str(school["head"])}
        )
    assert response.status_code == 303
    # Handed to themselves, the administrator is the class's teacher: its export is theirs now.
    assert client.get(f"/classes/{school['class_id']}/export.json").status_code == 200
    assert (
        f"event=class_handed_over teacher={school['head']} class_id={school['class_id']} "
        f"previous={school['bo']} to={school['head']}"
    ) in caplog.text

    deputy = app.test_client()
    AuthActions(deputy, make).login("deputy@school.example")
    page = deputy.get("/school").get_data(as_text=True)
    listed = page.split('id="handovers-h"', 1)[1]
    assert "Bo&#39;s class" in listed and "Bo" in listed and "Head" in listed

    bo = app.test_client()
    AuthActions(bo, make).login("bo@school.example")
    page = bo.get("/classes").get_data(as_text=True)
    assert "Head handed Bo&#39;s class over to Head on" in page


def test_every_hand_over_is_stored_with_who_made_it_and_a_deleted_class_keeps_it(db, school):
    first = school_admin.hand_over(db, school["class_id"], school["deputy"], by=school["head"])
    again = school_admin.hand_over(db, school["class_id"], school["deputy"], by=school["head"])
    assert (first, again) == (school["bo"], None)  # the second changed nothing
    db.execute("DELETE FROM classes WHERE id = ?", [school["class_id"]])
    [row] = school_admin.handovers(db)
    assert (row["class_name"], row["from_name"], row["to_name"], row["by_name"]) == (
        "Bo's class",
        "Bo",
        "Deputy",
        "Head",
    )


def test_a_teacher_handing_on_their_own_class_is_not_told_about_it(db, school):
    school_admin.hand_over(db, school["class_id"], school["head"], by=school["head"])
    school_admin.hand_over(db, school["class_id"], school["bo"], by=school["head"])
    assert [h["from_name"] for h in school_admin.handovers_from(db, school["head"], "2000-01-01")] == []
    assert [h["by_name"] for h in school_admin.handovers_from(db, school["bo"], "2000-01-01")] == ["Head"]
