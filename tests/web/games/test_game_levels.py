"""Game levels in the web app (issue 17): a finished game against bots moves the pupil's level,
the fitted bot is chosen for the class's aim, the teacher sets the aim or pins fixed levels,
and sees each pupil's level on the dashboard."""

import csv
import io
import time
from dataclasses import replace

import pytest

from game_helpers import HX, find_game, play, store_game
from trainer.engine.rules import legal_moves
from trainer.games.game_level import Rating, choose_dial, dial_name, load_bot_elo, starting_rating, update
from trainer.games.service import new_game
from trainer.games.settings import ClassLimits, GameSettings
from trainer.store import game_levels, game_limits, games, pupil_export
from trainer.web.games.level import adaptive_opponent

BOTS = load_bot_elo()


@pytest.fixture
def pupil(make, pupil_auth):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id, "Noor")
    pupil_auth.login(class_id, pupil_id)
    return {"id": pupil_id, "class_id": class_id}


def html(response):
    return response.get_data(as_text=True)


def set_level(db, pupil_id, elo, rd=80.0, played=20):
    db.execute(
        "INSERT OR REPLACE INTO pupil_game_levels (pupil_id, elo, rd, games, updated_at) VALUES (?, ?, ?, ?, ?)",
        [pupil_id, elo, rd, played, time.time()],
    )


def finish(client, db, pupil_id, game_id):
    """Plays the pupil's turns through the web app until the game is over."""
    for _ in range(2000):
        game = games.load(games.get_for_pupil(db, pupil_id, game_id))
        if game.over:
            return game
        if game.round_over:
            assert client.post(f"/games/{game_id}/next", headers=HX).status_code == 200
            continue
        assert play(client, game_id, legal_moves(game.state)[-1]).status_code == 200
    raise AssertionError("the game did not end")


def start_fitted(client, db, pupil):
    response = client.post("/games/new", data={"bot1": "fitted", "length": "round"})
    assert response.status_code == 303
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    return game_id, games.load(games.get_for_pupil(db, pupil["id"], game_id))


# ---------------------------------------------------------------- the rating update


def test_a_finished_game_moves_the_game_level_once_the_right_way(client, db, pupil):
    assert game_levels.get(db, pupil["id"]) is None
    game_id = store_game(db, pupil["id"], new_game(GameSettings(("beginner",)), seed=3))
    game = finish(client, db, pupil["id"], game_id)
    level = game_levels.get(db, pupil["id"])
    start = starting_rating(BOTS)
    assert level.games == 1 and level.rd < start.rd
    mine, theirs = game.state.scores()
    assert (level.elo > start.elo) == (mine > theirs) and (level.elo < start.elo) == (mine < theirs)
    # Showing the finished game again, or asking for another move, counts nothing more.
    client.get(f"/games/{game_id}?step=end")
    client.post(f"/games/{game_id}/move", data={"kind": "lay"}, headers=HX)
    assert game_levels.get(db, pupil["id"]) == level


def test_every_round_of_a_match_counts_in_one_update(db, pupil):
    game = find_game(lambda g: g.over and len(g.match.round_scores) >= 2, GameSettings(("random",), length="short"))
    level = game_levels.rate_game(db, pupil["id"], game, time.time())
    random_bot = BOTS.rating_of("random")
    results = [
        (random_bot, 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
        for mine, theirs in game.match.round_scores
    ]
    assert level == update(starting_rating(BOTS), results) and level.games == 1
    assert level.rd < update(starting_rating(BOTS), results[:1]).rd  # more rounds, more certainty


def test_a_stopped_game_does_not_count(client, db, pupil):
    game_id = store_game(db, pupil["id"], new_game(GameSettings(("beginner",)), seed=3))
    play(client, game_id, legal_moves(games.load(games.get_for_pupil(db, pupil["id"], game_id)).state)[0])
    assert client.post(f"/games/{game_id}/stop").status_code == 303
    assert game_levels.get(db, pupil["id"]) is None


def test_a_game_with_a_bot_the_elo_table_does_not_know_finishes_unrated(db, pupil):
    game = find_game(lambda g: g.over)
    retired = replace(game, settings=replace(game.settings, bots=("retired",)))  # a level since retired
    assert game_levels.rate_game(db, pupil["id"], retired, time.time()) is None
    assert game_levels.get(db, pupil["id"]) is None
    assert game_levels.rate_game(db, pupil["id"], game, time.time()).games == 1


def test_the_game_level_is_in_the_pupils_export(client, db, pupil):
    set_level(db, pupil["id"], 300.0)
    exported = pupil_export.export(db, pupil["id"])
    assert exported["game_level"][0]["elo"] == 300.0 and exported["game_level"][0]["games"] == 20


# ---------------------------------------------------------------- the choice


def test_the_new_game_form_offers_the_fitted_bot_by_a_friendly_name(client, db, pupil):
    page = html(client.get("/games/new"))
    assert '<option value="fitted" selected>Squirrel (just right)</option>' in page
    assert "dial" not in page
    set_level(db, pupil["id"], BOTS.rating_of("dial:0.9").elo)
    page = html(client.get("/games/new"))
    assert '<option value="fitted" selected>Bear (just right)</option>' in page


def test_the_fitted_bot_is_the_dial_for_the_pupils_level_and_the_class_aim(client, db, pupil):
    set_level(db, pupil["id"], 400.0)
    _, game = start_fitted(client, db, pupil)
    (bot,) = game.settings.bots
    assert bot == dial_name(choose_dial(Rating(400.0, 80.0, 20), BOTS, 0.5))
    assert 0.5 < float(bot[5:]) < 0.6  # 400 Elo lies between dial 0.5 (357) and 0.6 (440)
    page = html(client.get(f"/games/{games.list_for_pupil(db, pupil['id'])[0]['id']}?step=end"))
    assert "Fox" in page and bot not in page


def test_several_fitted_bots_are_all_the_same_dial(client, db, pupil):
    response = client.post("/games/new", data={"bot1": "fitted", "bot2": "fitted", "bot3": "beginner"})
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    bots = games.load(games.get_for_pupil(db, pupil["id"], game_id)).settings.bots
    assert bots[0] == bots[1] and bots[0].startswith("dial:") and bots[2] == "beginner"


def test_a_pupil_cannot_post_a_dial_of_their_own(client, db, pupil):
    response = client.post("/games/new", data={"bot1": "dial:0.01", "length": "round"})
    assert response.status_code == 400 and "Your class cannot play against that level." in html(response)
    assert games.list_for_pupil(db, pupil["id"]) == []


def test_adaptive_opponent_follows_the_level_and_the_aim(app, db, pupil):
    set_level(db, pupil["id"], 400.0)
    with app.test_request_context():
        at_half = adaptive_opponent(pupil)
        game_limits.put(db, pupil["class_id"], ClassLimits(aim=0.3))
        harder = adaptive_opponent(pupil)
        game_limits.put(db, pupil["class_id"], ClassLimits(aim=0.7))
        easier = adaptive_opponent(pupil)
    assert at_half == dial_name(choose_dial(Rating(400.0, 80.0, 20), BOTS, 0.5))
    assert float(harder[5:]) > float(at_half[5:]) > float(easier[5:])


def test_adaptive_opponent_of_a_pinned_class_is_a_fixed_level(app, db, pupil):
    with app.test_request_context():
        game_limits.put(db, pupil["class_id"], ClassLimits(levels=("beginner", "casual")))
        assert adaptive_opponent(pupil) == "beginner"
        game_limits.put(db, pupil["class_id"], ClassLimits(levels=("casual", "clever")))
        assert adaptive_opponent(pupil) == "casual"


def test_a_new_pupil_starts_at_the_class_default(app, db, pupil):
    with app.test_request_context():
        assert adaptive_opponent(pupil) == dial_name(choose_dial(starting_rating(BOTS), BOTS, 0.5))


# ---------------------------------------------------------------- the teacher's game settings


@pytest.fixture
def teacher_class(client, auth, make):
    class_id = make.klass(auth.login_new_teacher())
    return class_id


FORM = {"levels": ["fitted", "beginner", "casual"], "max_bots": "2", "lengths": ["round"]}


def test_the_teacher_sets_the_aim(client, db, teacher_class):
    page = html(client.get(f"/classes/{teacher_class}/games"))
    assert 'name="levels" value="fitted" checked' in page and '<option value="50" selected>' in page
    response = client.post(f"/classes/{teacher_class}/games", data={**FORM, "aim": "35"})
    assert response.status_code == 200 and "Saved." in html(response)
    assert game_limits.get(db, teacher_class).aim == 0.35
    assert '<option value="35" selected>' in html(client.get(f"/classes/{teacher_class}/games"))


@pytest.mark.parametrize("aim", ["abc", "", "29", "71", "0", "100", "50.5", "-40", "1e9", "5" * 5000, "NaN"])
def test_a_bad_aim_is_refused_with_a_message_and_nothing_is_saved(client, db, teacher_class, aim):
    game_limits.put(db, teacher_class, ClassLimits(aim=0.6))
    response = client.post(f"/classes/{teacher_class}/games", data={**FORM, "aim": aim})
    assert response.status_code == 400
    assert "Choose how often pupils should win: from 30% to 70% of their games." in html(response)
    assert game_limits.get(db, teacher_class) == ClassLimits(aim=0.6)


def test_a_form_without_an_aim_keeps_the_default(client, db, teacher_class):
    response = client.post(f"/classes/{teacher_class}/games", data=FORM)
    assert response.status_code == 200 and game_limits.get(db, teacher_class).aim == 0.5


def test_pinned_levels_leave_the_fitted_bot_out(client, auth, make, pupil_auth, db):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher)
    client.post(
        f"/classes/{class_id}/games",
        data={"levels": ["beginner", "casual"], "max_bots": "1", "lengths": ["round"], "aim": "50"},
    )
    client.post("/logout")
    pupil_id = make.pupil(class_id, "Ada")
    pupil_auth.login(class_id, pupil_id)
    page = html(client.get("/games/new"))
    assert '<option value="beginner" selected>' in page and 'value="fitted"' not in page
    response = client.post("/games/new", data={"bot1": "fitted", "length": "round"})
    assert response.status_code == 400 and games.list_for_pupil(db, pupil_id) == []


def test_the_aim_chooses_the_pupils_fitted_bot(client, auth, make, pupil_auth, db):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher)
    client.post(f"/classes/{class_id}/games", data={**FORM, "aim": "30"})
    client.post("/logout")
    pupil = {"id": make.pupil(class_id, "Ada"), "class_id": class_id}
    pupil_auth.login(class_id, pupil["id"])
    set_level(db, pupil["id"], 400.0)
    _, game = start_fitted(client, db, pupil)
    assert game.settings.bots == (dial_name(choose_dial(Rating(400.0, 80.0, 20), BOTS, 0.3)),)


def test_a_class_saved_before_game_levels_gets_the_fitted_bot_only_if_nothing_was_pinned(db, make):
    from trainer.store.migrations import m1701_game_levels

    teacher = make.teacher()
    every, pinned = make.klass(teacher), make.klass(teacher)
    db.execute("DROP TABLE pupil_game_levels")
    for class_id, levels in ((every, "beginner,casual,clever,expert,random"), (pinned, "beginner")):
        db.execute(
            "INSERT INTO class_game_settings (class_id, levels, max_bots, lengths, allow_colors, hints)"
            " VALUES (?, ?, 5, 'round', 1, 1)",
            [class_id, levels],
        )
    db.execute(
        "CREATE TABLE old_settings AS SELECT class_id, levels, max_bots, lengths, allow_colors, hints"
        " FROM class_game_settings"
    )
    db.execute("DROP TABLE class_game_settings")
    db.execute("ALTER TABLE old_settings RENAME TO class_game_settings")
    m1701_game_levels(db)
    assert game_limits.get(db, every).fitted and game_limits.get(db, every).aim == 0.5
    assert game_limits.get(db, pinned) == ClassLimits(levels=("beginner",), lengths=("round",))


# ---------------------------------------------------------------- the dashboard


def test_the_teacher_sees_the_game_level_on_the_pupil_page_and_the_overview(client, auth, make, db):
    class_id = make.klass(auth.login_new_teacher())
    ada, bram = make.pupil(class_id, "Ada"), make.pupil(class_id, "Bram")
    set_level(db, ada, BOTS.rating_of("dial:0.42").elo, rd=90.0, played=12)
    page = html(client.get(f"/pupils/{ada}/progress"))
    assert "Game level" in page and "42 of 100" in page and "after 12 games" in page
    assert "the Beginner bot is at 34" in page
    assert "Game level" in html(client.get(f"/pupils/{bram}/progress"))
    overview = html(client.get(f"/classes/{class_id}/dashboard?sort=game_level&dir=desc"))
    assert "Game level" in overview and '<td class="num">42</td>' in overview
    assert overview.index(">Ada<") < overview.index(">Bram<")  # no level yet: last
    body = client.get(f"/classes/{class_id}/export/pupils.csv").get_data(as_text=True)
    rows = csv.DictReader(io.StringIO(body.lstrip("\ufeff")))
    assert {row["Pupil"]: row["Game level (0-100)"] for row in rows} == {"Ada": "42", "Bram": ""}


def test_a_level_from_few_games_is_shown_as_a_first_guess(client, auth, make, db):
    class_id = make.klass(auth.login_new_teacher())
    ada = make.pupil(class_id, "Ada")
    set_level(db, ada, 250.0, rd=200.0, played=2)
    assert "a first guess after 2 games" in html(client.get(f"/pupils/{ada}/progress"))


def test_the_teacher_sees_the_fitted_bot_of_a_game_with_its_level(client, auth, make, db):
    class_id = make.klass(auth.login_new_teacher())
    ada = make.pupil(class_id, "Ada")
    store_game(db, ada, new_game(GameSettings(("dial:0.55", "casual")), seed=2))
    page = html(client.get(f"/pupils/{ada}/progress"))
    assert "fitted: Fox, level 55" in page and "casual" in page
