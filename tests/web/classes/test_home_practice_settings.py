"""The teacher's page for home practice (issue 37.1): off/on, hours, days, whether a home drill
counts, the school hours of the class code (issue 47.1); each pupil's home QR shown, renewed and
freed from the device that holds it (issue 47.2)."""

from datetime import datetime, time

from trainer.pupils.home_hours import HomeHours
from trainer.store import home_practice

FORM = {
    "enabled": "1",
    "opens": "08:00",
    "closes": "19:30",
    "days": ["1", "2", "3", "4", "5"],
    "counts": "0",
    "school_opens": "08:15",
    "school_closes": "15:00",
    "school_days": ["1", "2", "3", "4", "5"],
}
IN_THE_HOURS = datetime(2026, 12, 2, 10, 0)  # a Wednesday


def test_the_page_shows_the_defaults_off_seven_to_eight_every_day(client, class_id):
    html = client.get(f"/classes/{class_id}/home-practice").get_data(as_text=True)
    assert 'name="enabled" value="0" checked' in html
    assert 'value="07:00"' in html and 'value="20:00"' in html
    assert html.count('name="days"') == 7 and html.count('name="days" value=') == 7
    assert "checked> Saturday" in html and "checked> Sunday" in html


def test_the_teacher_turns_it_on_with_hours_days_and_extra(client, class_id, db):
    response = client.post(f"/classes/{class_id}/home-practice", data=FORM)
    assert response.status_code == 303
    assert home_practice.hours(db, class_id) == HomeHours(
        enabled=True,
        opens=time(8),
        closes=time(19, 30),
        days=frozenset({1, 2, 3, 4, 5}),
        counts=False,
        school_opens=time(8, 15),
        school_closes=time(15),
        school_days=frozenset({1, 2, 3, 4, 5}),
    )


def test_bad_hours_are_refused_with_a_message_and_change_nothing(client, class_id, db):
    client.post(f"/classes/{class_id}/home-practice", data=FORM)
    before = home_practice.hours(db, class_id)
    for bad, words in (
        ({"opens": "25:00"}, "hours and minutes"),
        ({"opens": "20:00", "closes": "07:00"}, "open before"),
        ({"days": []}, "at least one day"),
        ({"counts": "maybe"}, "counts as the daily drill"),
        ({"school_opens": "x"}, "school hours as hours"),
        ({"school_opens": "16:00", "school_closes": "08:00"}, "begin before they end"),
        ({"school_days": []}, "at least one school day"),
    ):
        response = client.post(f"/classes/{class_id}/home-practice", data={**FORM, **bad})
        assert response.status_code == 400
        assert words in response.get_data(as_text=True)
        assert home_practice.hours(db, class_id) == before


def test_the_class_nav_leads_to_it(client, class_id):
    html = client.get(f"/classes/{class_id}").get_data(as_text=True)
    assert f'href="/classes/{class_id}/home-practice"' in html


def test_a_pupils_home_qr_is_shown_and_renewed(client, class_id, make, db):
    pupil_id = make.pupil(class_id, "Noor")
    page = client.get(f"/pupils/{pupil_id}/home-qr")
    assert page.status_code == 200 and "<svg" in page.get_data(as_text=True)
    old = home_practice.token("test-secret", pupil_id, 0)
    assert old not in page.get_data(as_text=True)  # in the picture only, never as text
    listing = client.get(f"/classes/{class_id}/home-practice").get_data(as_text=True)
    assert "not used yet" in listing
    home_practice.save_hours(db, class_id, HomeHours(enabled=True))
    assert home_practice.use(db, "test-secret", old, "a-device", IN_THE_HOURS)[0] == home_practice.WELCOME
    assert "in use on: a device, since" in client.get(f"/classes/{class_id}/home-practice").get_data(as_text=True)
    response = client.post(f"/pupils/{pupil_id}/home-qr/renew")
    assert response.status_code == 303
    assert home_practice.use(db, "test-secret", old, "a-device", IN_THE_HOURS)[0] == home_practice.UNKNOWN


def test_the_teacher_sees_which_device_holds_the_qr_and_frees_it_in_one_tap(client, class_id, make, db):
    pupil_id = make.pupil(class_id, "Noor")
    home_practice.save_hours(db, class_id, HomeHours(enabled=True))
    token = home_practice.token("test-secret", pupil_id, 0)
    home_practice.use(db, "test-secret", token, "parents-phone", IN_THE_HOURS, "iphone")
    page = client.get(f"/classes/{class_id}/home-practice").get_data(as_text=True)
    assert "in use on: iPhone, since" in page and "Free the home QR code of Noor" in page
    response = client.post(f"/pupils/{pupil_id}/home-qr/free")
    assert response.status_code == 303
    assert "not used yet" in client.get(response.headers["Location"]).get_data(as_text=True)
    # The same printed QR now binds the child's tablet.
    assert home_practice.use(db, "test-secret", token, "childs-tablet", IN_THE_HOURS)[0] == home_practice.WELCOME


def test_another_teachers_pupil_is_not_found(client, teacher, victim):
    assert client.get(f"/pupils/{victim['pupil_id']}/home-qr").status_code == 404
    assert client.post(f"/pupils/{victim['pupil_id']}/home-qr/renew").status_code == 404
    assert client.post(f"/pupils/{victim['pupil_id']}/home-qr/free").status_code == 404
