"""A pupil's own switches (issue 15.2, 15.4): reading aloud and sounds, both off until the
pupil turns them on, carried on <main> of every page they see (hx-boost swaps only what is
inside <body>)."""

import re

import pytest

from drill_helpers import DrillWorld
from trainer.store import drills


def text(response):
    return response.get_data(as_text=True)


def main_tag(html):
    return re.search(r"<main [^>]*>", html).group(0)


@pytest.fixture
def world(client, db, make):
    w = DrillWorld(client, db, make)
    w.login()
    return w


def test_both_switches_start_off_on_every_pupil_page(world):
    for url in ("/me", "/how-to-play"):
        tag = main_tag(text(world.client.get(url)))
        assert 'data-read-aloud="off"' in tag and 'data-sounds="off"' in tag
    home = text(world.client.get("/me"))
    assert home.count('class="small kid-switch" aria-pressed="false"') == 2


def test_a_pupil_turns_reading_aloud_on_and_off_again(world):
    response = world.client.post("/me/switch", data={"name": "read_aloud", "on": "1"})
    assert response.status_code == 303 and response.headers["Location"].endswith("/me")
    assert drills.pupil_settings(world.db, world.pupil_id)["read_aloud"] is True
    assert drills.pupil_settings(world.db, world.pupil_id)["sounds"] is False
    world.set_drill(puzzles=2)
    world.next()
    practice = text(world.client.get("/practice"))
    assert 'data-read-aloud="on"' in main_tag(practice) and "data-speak-text" in practice
    world.client.post("/me/switch", data={"name": "read_aloud", "on": "0"})
    assert drills.pupil_settings(world.db, world.pupil_id)["read_aloud"] is False


def test_sounds_have_their_own_switch(world):
    world.client.post("/me/switch", data={"name": "sounds", "on": "1"})
    tag = main_tag(text(world.client.get("/me")))
    assert 'data-sounds="on"' in tag and 'data-read-aloud="off"' in tag


@pytest.mark.parametrize("name", ["extra_time_s", "hide_countdown", "", "sounds; DROP TABLE pupils", "Sounds"])
def test_only_the_pupils_own_switches_can_be_set_here(world, name):
    before = drills.pupil_settings(world.db, world.pupil_id)
    response = world.client.post("/me/switch", data={"name": name, "on": "1"})
    assert response.status_code == 400
    assert drills.pupil_settings(world.db, world.pupil_id) == before


def test_nobody_logged_in_is_sent_to_the_class_login(client):
    response = client.post("/me/switch", data={"name": "sounds", "on": "1"})
    assert response.status_code in (302, 303) and "/join" in response.headers["Location"]


def test_a_teacher_page_carries_no_pupil_switches(client, make, auth):
    make.teacher("t@school.example")
    auth.login("t@school.example")
    assert "data-read-aloud" not in main_tag(text(client.get("/classes")))
