"""Start with a seat still empty and no bot for it (issue 39.4): the opener is asked first, in
a child's words; "Yes, start now" starts the game, and asking changes nothing."""

import re

from classplay_helpers import pupils_logged_in
from trainer.store import class_tables


def _open_table_for_three(app, make, class_id):
    (ann, ann_client), (_ben, ben_client) = pupils_logged_in(app, make, class_id, 2)
    response = ann_client.post("/play/tables", data={"seats": "3", "length": "round", "bot_level": ""})
    table_id = int(re.search(r"/play/tables/(\d+)", response.headers["Location"]).group(1))
    assert ben_client.post(f"/play/tables/{table_id}/join").status_code == 303
    return table_id, ann_client


def test_start_with_an_empty_seat_asks_first_and_changes_nothing(app, db, make, class_id):
    table_id, ann = _open_table_for_three(app, make, class_id)
    before = class_tables.get(db, table_id)
    asked = ann.post(f"/play/tables/{table_id}/start", data={}, headers={"HX-Request": "true"})
    assert asked.status_code == 200
    html = asked.get_data(as_text=True)
    assert "1 seat is still empty. Start without waiting?" in html
    assert 'name="sure" value="1"' in html and "Yes, start now" in html and "No, wait" in html
    assert class_tables.get(db, table_id) == before  # still open, same version


def test_yes_start_now_starts_with_the_seat_left_empty(app, db, make, class_id):
    table_id, ann = _open_table_for_three(app, make, class_id)
    assert ann.post(f"/play/tables/{table_id}/start", data={"sure": "1"}).status_code == 303
    row = class_tables.get(db, table_id)
    assert row["status"] == "playing" and class_tables.load(row).state.players == 2


def test_a_full_table_starts_without_asking(app, db, make, class_id):
    pupils = pupils_logged_in(app, make, class_id, 2)
    first = pupils[0][1]
    response = first.post("/play/tables", data={"seats": "2", "length": "round", "bot_level": ""})
    table_id = int(re.search(r"/play/tables/(\d+)", response.headers["Location"]).group(1))
    assert pupils[1][1].post(f"/play/tables/{table_id}/join").status_code == 303
    assert first.post(f"/play/tables/{table_id}/start", data={}).status_code == 303
    assert class_tables.get(db, table_id)["status"] == "playing"
