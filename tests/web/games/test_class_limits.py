"""A teacher limits what a class may choose for games (issue 6.1) and switches hints (6.7)."""

from trainer.games.settings import ClassLimits
from trainer.store import game_limits


def test_a_class_without_limits_allows_everything(db, make):
    class_id = make.klass(make.teacher())
    assert game_limits.get(db, class_id) == ClassLimits()


def test_the_class_page_links_to_the_game_settings(client, auth, make):
    class_id = make.klass(auth.login_new_teacher())
    page = client.get(f"/classes/{class_id}").get_data(as_text=True)
    assert f'href="/classes/{class_id}/games"' in page


def test_the_teacher_saves_the_limits(client, auth, make, db):
    class_id = make.klass(auth.login_new_teacher())
    page = client.get(f"/classes/{class_id}/games").get_data(as_text=True)
    assert 'name="levels" value="expert" checked' in page and 'id="f-hints" name="hints" value="1" checked' in page
    response = client.post(
        f"/classes/{class_id}/games",
        data={"levels": ["beginner", "casual"], "max_bots": "2", "lengths": ["round", "short"]},
    )
    assert response.status_code == 200 and "Saved." in response.get_data(as_text=True)
    assert game_limits.get(db, class_id) == ClassLimits(
        levels=("beginner", "casual"), max_bots=2, lengths=("round", "short"), allow_colors=False, hints=False
    )


def test_limits_that_leave_nothing_to_choose_are_refused_and_not_saved(client, auth, make, db):
    class_id = make.klass(auth.login_new_teacher())
    for form, message in [
        ({"lengths": ["round"], "max_bots": "3"}, "Allow at least one bot level."),
        ({"levels": ["random"], "max_bots": "3"}, "Allow at least one game length."),
        ({"levels": ["random"], "lengths": ["round"], "max_bots": "9"}, "Choose from 1 to 5 bots."),
        ({"levels": ["genius"], "lengths": ["forever"], "max_bots": "x"}, "Allow at least one bot level."),
    ]:
        response = client.post(f"/classes/{class_id}/games", data=form)
        assert response.status_code == 400 and message in response.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM class_game_settings").fetchone()[0] == 0


def test_a_pupil_of_the_class_sees_the_limits_when_starting_a_game(client, auth, make, pupil_auth, db):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher)
    client.post(f"/classes/{class_id}/games", data={"levels": ["casual"], "max_bots": "1", "lengths": ["short"]})
    client.post("/logout")
    pupil_auth.login(class_id, make.pupil(class_id, "Ada"))
    page = client.get("/games/new").get_data(as_text=True)
    assert '<option value="casual" selected>' in page and 'name="bot2"' not in page
    assert 'value="short" checked' in page and 'value="round"' not in page
