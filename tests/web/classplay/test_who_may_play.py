"""Who may do what at a class-play table (issue 16.3): a table is the class's, so a classmate
who is not seated may look at it (and sees no hand, R9) but never moves at it; a pupil of
another class reaches nothing of it (tests/web/test_authorization.py walks every route)."""

import random

from classplay_helpers import current, form_of, pupils_logged_in, seated_table, shown_ids, some_move
from trainer.store import class_tables


def test_a_classmate_who_is_not_seated_sees_no_hand_and_cannot_move(app, db, make):
    class_id = make.klass(make.teacher(), "Class 4C")
    pupils = pupils_logged_in(app, make, class_id)
    table_id = seated_table(db, pupils[:2])
    onlooker_id, onlooker = pupils[2]
    assert class_tables.seat_of(db, table_id, onlooker_id) is None
    row, game = current(db, table_id)
    page = onlooker.get(f"/play/tables/{table_id}")
    assert page.status_code == 200
    assert shown_ids(page.get_data(as_text=True), [c for hand in game.state.hands for c in hand]) == set()
    data = {"version": str(row["version"]), **form_of(some_move(game.state, random.Random(1)))}
    refused = onlooker.post(f"/play/tables/{table_id}/move", data=data)
    assert refused.status_code in (403, 404, 409)
    assert class_tables.get(db, table_id)["version"] == row["version"]
    assert class_tables.get(db, table_id)["state"] == row["state"]
