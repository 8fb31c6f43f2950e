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
