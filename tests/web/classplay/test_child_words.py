"""Class play in a child's words (issue 39.4): points are additions, not products; a refusal
of a stale tab is short; the end of a match says "you won the match", apart from a round's
end; the pile's and the helper's words are short."""

import re

from classplay_helpers import form_of, pupils_logged_in
from trainer.engine.rules import legal_moves
from trainer.play import tables as play_tables
from trainer.store import class_tables
from trainer.web.games.words import points_sum


def test_points_are_an_addition_a_child_can_follow():
    assert points_sum(5, 1, 5) == "1 + 1 + 1 + 1 + 1 = 5"
    assert points_sum(2, 3, 6) == "3 + 3 = 6"
    assert points_sum(1, 10, 10) == "10"
    assert points_sum(9, 1, 9) == "1 + 1 + 1 + … + 1 = 9"  # long: shortened, still adds up
    assert "×" not in points_sum(4, 2, 8)


def _match_table(app, db, make, class_id):
    pupils = pupils_logged_in(app, make, class_id, 2)
    first = pupils[0][1]
    response = first.post("/play/tables", data={"seats": "2", "length": "full", "bot_level": ""})
    table_id = int(re.search(r"/play/tables/(\d+)", response.headers["Location"]).group(1))
    assert pupils[1][1].post(f"/play/tables/{table_id}/join").status_code == 303
    # Started with a fixed deal (the Start button draws one at random): round 1 is not the match's end.
    play_tables.start(db, table_id, pupils[0][0], False, 1, 5.0)
    return table_id, dict(pupils)


def _play_until(db, table_id, done):
    while not done(class_tables.load(class_tables.get(db, table_id))):
        row = class_tables.get(db, table_id)
        game = class_tables.load(row)
        seat = 0 if game.state.over else game.to_act
        pupil = class_tables.seats_of(db, table_id)[seat]["pupil_id"]
        play_tables.play(
            db,
            table_id,
            pupil,
            row["version"],
            "next-round" if game.state.over else f"m{row['version']}",
            lambda g, s: legal_moves(g.state)[0],
            now=5.0,
        )


def test_a_rounds_end_and_the_matchs_end_say_different_things(app, db, make, class_id):
    table_id, clients = _match_table(app, db, make, class_id)
    _play_until(db, table_id, lambda game: game.state.over)  # the first round only
    page = next(iter(clients.values())).get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "Round 1 is over" in page and "won the match" not in page
    assert re.search(r"Tidy: \d", page) is None and " × " not in page
    _play_until(db, table_id, lambda game: game.over)
    game = class_tables.load(class_tables.get(db, table_id))
    seats = class_tables.seats_of(db, table_id)
    winner = seats[game.winner]
    loser = next(s for seat, s in seats.items() if seat != game.winner)
    won = clients[winner["pupil_id"]].get(f"/play/tables/{table_id}").get_data(as_text=True)
    lost = clients[loser["pupil_id"]].get(f"/play/tables/{table_id}").get_data(as_text=True)
    assert "You won the match!" in won and 'data-celebrate="level"' in won
    assert f"{winner['name']} won the match." in lost and "You won the match!" not in lost


def test_a_stale_tab_is_refused_in_a_few_words(app, db, make, class_id):
    table_id, clients = _match_table(app, db, make, class_id)
    row = class_tables.get(db, table_id)
    game = class_tables.load(row)
    mover = class_tables.seats_of(db, table_id)[game.to_act]["pupil_id"]
    form = {"version": str(row["version"]), **form_of(legal_moves(game.state)[0])}
    assert clients[mover].post(f"/play/tables/{table_id}/move", data=form).status_code in (200, 303)
    again = {"version": str(row["version"]), "kind": "lay", "hand": "R1a"}
    response = clients[mover].post(f"/play/tables/{table_id}/move", data=again)
    assert response.status_code == 409
    message = re.search(r'class="error-box[^"]*" role="alert">([^<]*)<', response.get_data(as_text=True)).group(1)
    assert message == "Someone was quicker. Look, then try again!" and len(message.split()) <= 8


def test_an_action_card_is_explained_the_first_time_a_child_holds_one(app, db, make, class_id):
    from flask import session

    from trainer.web.games import action_help

    with app.test_request_context():
        joker = next(c for c, kind in action_help.card_table().action_kind.items() if kind == "joker")
        first = action_help.to_explain([joker])
        assert [h["card"] for h in first] == [joker]
        assert first[0]["words"] == "Joker: the magic number goes 1 up or 1 down, for this turn."
        action_help.met([joker])
        assert action_help.to_explain([joker]) == [] and session[action_help.MET] == ["joker"]
