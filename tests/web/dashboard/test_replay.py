"""Step through a pupil's stored game; the analysed plays flag missed captures and TWEAKs."""

import json
import random
import re
from datetime import date

import pytest

from trainer.demo.history import add_game
from trainer.engine.records import replay_round
from trainer.web.dashboard import replay


@pytest.fixture
def game(client, auth, make, db):
    pupil = make.pupil(make.klass(auth.login_new_teacher()), "Noor")
    # A random player misses captures; seed 2 gives missed captures, TWEAKs and missed TWEAKs.
    game_id = add_game(db, pupil, date.today(), random.Random(2), me="random", opponents=("beginner",))
    record = json.loads(db.execute("SELECT record FROM games WHERE id = ?", [game_id]).fetchone()[0])
    moves = list(db.query("SELECT * FROM game_moves WHERE game_id = ? ORDER BY turn", [game_id]))
    assert all(any(m[k] for m in moves) for k in ("missed_capture", "tweak", "missed_tweak"))
    return {"pupil": pupil, "id": game_id, "record": record, "moves": moves}


def _url(game, **args):
    query = "&".join(f"{k}={v}" for k, v in {"game": game["id"], **args}.items())
    return f"/pupils/{game['pupil']}/replay?{query}"


def test_each_step_is_the_engines_replay_from_the_pupils_seat(game):
    record = game["record"]
    last = len(record["moves"])
    step = replay.step_at(record, 0, last)
    final = replay_round(record)
    assert step.view.table == final.table and step.scores == tuple(final.scores())
    assert step.view.hand == final.hands[0]
    dealt = replay.step_at(record, 0, 0)
    assert dealt.move is None and len(dealt.view.hand) == 3 and len(dealt.view.table) == 2


def test_the_page_steps_forward_and_back_with_plain_links(client, game):
    html = client.get(_url(game)).get_data(as_text=True)
    assert "Turn 0 of" in html and "The cards are dealt." in html
    nxt = re.search(r'id="replay-next" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    html = client.get(nxt).get_data(as_text=True)
    assert "Turn 1 of" in html
    mover = game["record"]["moves"][0]
    who = "Noor" if mover["player"] == 0 else "Bot 1 (beginner)"
    assert who in html.split('class="replay-move', 1)[1].split("</div>", 1)[0]


def test_the_pupils_missed_capture_is_flagged_with_what_was_possible(client, game):
    missed = next(m for m in game["moves"] if m["missed_capture"])
    html = client.get(_url(game, step=missed["turn"] + 1)).get_data(as_text=True)
    box = html.split('class="replay-move replay-move--missed">', 1)[1].split('<div class="board">', 1)[0]
    assert "Missed capture" in box and "Could have played:" in box
    assert f"target {missed['target']}" in box


def test_the_plays_table_marks_every_miss_and_tweak_in_words(client, game):
    html = client.get(_url(game)).get_data(as_text=True)
    table = html.split('<table class="moves">', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr class=\"([^\"]*)\">(.*?)</tr>", table, re.S)
    assert len(rows) == len(game["moves"])
    for (cls, cells), move in zip(rows, game["moves"]):
        assert ("Missed capture" in cells) == bool(move["missed_capture"])
        assert ("Missed TWEAK" in cells) == bool(move["missed_tweak"])
        assert ("move--missed" in cls) == bool(move["missed_capture"] or move["missed_tweak"])
        assert ("TWEAK!" in cells) == bool(move["tweak"])


def test_htmx_asks_for_the_viewer_alone(client, game):
    html = client.get(_url(game, step=1), headers={"HX-Request": "true"}).get_data(as_text=True)
    assert html.lstrip().startswith('<section class="panel" id="replay">') and "<html" not in html


@pytest.mark.parametrize(
    "query, message",
    [
        ("", "The address is missing “game”."),
        ("game=x", "“game” must be a whole number."),
        ("round=5", "This game has no such round or turn."),
        ("step=999", "This game has no such round or turn."),
    ],
)
def test_bad_addresses_say_what_is_wrong(client, game, query, message):
    url = (
        f"/pupils/{game['pupil']}/replay?{query}" if not query or query.startswith("game") else _url(game) + "&" + query
    )
    response = client.get(url)
    assert response.status_code == 400 and message in response.get_data(as_text=True)


def test_another_pupils_game_is_not_found_even_for_the_same_teacher(client, make, db, game):
    klass = db.execute("SELECT class_id FROM pupils WHERE id = ?", [game["pupil"]]).fetchone()[0]
    sister = make.pupil(klass, "Sam")
    assert client.get(f"/pupils/{sister}/replay?game={game['id']}").status_code == 404


def test_the_pupil_page_lists_the_game_with_its_misses(client, game):
    html = client.get(f"/pupils/{game['pupil']}/progress").get_data(as_text=True)
    chances = sum(m["captures_available"] > 0 for m in game["moves"])
    missed = sum(m["missed_capture"] for m in game["moves"])
    row = html.split('<table class="games">', 1)[1]
    assert f"{missed} of {chances}" in row and f'href="/pupils/{game["pupil"]}/replay?game={game["id"]}"' in row


def test_a_match_is_replayed_round_by_round(client, make, db, game):
    klass = db.execute("SELECT class_id FROM pupils WHERE id = ?", [game["pupil"]]).fetchone()[0]
    pupil = make.pupil(klass, "Sam")
    game_id = add_game(db, pupil, date.today(), random.Random(5), me="beginner", opponents=("beginner",), length="full")
    record = json.loads(db.execute("SELECT record FROM games WHERE id = ?", [game_id]).fetchone()[0])
    rounds = len(record["rounds"])
    assert rounds > 1
    html = client.get(f"/pupils/{pupil}/replay?game={game_id}&round=1&step=2").get_data(as_text=True)
    assert f"Round 2 of {rounds}" in html and "Turn 2 of" in html
    assert f'href="/pupils/{pupil}/replay?game={game_id}&amp;round=0"' in html


def test_a_damaged_game_row_is_shown_as_not_replayable_not_as_an_error(client, db, game):
    game_id = db.execute(
        "INSERT INTO games (pupil_id, settings, state, record, status, created_at, updated_at)"
        " VALUES (?, 'not json', '{}', '{}', 'finished', 0, 0)",
        [game["pupil"]],
    ).lastrowid
    db.execute(
        "INSERT INTO game_moves (game_id, pupil_id, round, turn, target, captures_available, best_points,"
        " tweak_available, points, tweak, missed_capture, missed_tweak, analysis, created_at)"
        " VALUES (?, ?, 0, 0, 9, 1, 3, 0, 0, 0, 1, 0, '{}', 0)",
        [game_id, game["pupil"]],
    )
    response = client.get(f"/pupils/{game['pupil']}/replay?game={game_id}")
    assert response.status_code == 200 and "This game cannot be replayed." in response.get_data(as_text=True)
    assert client.get(f"/pupils/{game['pupil']}/progress").status_code == 200


def test_the_replay_page_is_accessible_at_a_glance(client, game):
    from page_checks import assert_accessible_at_a_glance

    path = _url(game, step=3)
    html = client.get(path).get_data(as_text=True)
    assert_accessible_at_a_glance(path, html)
    for table in re.findall(r"<table[^>]*>(.*?)</table>", html, re.S):
        assert "<caption" in table and 'scope="col"' in table
