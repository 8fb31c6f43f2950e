"""The pupil's home made for children (issue 15): level and goal, stars and badges, the
character picker, one-tap Play, and the teacher's certificate."""

import json

import pytest

from drill_helpers import DrillWorld
from trainer.games.settings import ClassLimits, GameSettings
from trainer.store import game_limits, pupil_export, pupil_rewards
from web_helpers import AuthActions


def text(response):
    return response.get_data(as_text=True)


@pytest.fixture
def world(client, db, make):
    w = DrillWorld(client, db, make)
    w.login()
    return w


def finish_drill(world, n=3):
    world.set_drill(puzzles=n)
    for _ in range(n):
        world.next()
        world.answer_right()


def test_a_new_pupil_sees_level_one_the_characters_and_two_big_buttons(world):
    page = text(world.client.get("/me"))
    assert "Card Spotter" in page and "Pick your character" in page
    assert page.count('name="avatar"') == 12
    assert "Start today's drill" in page and 'action="/me/play"' in page and "More choices" in page
    assert "0 stars" in page and "Next badge:" in page


def test_a_finished_drill_gives_a_star_and_the_first_badge(world):
    finish_drill(world)
    page = text(world.client.get("/me"))
    assert "1 star" in page and "First drill" in page and "Practise more" in page
    assert 'data-celebrate="star"' in page


def test_picking_a_character_stores_it_and_shows_it(world):
    response = world.client.post("/me/avatar", data={"avatar": "owl"})
    assert response.status_code == 303 and response.headers["Location"] == "/me"
    assert pupil_rewards.avatar(world.db, world.pupil_id) == "owl"
    page = text(world.client.get("/me"))
    assert "/avatars/owl" in page and "Pick your character" not in page
    picker = text(world.client.get("/me/avatar"))
    assert picker.count('name="avatar"') == 12 and 'aria-current="true"' in picker


@pytest.mark.parametrize("bad", ["", "photo.jpg", "../fox", "fox\n", "x" * 5000])
def test_anything_but_a_character_of_the_set_is_refused(world, bad):
    assert world.client.post("/me/avatar", data={"avatar": bad}).status_code == 400
    assert pupil_rewards.avatar(world.db, world.pupil_id) is None


def test_reaching_a_level_is_recorded_once_and_celebrated_once(world):
    world.db.execute(
        "INSERT INTO pupil_ratings (pupil_id, rating, count, updated_at) VALUES (?, 0, 150, 'x')"
        " ON CONFLICT (pupil_id) DO UPDATE SET count = 150",
        [world.pupil_id],
    )
    page = text(world.client.get("/me"))
    assert "New level!" in page and "Sum Seeker" in page
    assert set(pupil_rewards.levels_reached(world.db, world.pupil_id)) == {2}
    again = text(world.client.get("/me"))
    assert "New level!" not in again and "Sum Seeker" in again
    # A bad day later (fewer answers can't happen, but a lower rating can) keeps the level.
    world.db.execute("UPDATE pupil_ratings SET rating = -3 WHERE pupil_id = ?", [world.pupil_id])
    assert "Sum Seeker" in text(world.client.get("/me"))


def test_play_is_one_tap_to_a_game_against_the_usual_bot_and_then_carries_on(world):
    response = world.client.post("/me/play")
    assert response.status_code == 303 and response.headers["Location"].startswith("/games/")
    row = next(world.db.query("SELECT id, settings FROM games WHERE pupil_id = ?", [world.pupil_id]))
    settings = GameSettings.from_json(json.loads(row["settings"]))
    assert len(settings.bots) == 1 and settings.bots[0].startswith("dial:") and settings.length == "round"
    again = world.client.post("/me/play")
    assert again.headers["Location"] == f"/games/{row['id']}"
    assert world.db.execute("SELECT count(*) FROM games").fetchone()[0] == 1
    assert "Continue your game" in text(world.client.get("/me"))


def test_play_follows_the_class_limits(world):
    game_limits.put(world.db, world.class_id, ClassLimits(levels=("casual", "expert"), lengths=("short",)))
    world.client.post("/me/play")
    settings = json.loads(world.db.execute("SELECT settings FROM games").fetchone()[0])
    assert settings["bots"] == ["casual"] and settings["length"] == "short"


def test_the_teacher_prints_a_certificate_of_a_level_reached_and_only_for_own_pupils(world, client, make):
    world.db.execute(
        "INSERT INTO pupil_ratings (pupil_id, rating, count, updated_at) VALUES (?, 0, 150, 'x')"
        " ON CONFLICT (pupil_id) DO UPDATE SET count = 150",
        [world.pupil_id],
    )
    world.client.get("/me")
    world.client.post("/logout")
    world.db.execute("UPDATE teachers SET email = 'cert@school.example' WHERE id = ?", [world.teacher_id])
    AuthActions(client, make).login("cert@school.example")
    panel = text(client.get(f"/pupils/{world.pupil_id}"))
    assert "Level 2: Sum Seeker" in panel and f"/pupils/{world.pupil_id}/certificate" in panel
    page = text(client.get(f"/pupils/{world.pupil_id}/certificate"))
    assert "Certificate" in page and "Noor" in page and "Sum Seeker" in page
    assert client.get(f"/pupils/{world.pupil_id}/certificate?level=3").status_code == 404
    assert client.get(f"/pupils/{world.pupil_id}/certificate?level=x").status_code == 404
    other = make.pupil(make.klass(make.teacher("other@school.example")), "Stranger")
    assert client.get(f"/pupils/{other}/certificate").status_code == 404


def test_the_avatar_and_levels_are_in_the_pupils_export(world):
    world.client.post("/me/avatar", data={"avatar": "fox"})
    pupil_rewards.record_levels(world.db, world.pupil_id, 3, "2026-11-02")
    data = pupil_export.export(world.db, world.pupil_id)["rewards"]
    assert data["avatar"][0]["avatar"] == "fox"
    assert [row["level"] for row in data["levels"]] == [2, 3]
