"""A class made today raises no alarm (issue 24): nobody is flagged for not practising before
the first drill day after the class was made, or the pupil added, has passed. The attention
list shows five pupils and says how many more there are."""

import re
from datetime import date, timedelta

from dashboard_helpers import backdate_class
from trainer.web.dashboard import metrics
from trainer.web.dashboard.metrics import Reason, Week

FRIDAY = date(2026, 3, 13)
SATURDAY, MONDAY, TUESDAY = FRIDAY + timedelta(days=1), FRIDAY + timedelta(days=3), FRIDAY + timedelta(days=4)


def test_the_first_drill_day_is_the_first_school_day_from_then_on():
    assert metrics.first_drill_day(FRIDAY) == FRIDAY
    assert metrics.first_drill_day(SATURDAY) == MONDAY


def test_not_practising_is_no_worry_until_the_first_drill_day_has_passed():
    never = (Reason("never"),)
    assert metrics.attention(Week(), Week(), None, FRIDAY, since=FRIDAY) == ()  # made this morning
    assert metrics.attention(Week(), Week(), None, SATURDAY, since=FRIDAY) == never
    # Made on Saturday: Monday is the first drill day, so only Tuesday raises the flag.
    assert metrics.attention(Week(), Week(), None, MONDAY, since=SATURDAY) == ()
    assert metrics.attention(Week(), Week(), None, TUESDAY, since=SATURDAY) == never
    assert metrics.attention(Week(), Week(), None, TUESDAY) == never  # unknown: as before


def _attention_box(html):
    found = re.search(r'<div class="attention-box".*?</div>', html, re.S)
    return found.group(0) if found else ""


def test_a_class_made_today_has_no_pupil_needing_attention(client, auth, make, db):
    class_id = make.klass(auth.login_new_teacher(), "Group 5B")
    for n in range(28):
        make.pupil(class_id, f"Pupil {n}")
    html = client.get(f"/classes/{class_id}/dashboard").get_data(as_text=True)
    assert "need attention" not in html and "Has not practised yet" not in html
    assert html.count("<tr") == 29  # header and 28 pupils, all listed


def test_a_pupil_added_today_to_an_older_class_is_not_flagged(client, auth, make, db):
    class_id = make.klass(auth.login_new_teacher(), "Group 6")
    make.pupil(class_id, "Old")
    backdate_class(db, class_id, date.today() - timedelta(days=14))
    make.pupil(class_id, "New")
    box = _attention_box(client.get(f"/classes/{class_id}/dashboard").get_data(as_text=True))
    assert "1 pupil needs attention" in box and ">Old</a>" in box and ">New</a>" not in box


def test_the_attention_list_shows_five_and_how_many_more(client, auth, make, db):
    class_id = make.klass(auth.login_new_teacher(), "Group 7")
    for n in range(8):
        make.pupil(class_id, f"Kid {n}")
    backdate_class(db, class_id, date.today() - timedelta(days=14))
    html = client.get(f"/classes/{class_id}/dashboard").get_data(as_text=True)
    box = _attention_box(html)
    assert "8 pupils need attention" in box
    assert box.count("<li>") == 5 and "and 3 more" in box
    assert f'href="/classes/{class_id}/dashboard?sort=attention&amp;dir=desc"' in box
    # Every row still carries its flag, with the reason in words for screen readers.
    assert html.count('class="attention-flag"') == 8
    assert "Needs attention: Has not practised yet" in html
