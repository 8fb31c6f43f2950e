"""Whatever a pupil's browser posts to a game, the answer is a page or a 4xx, and the stored
game stays one that replays (never half-written)."""

import json
import time

from hypothesis import HealthCheck, given, settings, strategies as st

from game_helpers import HX
from route_table import PUPIL_ROUTES
from trainer.engine.records import replay_round
from trainer.games.service import new_game
from trainer.games.settings import GameSettings
from trainer.store import games
from web_helpers import PupilActions

junk = st.one_of(
    st.text(max_size=60),
    st.sampled_from(
        [
            "",
            "R1a",
            "G6",
            "bomb",
            "joker-1",
            "thief-1",
            "-1",
            "1",
            "+1",
            "0",
            "99",
            "take",
            "lay",
            "discard",
            "joker",
            "thief",
            "shifter",
            "9" * 40,
            "\x00",
            "🙂",
            "random",
            "beginner",
            "full",
            "choose",
        ]
    ),
)
FIELDS = [
    "tap",
    "clear",
    "kind",
    "card",
    "delta",
    "victim",
    "decision_ms",
    "bot1",
    "bot2",
    "bot6",
    "length",
    "colors_mode",
    "colors",
]
form = st.dictionaries(st.sampled_from(FIELDS), junk, max_size=6)

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def test_every_game_route_survives_junk_from_its_pupil(app, client, make, db):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id, "Sem")
    PupilActions(client, make).login(class_id, pupil_id)
    game_id = games.create(db, pupil_id, new_game(GameSettings(("random", "random")), seed=2), time.time())
    urls = [f"/games/{game_id}/{path}" for path in ("tap", "move", "hint", "next")] + ["/games/new"]

    @SETTINGS
    @given(data=form, htmx=st.booleans())
    def check(data, htmx):
        for url in urls:
            response = client.post(url, data=data, headers=HX if htmx else {})
            assert response.status_code < 500, (url, data)
        assert client.get(f"/games/{game_id}?step={data.get('tap', '')}").status_code < 500
        row = games.get_for_pupil(db, pupil_id, game_id)
        replay_round(json.loads(row["record"]))
        games.load(row)

    check()


def test_a_pupil_reaches_every_route_of_their_own_game(client, make, db):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id, "Sem")
    PupilActions(client, make).login(class_id, pupil_id)
    for endpoint, methods in ((e, m) for e, m in PUPIL_ROUTES.items() if e.startswith("games.")):
        game_id = games.create(db, pupil_id, new_game(GameSettings(("random",)), seed=2), time.time())
        path = {
            "games.show": "",
            "games.tap": "/tap",
            "games.move": "/move",
            "games.hint": "/hint",
            "games.start_next_round": "/next",
            "games.stop": "/stop",
        }[endpoint]
        for method, data in methods.items():
            url = f"/games/{game_id}{path}"
            response = client.get(url) if method == "GET" else client.post(url, data=data or {})
            assert response.status_code in (200, 303, 400, 409), (endpoint, response.status_code)
