"""A class table is the children's game board of bot games (issues 15.7 and 16): the magic
number is the page's heading, the cards to choose are real checkboxes and radio buttons
named apart ("…, on the table" / "…, in your hand") with the drill's letter keys, "Put
down", every seat with its face (a classmate's character, a bot's animal), and the others'
moves since this child's own last move told step by step with their sums. The move forms
keep the table's version and queue behind its poll; the projector page shows the same faces
and never a hand."""

import random
import re

from classplay_helpers import current, form_of, pupils_logged_in, seated_table, some_move
from trainer.engine.moves import LostTurn, Play
from trainer.store import class_tables, pupil_rewards
from trainer.web.games import words


def _html(client, table_id):
    response = client.get(f"/play/tables/{table_id}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _table(app, db, make, avatars=("cat", "dragon")):
    class_id = make.klass(make.teacher(email="board@school.example"), "Board class")
    pupils = pupils_logged_in(app, make, class_id, count=2)
    for (pupil_id, _client), key in zip(pupils, avatars):
        pupil_rewards.set_avatar(db, pupil_id, key)
    table_id = seated_table(db, pupils, seats=4, with_bots=True, bot_level="beginner")
    return class_id, pupils, table_id


def test_the_child_to_move_gets_the_childrens_board(app, db, make):
    _class_id, pupils, table_id = _table(app, db, make)
    row, game = current(db, table_id)
    seat = game.state.current_player
    pid, client = next((p, c) for p, c in pupils if class_tables.seat_of(db, table_id, p) == seat)
    html = _html(client, table_id)
    # The number is the page's one heading, with "Your turn!" beside it.
    assert re.search(r'<h1 class="target" id="target-heading" data-target="%d"' % game.state.target, html)
    assert html.count("<h1") == 1 and "Your turn!" in html
    # Real checkboxes and radio buttons, named where the card is, with the drill's keys.
    for n, card in enumerate(game.state.table[:12]):
        assert re.search(
            rf'<input type="checkbox" name="take" value="{card}"\s+aria-label="[^"]*, on the table"'
            rf'\s+aria-keyshortcuts="{"ABCDEFGHIJKL"[n]}"',
            html,
        )
    for n, card in enumerate(game.state.hands[seat][:3]):
        assert re.search(
            rf'<input type="radio" name="hand" value="{card}"\s+aria-label="[^"]*, in your hand"'
            rf'\s+aria-keyshortcuts="{"XYZ"[n]}"',
            html,
        )
    assert '>Put down <kbd aria-hidden="true">P</kbd><' in html and ">Lay<" not in html and 'type="reset"' in html
    # The move carries the table's version, goes to the table and queues behind its poll.
    form = re.search(
        r'<form method="post" action="/play/tables/%d/move" class="play" id="play-form"[^>]*>' % table_id, html
    ).group(0)
    assert 'hx-target="#table"' in form and 'hx-sync="#table:queue"' in form and "show:window:top" in form
    assert f'<input type="hidden" name="version" value="{row["version"]}">' in html
    assert 'name="token"' not in html
    # The whole section polls its version.
    assert re.search(
        rf'<section id="table"[^>]*data-version="{row["version"]}"[^>]*hx-post="/play/tables/{table_id}/live\?v={row["version"]}"',
        html,
    )
    # Faces: the classmates' characters, the bots' animals.
    assert "/avatars/cat" in html and "/avatars/dragon" in html
    assert html.count(f"/bots/{words.bot_face('beginner')}") >= 2
    # A "Look again" link for a tablet without JavaScript.
    assert f'href="/play/tables/{table_id}">Look again</a>' in html


def test_a_waiting_child_sees_whose_turn_it_is_and_the_story_since_their_own_move(app, db, make):
    _class_id, pupils, table_id = _table(app, db, make)
    rng = random.Random(3)
    seats = {p: class_tables.seat_of(db, table_id, p) for p, _c in pupils}
    # Play until each child has moved at least once and someone has captured since.
    told = None
    for _ in range(60):
        row, game = current(db, table_id)
        if game.state.over:
            break
        seat = game.state.current_player
        pid, client = next((p, c) for p, c in pupils if seats[p] == seat)
        move = some_move(game.state, rng)
        response = client.post(
            f"/play/tables/{table_id}/move",
            data={"version": str(row["version"]), **form_of(move)},
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 200
        _row, after = current(db, table_id)
        if after.state.over:
            break
        if isinstance(move, Play) and move.capture and after.state.current_player != seat:
            told = (pid, seat, move)
            break
    assert told, "no capture in 60 moves"
    pid, seat, move = told
    other_pid, other = next((p, c) for p, c in pupils if p != pid)
    html = _html(other, table_id)
    _row, game = current(db, table_id)
    assert "Your turn!" not in html or game.state.current_player == seats[other_pid]
    # The capture in figures, with the mover's face, in "What happened".
    news = html[html.index('id="news-title"') :]
    total = words.sum_line(move.card, move.capture)
    assert total in news
    # Only what happened since this child's own last move: nothing of the turns before it.
    log = game.state.log
    me = seats[other_pid]
    mine = [i for i, (who, m) in enumerate(log) if who == me and not isinstance(m, LostTurn)]
    first = mine[-1] if mine else 0
    while first > 0 and log[first - 1][0] == me and not isinstance(log[first - 1][1], LostTurn):
        first -= 1  # an action card began that turn
    assert news.count('class="news-item') == min(len(log) - first, 8)
    if mine and len(log) - first <= 8:  # the story starts with the child's own move
        assert "news--you" in re.search(r'class="news-item([^"]*)"', news).group(1)


def test_the_projector_shows_the_same_faces_and_no_hand(app, db, make, auth):
    class_id, _pupils, table_id = _table(app, db, make)
    auth.login("board@school.example")
    html = auth.client.get(f"/classes/{class_id}/play").get_data(as_text=True)
    _row, game = current(db, table_id)
    assert "/avatars/cat" in html and f"/bots/{words.bot_face('beginner')}" in html
    assert "In your hand" not in html and 'name="take"' not in html
    for seat in range(game.state.players):
        for card in game.state.hands[seat]:
            assert f'data-card="{card}"' not in html
