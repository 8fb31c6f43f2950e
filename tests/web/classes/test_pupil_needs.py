"""What a child needs (issue 49.6): one teacher page per pupil, two taps from the class page,
holding extra time, read-aloud and no timer, kept with the pupil (not on a tablet)."""

import re

from trainer.store import drills


def test_the_needs_page_is_two_taps_from_the_class_page_and_saves_all_three(auth, teacher, class_id, make, db):
    pupil_id = make.pupil(class_id, "Noor")
    class_page = auth.client.get(f"/classes/{class_id}").get_data(as_text=True)
    assert f'href="/pupils/{pupil_id}"' in class_page  # tap 1: the pupil's tile
    pupil_page = auth.client.get(f"/pupils/{pupil_id}").get_data(as_text=True)
    assert re.search(rf'href="/pupils/{pupil_id}/needs">What Noor needs</a>', pupil_page)  # tap 2
    page = auth.client.get(f"/pupils/{pupil_id}/needs").get_data(as_text=True)
    assert "<h1>What Noor needs</h1>" in page
    for hint in ("needs-extra-hint", "needs-read-hint", "needs-timer-hint"):
        assert f'id="{hint}"' in page  # each says what and for whom

    response = auth.client.post(
        f"/pupils/{pupil_id}/needs", data={"extra_time": "30", "read_aloud": "1", "no_timer": "1"}
    )
    assert response.status_code == 303
    kept = drills.pupil_settings(db, pupil_id)
    assert (kept["extra_time_s"], kept["read_aloud"], kept["no_timer"]) == (30.0, True, True)
    again = auth.client.get(f"/pupils/{pupil_id}/needs").get_data(as_text=True)
    assert 'name="no_timer" value="1" aria-describedby="needs-timer-hint" checked' in again
    assert 'value="30"' in again

    # Unticked boxes are "off"; the fragment comes back to an htmx post.
    off = auth.client.post(f"/pupils/{pupil_id}/needs", data={"extra_time": "0"}, headers={"HX-Request": "true"})
    assert off.status_code == 200 and 'id="needs"' in off.get_data(as_text=True)
    kept = drills.pupil_settings(db, pupil_id)
    assert (kept["extra_time_s"], kept["read_aloud"], kept["no_timer"]) == (0.0, False, False)


def test_a_bad_extra_time_changes_nothing(auth, teacher, class_id, make, db):
    pupil_id = make.pupil(class_id, "Noor")
    for typed in ("121", "-1", "ten", "1.5"):
        response = auth.client.post(f"/pupils/{pupil_id}/needs", data={"extra_time": typed, "no_timer": "1"})
        assert response.status_code == 400
        assert 'aria-invalid="true"' in response.get_data(as_text=True)
        assert drills.pupil_settings(db, pupil_id)["no_timer"] is False


def test_the_childs_own_switches_stay_as_the_child_set_them(auth, teacher, class_id, make, db):
    pupil_id = make.pupil(class_id, "Noor")
    drills.set_pupil_flag(db, pupil_id, "sounds", True)
    drills.set_pupil_flag(db, pupil_id, "hide_countdown", True)
    auth.client.post(f"/pupils/{pupil_id}/needs", data={"extra_time": "10", "no_timer": "1"})
    kept = drills.pupil_settings(db, pupil_id)
    assert kept["sounds"] and kept["hide_countdown"] and kept["no_timer"]


def test_another_teachers_pupil_is_a_404(auth, teacher, victim, db):
    pupil_id = victim["pupil_id"]
    assert auth.client.get(f"/pupils/{pupil_id}/needs").status_code == 404
    assert auth.client.post(f"/pupils/{pupil_id}/needs", data={"extra_time": "0", "no_timer": "1"}).status_code == 404
    assert drills.pupil_settings(db, pupil_id)["no_timer"] is False


def test_one_switch_card_faces_and_the_number_line_are_kept_with_the_pupil(auth, teacher, class_id, make, db):
    """Issue 49.2 and 49.4: the one switch's step and the faces for counting are set on the same
    page; "Off" and "The number only" are the defaults."""
    pupil_id = make.pupil(class_id, "Noor")
    kept = drills.pupil_settings(db, pupil_id)
    assert (kept["switch_step_s"], kept["card_faces"], kept["number_line"]) == (None, "digits", False)
    page = auth.client.get(f"/pupils/{pupil_id}/needs").get_data(as_text=True)
    for hint in ("needs-switch-hint", "needs-faces-hint", "needs-line-hint"):
        assert f'id="{hint}"' in page
    assert '<option value="1.5">1.5 s a choice</option>' in page

    auth.client.post(
        f"/pupils/{pupil_id}/needs",
        data={"extra_time": "0", "switch_step": "1.5", "card_faces": "ten-frame", "number_line": "1"},
    )
    kept = drills.pupil_settings(db, pupil_id)
    assert (kept["switch_step_s"], kept["card_faces"], kept["number_line"]) == (1.5, "ten-frame", True)
    again = auth.client.get(f"/pupils/{pupil_id}/needs").get_data(as_text=True)
    assert '<option value="1.5" selected>' in again
    assert 'value="ten-frame" checked' in again

    auth.client.post(f"/pupils/{pupil_id}/needs", data={"extra_time": "0", "switch_step": ""})
    kept = drills.pupil_settings(db, pupil_id)
    assert (kept["switch_step_s"], kept["card_faces"], kept["number_line"]) == (None, "digits", False)


def test_a_step_or_face_not_in_the_list_is_refused_and_changes_nothing(auth, teacher, class_id, make, db):
    pupil_id = make.pupil(class_id, "Noor")
    auth.client.post(f"/pupils/{pupil_id}/needs", data={"extra_time": "0", "switch_step": "2", "card_faces": "dots"})
    for form in ({"switch_step": "0.1"}, {"switch_step": "fast"}, {"card_faces": "roman"}, {"switch_step": "nan"}):
        response = auth.client.post(f"/pupils/{pupil_id}/needs", data={"extra_time": "0", **form})
        assert response.status_code == 400
        assert 'role="alert"' in response.get_data(as_text=True)
        kept = drills.pupil_settings(db, pupil_id)
        assert (kept["switch_step_s"], kept["card_faces"]) == (2.0, "dots")
