"""Family games are family games (issue 47.4): a family table is the child's game, but the family
may steer every play, so it feeds no badge ("First TWEAK in a game"), no game level and no
bot-game summary, and the teacher sees it apart from the games against bots."""

import pytest

from trainer.store import pupil_rewards
from trainer.web.dashboard.queries import summaries
from web_helpers import AuthActions

from .test_family_table import _play_a_turn, _start


@pytest.fixture
def family(app, client, db, make, pupil_auth):
    class_id = make.klass(make.teacher(email="family-apart@school.example"))
    pupil_id = make.pupil(class_id, "Noor")
    pupil_auth.login(class_id, pupil_id)
    game_id = _start(client, name2="Anna", bot3="beginner")
    for _ in range(200):
        if db.execute("SELECT status FROM games WHERE id = ?", [game_id]).fetchone()[0] != "active":
            break
        _play_a_turn(client, game_id)
    assert db.execute("SELECT status FROM games WHERE id = ?", [game_id]).fetchone()[0] == "finished"
    # Whatever the dealt cards gave, one of the child's plays took the whole table: the family
    # may have steered it, as the child who played every seat did.
    db.execute(
        "UPDATE game_moves SET tweak = 1 WHERE game_id = ? AND rowid = "
        "(SELECT min(rowid) FROM game_moves WHERE game_id = ?)",
        [game_id, game_id],
    )
    return {"class_id": class_id, "pupil_id": pupil_id, "game_id": game_id}


def test_a_family_tweak_is_no_badge_and_no_bot_game(db, family):
    pupil_id = family["pupil_id"]
    assert pupil_rewards.first_game_tweak(db, pupil_id) is None
    assert summaries.games_played(db, [pupil_id]) == {}
    assert summaries.game_totals(db, [pupil_id]) == {}
    assert db.execute("SELECT count(*) FROM pupil_game_levels").fetchone()[0] == 0


def test_the_teacher_sees_family_tables_apart(app, make, family):
    teacher = app.test_client()
    assert AuthActions(teacher, make).login("family-apart@school.example").status_code == 303
    html = teacher.get(f"/pupils/{family['pupil_id']}/progress").get_data(as_text=True)
    bots = html[html.index('id="games"') : html.index('id="family-games"')]
    assert "No games yet." in bots and "Replay" not in bots
    apart = html[html.index('id="family-games"') :]
    assert "Family tables" in apart and f"game={family['game_id']}" in apart
