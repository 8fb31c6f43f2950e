"""Class games on the teacher's dashboard (issue 16.6): counted beside the games against
bots, their plays analysed like a bot game's, and each round replayed from the pupil's seat
(R9: their own hand, never a classmate's)."""

import re

import pytest

from class_rounds import play_class_round
from trainer.engine.records import replay_round
from trainer.store import class_tables, game_moves


@pytest.fixture
def played(client, auth, make, db):
    class_id = make.klass(auth.login_new_teacher())
    table_id, pupils = play_class_round(db, make, class_id, bots="beginner")
    record = class_tables.rounds_of(db, table_id)[0]
    return {"class_id": class_id, "table": table_id, "pupils": pupils, "record": record}


def _moves(db, table_id, pupil):
    return game_moves.of_table(db, table_id, pupil)


def test_the_pupil_page_counts_and_lists_the_class_round(client, db, played):
    ann = played["pupils"][0]
    moves = _moves(db, played["table"], ann)
    missed, chances = sum(m["missed_capture"] for m in moves), sum(m["captures_available"] > 0 for m in moves)
    assert chances and missed  # the careless chooser leaves captures on the table
    html = client.get(f"/pupils/{ann}/progress").get_data(as_text=True)
    summary = html.split('class="summary"', 1)[1].split("</dl>", 1)[0]
    assert "Games against bots" in summary and "Class games" in summary and "1 round" in summary
    assert f"missed captures: {missed} of {chances}" in summary
    listed = html.split('id="class-games"', 1)[1]
    assert "Ben" in listed and f"{missed} of {chances}" in listed
    assert f"/pupils/{ann}/replay?table={played['table']}&amp;round=0" in listed


def test_the_class_overview_and_report_show_class_games_beside_bot_games(client, played):
    html = client.get(f"/classes/{played['class_id']}/dashboard").get_data(as_text=True)
    assert "Games: bots / class" in html and "Games against bots: 0, Class games: 1" in html
    html = client.get(f"/classes/{played['class_id']}/report").get_data(as_text=True)
    assert "Games against bots" in html and "Class games" in html


def test_a_class_round_replays_from_the_pupils_own_seat(client, db, played):
    record, ben = played["record"], played["pupils"][1]
    final = replay_round(record)
    last = len(record["moves"])
    html = client.get(f"/pupils/{ben}/replay?table={played['table']}&step={last}").get_data(as_text=True)
    assert f"Turn {last} of {last}" in html
    board = html.split('<div class="board">', 1)[1]
    hand = board.split("Hand of Ben", 1)[1].split("</div>", 1)[0]
    for card in final.hands[1]:
        assert card in hand
    for seat in (0, 2):  # a classmate's and the bot's hand are never shown
        for card in final.hands[seat]:
            assert f'"{card}"' not in hand
    assert "Ann" in board and "Bot 2 (" in board


def test_the_pupils_missed_capture_in_a_class_round_is_flagged(client, db, played):
    ann = played["pupils"][0]
    missed = next(m for m in _moves(db, played["table"], ann) if m["missed_capture"])
    html = client.get(f"/pupils/{ann}/replay?table={played['table']}&step={missed['turn'] + 1}").get_data(as_text=True)
    box = html.split('class="replay-move replay-move--missed">', 1)[1].split('<div class="board">', 1)[0]
    assert "Missed capture" in box and "Could have played:" in box and "Decided in" in box
    plays = html.split('id="game-moves"', 1)[1]
    links = {link.replace("&amp;", "&") for link in re.findall(r'href="([^"]*replay[^"]*)"', plays)}
    assert any(f"table={played['table']}" in link and f"step={missed['turn'] + 1}" in link for link in links)


def test_a_table_the_pupil_did_not_sit_at_is_not_found(client, make, db, played):
    outsider = make.pupil(played["class_id"], "Cat")
    assert client.get(f"/pupils/{outsider}/replay?table={played['table']}").status_code == 404
    assert client.get(f"/pupils/{played['pupils'][0]}/replay?table=x").status_code == 400
    assert client.get(f"/pupils/{played['pupils'][0]}/replay?table={played['table']}&round=7").status_code == 400


def test_another_teacher_cannot_replay_the_class_round(client, auth, played):
    auth.login_new_teacher("other@school.example")
    ann = played["pupils"][0]
    assert client.get(f"/pupils/{ann}/replay?table={played['table']}").status_code == 404
