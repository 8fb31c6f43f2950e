import time, os
import pytest
from browser.pupil_steps import log_in
from trainer.games.service import new_game
from trainer.games.settings import GameSettings
from trainer.store import class_tables, games, pupil_rewards
from web_helpers import Make

pytestmark = pytest.mark.browser
WHEN = os.environ.get("SHOTS", "before")


def test_shots(page, live_server):
    db = live_server.db()
    make = Make(db)
    class_id = make.klass(make.teacher(email="shots@school.example"), "Shots class")
    ida = make.pupil(class_id, "Ida", password="sun,tree,boat")
    jon = make.pupil(class_id, "Jon", password="sun,tree,boat")
    pupil_rewards.set_avatar(db, ida, "cat")
    pupil_rewards.set_avatar(db, jon, "dragon")
    code = make.class_row(class_id)["join_code"]
    game_id = games.create(db, ida, new_game(GameSettings(("beginner", "casual")), 5), time.time())
    now = time.time()
    table_id = class_tables.open_table(db, class_id, jon, 3, "round", "casual", now=now)
    class_tables.join(db, table_id, ida, now=now)
    class_tables.start(db, table_id, jon, with_bots=True, seed=9, now=now)
    db.close()
    page.set_viewport_size({"width": 1024, "height": 768})
    log_in(page, live_server, {"code": code, "name": "Ida"})
    page.goto(f"{live_server.url}/games/{game_id}")
    page.wait_for_timeout(500)
    page.screenshot(path=f"/tmp/shots/{WHEN}-bot-game.png")
    page.goto(f"{live_server.url}/play/tables/{table_id}")
    page.wait_for_timeout(500)
    page.screenshot(path=f"/tmp/shots/{WHEN}-class-table.png")
