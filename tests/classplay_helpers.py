"""Class play (issue 16) in tests: a class with pupils logged in on their own clients, a
table they sit at, and moves posted through the table's form as a browser would."""

from __future__ import annotations

import random
import re

from trainer.engine.moves import Discard, Play, UseBomb, UseJoker, UseShifter, UseThief
from trainer.engine.rules import legal_moves
from trainer.store import class_tables
from web_helpers import PupilActions

NAMES = ("Ann", "Ben", "Cat", "Dan")


def pupils_logged_in(app, make, class_id, count=3):
    """[(pupil_id, client)], each pupil logged in on a client of their own."""
    out = []
    for name in NAMES[:count]:
        pupil_id = make.pupil(class_id, name)
        client = app.test_client()
        PupilActions(client, make).login(class_id, pupil_id)
        out.append((pupil_id, client))
    return out


def seated_table(db, clients, seats=None, with_bots=False, bot_level=""):
    """The first pupil opens a table, the others join, the first starts it. Returns its id."""
    first = clients[0][1]
    response = first.post(
        "/play/tables", data={"seats": str(seats or len(clients)), "length": "round", "bot_level": bot_level}
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    table_id = int(re.search(r"/play/tables/(\d+)", response.headers["Location"]).group(1))
    for _pupil, client in clients[1:]:
        assert client.post(f"/play/tables/{table_id}/join").status_code == 303
    data = {"bots": "1"} if with_bots else {}
    assert first.post(f"/play/tables/{table_id}/start", data=data).status_code == 303
    return table_id


def form_of(move) -> dict:
    if isinstance(move, Play):
        if move.capture:
            return {"kind": "take", "hand": move.card, "take": list(move.capture)}
        return {"kind": "lay", "hand": move.card}
    if isinstance(move, Discard):
        return {"kind": "discard", "card": move.card}
    if isinstance(move, UseJoker):
        return {"kind": "joker", "delta": str(move.delta)}
    if isinstance(move, UseThief):
        return {"kind": "thief", "victim": str(move.victim)}
    if isinstance(move, UseShifter):
        return {"kind": "shifter"}
    if isinstance(move, UseBomb):
        return {"kind": "bomb"}
    raise TypeError(move)


def some_move(state, rng: random.Random):
    """A capture when there is one (most of the time), an action card now and then."""
    moves = legal_moves(state)
    captures = [m for m in moves if isinstance(m, Play) and m.capture]
    actions = [m for m in moves if not isinstance(m, Play)]
    if actions and rng.random() < 0.5:
        return rng.choice(actions)
    return rng.choice(captures or moves)


def hidden_from(game, seat: int | None) -> set[str]:
    """R9: what `seat` (None: someone at no seat) may not see now: others' hands, the decks."""
    state = game.state
    hidden = set(state.deck) | set(state.tweak_deck)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden |= set(hand)
    return hidden


def shown_ids(html: str, ids) -> set[str]:
    return {card for card in ids if re.search(rf"(?<![A-Za-z0-9-]){re.escape(card)}(?![A-Za-z0-9-])", html)}


def current(db, table_id):
    row = class_tables.get(db, table_id)
    return row, class_tables.load(row)
