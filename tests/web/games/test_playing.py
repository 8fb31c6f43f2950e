"""A pupil's games in the web app (issue 6): starting one within the class's limits, tapping
and the running sum (R5.4), moves refused with a friendly message that change nothing (in the
database too), action cards (R7), the story of the bots' turns, lost turns (D7), the blue 7
(R1.4), the score screen (R2), matches (R8), hints, decision times, resuming, stopping."""

import json
import time

import pytest
from markupsafe import escape

from game_helpers import (
    HX,
    bomb_hits_pupil,
    find_game,
    html,
    play,
    pupil_may,
    store_game,
    tap,
    turn_lost_since_pupil,
)
from trainer.engine.cards import card_table
from trainer.engine.moves import Discard, Play, UseThief
from trainer.engine.records import replay_match, replay_result, replay_round
from trainer.engine.rules import legal_moves
from trainer.engine.solver import solve
from trainer.engine.state import Phase
from trainer.games.service import PUPIL, new_game
from trainer.games.settings import ClassLimits, GameSettings
from trainer.games.story import story
from trainer.store import game_limits, game_moves, games
from trainer.web.games.words import seat_names, step_text

VALUE = card_table().value


def row_of(db, game_id):
    return next(db.query("SELECT * FROM games WHERE id = ?", [game_id]))


def start(client, db, pupil, game):
    """Stores the game for the pupil and opens its board, as the pupil would."""
    game_id = store_game(db, pupil["pupil_id"], game)
    assert client.get(f"/games/{game_id}?step=end").status_code == 200
    return game_id


def stored(db, game_id):
    """Everything stored about a game, to show that a refused move changed nothing (but the
    cards tapped, which a refusal keeps so the pupil can change them)."""
    row = {k: v for k, v in row_of(db, game_id).items() if k != "pick"}
    return (row, db.execute("SELECT * FROM game_moves WHERE game_id = ?", [game_id]).fetchall())


def load(db, pupil_id, game_id):
    return games.load(games.get_for_pupil(db, pupil_id, game_id))


# ---------------------------------------------------------------- a new game (issue 6.1)


def test_the_new_game_form_starts_with_one_fitted_bot_and_one_round(client, pupil):
    """Issue 17: the first bot offered is the one fitted to the pupil's game level."""
    page = html(client.get("/games/new"))
    assert '<option value="fitted" selected>' in page
    assert 'name="length" value="round" checked' in page
    assert 'name="bot5"' in page


ANIMALS = {"random": "Hedgehog", "beginner": "Squirrel", "casual": "Fox", "clever": "Owl", "expert": "Bear"}


@pytest.mark.parametrize("level, animal", ANIMALS.items())
def test_the_form_names_each_bot_by_the_animal_the_board_shows(client, pupil, level, animal):
    """Issue 15.6: a child picks "Fox (Casual)" and meets the Fox on the board."""
    word = level.capitalize()
    assert f'<option value="{level}">{animal} ({word})</option>' in html(client.get("/games/new"))
    response = client.post("/games/new", data={"bot1": level, "length": "round"})
    board = html(client.get(response.headers["Location"]))
    assert f"bots/{animal.lower()}." in board and f">{animal}<" in board


def test_a_new_game_is_stored_with_a_record_that_replays(client, db, pupil):
    response = client.post("/games/new", data={"bot1": "beginner", "bot2": "random", "length": "round"})
    assert response.status_code == 303
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    row = row_of(db, game_id)
    assert row["pupil_id"] == pupil["pupil_id"] and row["status"] == "active"
    assert json.loads(row["settings"])["bots"] == ["beginner", "random"]
    record = json.loads(row["record"])
    assert record["format"] == "tweak-round/1" and record["players"] == 3
    assert record["colors"] == ["R", "O", "Y", "G"]  # R3.1 for 3 players
    replay_round(record)
    assert load(db, pupil["pupil_id"], game_id).pupil_to_act


def test_r3_1_the_players_licence_sets_the_colours(client, db, pupil):
    response = client.post(
        "/games/new",
        data={"bot1": "random", "length": "short", "colors_mode": "choose", "colors": ["R", "O", "Y", "G", "B"]},
    )
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    record = json.loads(row_of(db, game_id)["record"])
    assert record["format"] == "tweak-match/1" and record["threshold"] == 30
    assert record["rounds"][0]["colors"] == ["R", "O", "Y", "G", "B"]


@pytest.mark.parametrize(
    "form, message",
    [
        ({"length": "round"}, "Choose from 1 to 5 bots."),
        ({"bot1": "genius"}, "Your class cannot play against that level."),
        ({"bot1": "random", "length": "forever"}, "Your class cannot play games of that length."),
        ({"bot1": "random", "colors_mode": "choose", "colors": ["O", "Y"]}, "Red must always be in"),
        (
            {
                "bot1": "random",
                "bot2": "random",
                "bot3": "random",
                "bot4": "random",
                "bot5": "random",
                "colors_mode": "choose",
                "colors": ["R"],
            },
            "Too few colours",
        ),
    ],
)
def test_a_new_game_outside_the_rules_is_refused_with_a_message(client, db, pupil, form, message):
    response = client.post("/games/new", data=form)
    assert response.status_code == 400
    assert message in html(response)
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 0


def test_the_class_limits_shape_the_form_and_are_enforced(client, db, pupil):
    game_limits.put(
        db,
        pupil["class_id"],
        ClassLimits(levels=("beginner",), max_bots=2, lengths=("round",), allow_colors=False, hints=False),
    )
    page = html(client.get("/games/new"))
    assert 'value="random"' not in page and 'name="bot3"' not in page and 'name="colors"' not in page
    assert 'value="short"' not in page
    for form in (
        {"bot1": "random"},
        {"bot1": "beginner", "bot2": "beginner", "bot3": "beginner"},
        {"bot1": "beginner", "length": "full"},
        {"bot1": "beginner", "colors_mode": "choose", "colors": ["R", "O", "Y"]},
    ):
        assert client.post("/games/new", data=form).status_code == 400
    response = client.post("/games/new", data={"bot1": "beginner"})
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    assert json.loads(row_of(db, game_id)["settings"])["hints"] is False


# ---------------------------------------------------------------- taps and the running sum (R5.4)


def wrong_capture(game):
    """A hand card and two table cards that do not make the target."""
    state = game.state
    table = state.table[:2]
    for card in state.hands[PUPIL]:
        total = VALUE[card] + sum(VALUE[c] for c in table)
        if total != state.target:
            return card, table
    raise AssertionError("every hand card makes the target")


def test_r5_4_the_running_sum_grows_as_the_pupil_taps(client, db, pupil):
    game = new_game(GameSettings(("random",)), seed=21)
    game_id = start(client, db, pupil, game)
    hand_card, table = wrong_capture(game)
    response = tap(client, game_id, table[0])
    assert "Now tap a card in your hand." in html(response)
    response = tap(client, game_id, hand_card)
    a, b = VALUE[hand_card], VALUE[table[0]]
    assert f"{a} plus {b} is {a + b}" in html(response)
    assert json.loads(response.headers["HX-Trigger"])["game-picked"] == {"hand": hand_card, "table": [table[0]]}
    response = tap(client, game_id, table[1])
    c = VALUE[table[1]]
    assert f"{a} plus {b} is {a + b}, plus {c} is {a + b + c}" in html(response)
    response = tap(client, game_id, hand_card)  # tapped again: let go
    assert json.loads(response.headers["HX-Trigger"])["game-picked"] == {"hand": None, "table": list(table)}


def test_r5_2_a_wrong_sum_is_refused_with_its_running_sum_and_nothing_changes(client, db, pupil):
    game = new_game(GameSettings(("random",)), seed=21)
    game_id = start(client, db, pupil, game)
    hand_card, table = wrong_capture(game)
    before = stored(db, game_id)
    tap(client, game_id, hand_card, *table)
    response = client.post(f"/games/{game_id}/move", data={"kind": "take", "decision_ms": "1500"}, headers=HX)
    assert response.status_code == 400
    a, b, c = VALUE[hand_card], VALUE[table[0]], VALUE[table[1]]
    target = game.state.target
    assert (
        f"{a} plus {b} is {a + b}, plus {c} is {a + b + c} — not {target}. Try other cards, or put a card down."
        in html(response)
    )
    assert response.headers["HX-Retarget"] == "#pick-status"
    assert stored(db, game_id) == before
    # The selection stays, so the pupil can change it.
    assert f"{a} plus {b} is {a + b}" in html(tap(client, game_id, table[1]))


@pytest.mark.parametrize(
    "taps, kind, message",
    [
        ((), "take", "First tap a card in your hand."),
        ((), "lay", "First tap a card in your hand."),
        (("hand",), "take", "a card from your hand alone never takes anything"),  # D5
    ],
)
def test_take_and_lay_need_the_right_cards_tapped(client, db, pupil, taps, kind, message):
    game = new_game(GameSettings(("random",)), seed=21)
    game_id = start(client, db, pupil, game)
    before = stored(db, game_id)
    tap(client, game_id, *[game.state.hands[PUPIL][0] for _ in taps])
    response = client.post(f"/games/{game_id}/move", data={"kind": kind})
    assert response.status_code == 400 and message in html(response)
    assert stored(db, game_id) == before


def test_a_capture_is_stored_with_its_analysis_and_the_record_replays(client, db, pupil):
    game = find_game(
        lambda g: (
            g.pupil_to_act
            and g.state.phase is Phase.START
            and solve(g.state.hands[PUPIL], g.state.table, g.state.target)
        )
    )
    game_id = start(client, db, pupil, game)
    client.get(f"/games/{game_id}")  # the board is drawn: the server's clock starts
    capture = solve(game.state.hands[PUPIL], game.state.table, game.state.target)[0]
    response = play(client, game_id, Play(capture.play, capture.capture), decision_ms=4200)
    assert response.status_code == 200
    assert "You played " in html(response) and " and took " in html(response)
    move = game_moves.of_game(db, game_id)[0]
    assert move["decision_ms"] == 4200 and move["server_ms"] is not None and move["server_ms"] >= 0
    assert move["points"] == capture.points and move["captures_available"] >= 1
    assert move["missed_capture"] == 0
    analysis = json.loads(move["analysis"])
    assert analysis["play"] == capture.play and analysis["capture"] == list(capture.capture)
    row = row_of(db, game_id)
    state = load(db, pupil["pupil_id"], game_id).state
    assert replay_round(json.loads(row["record"])).won == state.won


def test_a_lay_with_a_capture_on_the_table_is_a_missed_capture(client, db, pupil):
    game = find_game(
        lambda g: (
            g.pupil_to_act
            and g.state.phase is Phase.START
            and solve(g.state.hands[PUPIL], g.state.table, g.state.target)
        )
    )
    game_id = start(client, db, pupil, game)
    play(client, game_id, Play(game.state.hands[PUPIL][0]), decision_ms="nonsense")
    move = game_moves.of_game(db, game_id)[0]
    assert move["missed_capture"] == 1 and move["points"] == 0 and move["decision_ms"] is None


# ---------------------------------------------------------------- action cards (R7)


def test_r7_2_the_joker_moves_the_magic_number_and_only_one_action_card_per_turn(client, db, pupil):
    game = find_game(pupil_may("joker"))
    game_id = start(client, db, pupil, game)
    board = html(client.get(f"/games/{game_id}"))
    assert "Joker +1" in board and "Joker −1" in board
    response = client.post(f"/games/{game_id}/move", data={"kind": "joker", "delta": "-1"}, headers=HX)
    page = html(response)
    target = game.state.target - 1
    assert f"You used the Joker: the magic number is {target} this turn." in page
    assert f"With the Joker: {target}" in page and "(used)" in page
    before = stored(db, game_id)
    response = client.post(f"/games/{game_id}/move", data={"kind": "joker", "delta": "1"}, headers=HX)
    assert response.status_code == 400 and "You cannot use that action card now." in html(response)
    assert stored(db, game_id) == before
    assert load(db, pupil["pupil_id"], game_id).state.phase is Phase.PLAY


def test_r7_1_the_thief_robs_the_chosen_bot_and_the_card_goes_to_the_table(client, db, pupil):
    game = find_game(pupil_may("thief"), GameSettings(("random", "random")))
    game_id = start(client, db, pupil, game)
    victims = sorted({m.victim for m in legal_moves(game.state) if isinstance(m, UseThief)})
    assert "Thief: steal from Hedgehog" in html(client.get(f"/games/{game_id}"))  # random plays as the Hedgehog
    response = client.post(f"/games/{game_id}/move", data={"kind": "thief", "victim": str(victims[-1])}, headers=HX)
    after = load(db, pupil["pupil_id"], game_id).state
    seat, move = next((s, m) for s, m in after.log if isinstance(m, UseThief) and s == PUPIL)
    assert move.victim == victims[-1] and after.table[-1] == move.stolen
    assert f"You used the Thief on {seat_names(game.settings.bots)[victims[-1]]}" in html(response)


@pytest.mark.parametrize("victim", ["0", "9", "-1", "x"])
def test_r7_1_a_thief_on_nobody_or_on_yourself_is_refused(client, db, pupil, victim):
    game = find_game(pupil_may("thief"))
    game_id = start(client, db, pupil, game)
    before = stored(db, game_id)
    response = client.post(f"/games/{game_id}/move", data={"kind": "thief", "victim": victim})
    assert response.status_code == 400
    assert stored(db, game_id) == before


def test_r7_3_the_shifter_turns_the_top_card_up_and_changes_the_magic_number(client, db, pupil):
    game = find_game(pupil_may("shifter"))
    game_id = start(client, db, pupil, game)
    top = game.state.deck[0]
    response = client.post(f"/games/{game_id}/move", data={"kind": "shifter"}, headers=HX)
    after = load(db, pupil["pupil_id"], game_id).state
    assert after.table[-1] == top
    assert f"the magic number is now {after.target}" in html(response)


def test_r7_4_a_bots_bomb_makes_the_pupil_choose_a_card_to_give_up(client, db, pupil):
    game = find_game(bomb_hits_pupil, GameSettings(("random",) * 3))
    game_id = start(client, db, pupil, game)
    page = html(client.get(f"/games/{game_id}?step=end"))
    assert "used the Bomb" in page and "Boom! A Bomb: choose a card from your hand" in page
    card = game.state.hands[PUPIL][-1]
    assert f'aria-label="Give up {card_words(card)}"' in page
    before = stored(db, game_id)
    tap(client, game_id, game.state.hands[PUPIL][0])
    response = client.post(f"/games/{game_id}/move", data={"kind": "lay"})
    assert response.status_code == 400 and stored(db, game_id) == before
    response = client.post(f"/games/{game_id}/move", data={"kind": "discard", "card": card}, headers=HX)
    assert response.status_code == 200
    after = load(db, pupil["pupil_id"], game_id).state
    assert (PUPIL, Discard(card)) in after.log and card not in after.hands[PUPIL]
    assert game_moves.of_game(db, game_id) == []  # a discard is not a play to analyse


def card_words(card):
    names = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}
    return f"{names[card[0]]} {VALUE[card]}"


# ---------------------------------------------------------------- the story of the bots' turns


def test_bots_turns_are_shown_one_by_one_and_can_be_skipped(app, client, db, pupil):
    game = find_game(lambda g: g.pupil_to_act and len(g.news()) >= 3, GameSettings(("random",) * 3))
    game_id = store_game(db, pupil["pupil_id"], game)
    first = html(client.get(f"/games/{game_id}"))  # not yet watched: from the start
    assert 'hx-trigger="load delay:' in first and ">Skip<" in first
    told = story(game)
    assert first.count('class="news-item') == len(told.mine)  # step 0: the pupil's own move
    second = html(client.get(f"/games/{game_id}?step=1", headers=HX))
    assert second.count('class="news-item') == len(told.mine) + 1
    assert second.count("news--latest") == 1 and "data-decision" not in second
    assert step_text_of(app, told.later[0], game.settings.bots) in second
    # The live region outside the board reads the newest move out.
    assert second.split('<div id="game-live" hx-swap-oob="innerHTML">')[1].startswith(
        step_text_of(app, told.later[0], game.settings.bots)
    )
    live = html(client.get(f"/games/{game_id}?step=end", headers=HX))
    assert "data-decision" in live and 'hx-trigger="load delay:' not in live
    assert live.count('class="news-item') == len(told.mine) + len(told.later)
    # Once watched, a reload goes straight to the board.
    assert 'hx-trigger="load delay:' not in html(client.get(f"/games/{game_id}"))


def step_text_of(app, step, bots):
    """The English sentence of a story step, escaped as the page shows it, the bots named by
    their animals (issue 15.6)."""
    with app.test_request_context():
        names = seat_names(bots)
        return str(escape(step_text(step, name_of=lambda seat: names[seat])))


def test_d7_a_lost_turn_is_explained(client, db, pupil):
    game = find_game(turn_lost_since_pupil)
    game_id = start(client, db, pupil, game)
    page = html(client.get(f"/games/{game_id}?step=end"))
    assert "so that turn was lost" in page or "they pass" in page


def test_r1_4_an_empty_pile_is_explained_as_the_blue_7(client, db, pupil):
    game = find_game(lambda g: g.pupil_to_act and not g.state.deck and not g.state.over)
    game_id = start(client, db, pupil, game)
    page = html(client.get(f"/games/{game_id}?step=end"))
    assert "No cards left in the pile: the magic number is 7 now." in page
    assert "0 cards in the pile" in page


# ---------------------------------------------------------------- rounds and matches (R2, R3.2, R8)


def finish(client, db, pupil_id, game_id, rounds=1):
    """Plays the pupil's turns through the web app (the first legal move each time)."""
    for _ in range(500):
        game = load(db, pupil_id, game_id)
        if game.over or (game.round_over and rounds == 1):
            return game
        if game.round_over:
            rounds -= 1
            assert client.post(f"/games/{game_id}/next", headers=HX).status_code == 200
            continue
        assert play(client, game_id, legal_moves(game.state)[-1]).status_code == 200
    raise AssertionError("the game did not end")


def test_r2_the_score_screen_shows_each_players_cards_and_points_as_replay_counts_them(client, db, pupil):
    game_id = start(client, db, pupil, new_game(GameSettings(("random", "random")), seed=5))
    game = finish(client, db, pupil["pupil_id"], game_id)
    row = row_of(db, game_id)
    assert row["status"] == "finished" and row["pupil_points"] == game.state.scores()[PUPIL]
    result = replay_result(replay_round(json.loads(row["record"])))
    assert result["finished"]
    page = html(client.get(f"/games/{game_id}?step=end"))
    assert "Points this round" in page
    shown = [int(part.split("</td>")[0]) for part in page.split('<td class="points">')[1:]]
    assert shown == result["scores"]
    assert ("You won!" in page) == (row["winner"] == PUPIL)
    assert "Play again" in page and "Next round" not in page


def test_r8_a_match_goes_on_with_the_next_dealer_until_it_is_won(client, db, pupil):
    game_id = start(client, db, pupil, new_game(GameSettings(("random",), length="short"), seed=8))
    game = finish(client, db, pupil["pupil_id"], game_id, rounds=1)
    page = html(client.get(f"/games/{game_id}?step=end"))
    assert ">Match<" in page
    if not game.over:
        dealer = game.match.next_dealer
        assert "Round 1 is over" in page
        assert ("Next round: you deal." if dealer == PUPIL else "Next round: Hedgehog deals.") in page
    game = finish(client, db, pupil["pupil_id"], game_id, rounds=99)
    record = json.loads(row_of(db, game_id)["record"])
    result = replay_match(record)
    assert result["finished"] and result["totals"] == game.match.totals and result["winner"] == game.winner
    dealers = [r["dealer"] for r in record["rounds"]]
    assert dealers == [(dealers[0] + k) % 2 for k in range(len(dealers))]  # R3.2
    assert row_of(db, game_id)["winner"] == game.winner


def test_next_round_is_refused_while_the_round_is_on(client, db, pupil):
    game_id = start(client, db, pupil, new_game(GameSettings(("random",), length="short"), seed=8))
    before = stored(db, game_id)
    response = client.post(f"/games/{game_id}/next")
    assert response.status_code == 409 and "The round is not over yet." in html(response)
    assert stored(db, game_id) == before


# ---------------------------------------------------------------- hints (issue 6.7)


def test_a_hint_highlights_a_capture_and_its_use_is_recorded(client, db, pupil):
    game = find_game(
        lambda g: (
            g.pupil_to_act
            and g.state.phase is Phase.START
            and solve(g.state.hands[PUPIL], g.state.table, g.state.target)
        )
    )
    game_id = start(client, db, pupil, game)
    response = client.post(f"/games/{game_id}/hint", headers=HX)
    page = html(response)
    assert "Try this:" in page and "card-button--hint" in page and "(hint)" in page
    assert "Try this:" in html(client.get(f"/games/{game_id}?step=end"))  # it stays for this turn
    play(client, game_id, Play(game.state.hands[PUPIL][0]))
    assert game_moves.of_game(db, game_id)[0]["hint_used"] == 1


def test_without_a_hint_the_play_is_recorded_as_unaided(client, db, pupil):
    game_id = start(client, db, pupil, new_game(GameSettings(("random",)), seed=3))
    game = load(db, pupil["pupil_id"], game_id)
    play(client, game_id, Play(game.state.hands[PUPIL][0]))
    assert game_moves.of_game(db, game_id)[0]["hint_used"] == 0


@pytest.mark.parametrize("when", ["before the game", "during the game"])
def test_hints_switched_off_for_the_class_are_not_offered_or_given(client, db, pupil, when):
    if when == "before the game":
        game_id = start(client, db, pupil, new_game(GameSettings(("random",), hints=False), seed=3))
    else:
        game_id = start(client, db, pupil, new_game(GameSettings(("random",)), seed=3))
        game_limits.put(db, pupil["class_id"], ClassLimits(hints=False))
    assert "Show me a capture" not in html(client.get(f"/games/{game_id}?step=end"))
    before = stored(db, game_id)
    response = client.post(f"/games/{game_id}/hint")
    assert response.status_code == 403 and "Hints are switched off" in html(response)
    assert stored(db, game_id) == before


# ---------------------------------------------------------------- saving, resuming, stopping


def test_a_game_resumes_after_a_new_login_from_the_pupils_page(client, db, make, pupil, pupil_auth):
    game_id = start(client, db, pupil, new_game(GameSettings(("random",)), seed=3))
    game = load(db, pupil["pupil_id"], game_id)
    play(client, game_id, Play(game.state.hands[PUPIL][0]))
    saved = load(db, pupil["pupil_id"], game_id)
    client.post("/logout")
    pupil_auth.login(pupil["class_id"], pupil["pupil_id"])
    home = html(client.get("/me"))
    assert "Continue your game" in home
    assert client.post("/me/play").headers["Location"] == f"/games/{game_id}"
    page = html(client.get(f"/games/{game_id}?step=end"))
    for card in saved.state.hands[PUPIL]:
        assert f'data-pick-card="{card}"' in page
    assert load(db, pupil["pupil_id"], game_id).state == saved.state


def test_a_move_from_a_stale_window_is_refused_and_changes_nothing(db, pupil):
    game_id = store_game(db, pupil["pupil_id"], new_game(GameSettings(("random",)), seed=3))
    row = games.get_for_pupil(db, pupil["pupil_id"], game_id)
    from trainer.games.service import decide

    game = games.load(row)
    first, _ = decide(game, legal_moves(game.state)[0])
    second, analysis = decide(game, legal_moves(game.state)[-1])
    assert games.save(db, row, first, now=time.time())
    before = stored(db, game_id)
    assert not games.save(db, row, second, analysis, now=time.time())
    assert stored(db, game_id) == before


def test_a_stopped_game_takes_no_more_moves(client, db, pupil):
    game_id = start(client, db, pupil, new_game(GameSettings(("random",)), seed=3))
    assert client.post(f"/games/{game_id}/stop").status_code == 303
    assert row_of(db, game_id)["status"] == "abandoned"
    before = stored(db, game_id)
    game = load(db, pupil["pupil_id"], game_id)
    response = play(client, game_id, Play(game.state.hands[PUPIL][0]))
    assert response.status_code == 409 and "This game is over." in html(response)
    assert stored(db, game_id) == before
    assert "You stopped this game." in html(client.get(f"/games/{game_id}"))
    assert "Continue your game" not in html(client.get("/me"))


def test_a_pupils_games_are_in_their_data_export(client, db, pupil, auth, make):
    from trainer.store import pupil_export

    game_id = start(client, db, pupil, new_game(GameSettings(("random",)), seed=3))
    game = load(db, pupil["pupil_id"], game_id)
    play(client, game_id, Play(game.state.hands[PUPIL][0]))
    exported = pupil_export.export(db, pupil["pupil_id"])["games"]
    assert exported["games"][0]["record"]["format"] == "tweak-round/1"
    assert exported["moves"][0]["analysis"]["play"] == game.state.hands[PUPIL][0]


def test_r7_2_a_hint_may_be_a_joker_that_opens_a_capture(client, db, pupil):
    from trainer.bots.hint import hint
    from trainer.engine.view import view_of

    def joker_hint(g):
        if not (g.pupil_to_act and g.state.phase is Phase.START):
            return False
        reason = hint(view_of(g.state, PUPIL), "casual").reason
        return reason.kind == "joker" and reason.params.get("then")

    game = find_game(joker_hint, GameSettings(("random", "random")))
    game_id = start(client, db, pupil, game)
    page = html(client.post(f"/games/{game_id}/hint", headers=HX))
    assert "Use the Joker (" in page and "Try this:" in page and "card-button--hint" in page


def test_r7_4_while_the_bomb_waits_a_play_or_a_hint_is_refused_on_the_board(client, db, pupil):
    game = find_game(bomb_hits_pupil, GameSettings(("random",) * 3))
    game_id = start(client, db, pupil, game)
    before = stored(db, game_id)
    for kind in ("lay", "take", "shifter"):
        response = client.post(f"/games/{game_id}/move", data={"kind": kind}, headers=HX)
        assert response.status_code == 400 and "HX-Retarget" not in response.headers
        assert "The Bomb! First choose a card from your hand" in html(response)
    response = client.post(f"/games/{game_id}/hint", headers=HX)
    assert response.status_code == 409 and "The Bomb! First choose a card" in html(response)
    assert stored(db, game_id) == before


def test_r9_no_page_of_the_story_shows_a_bots_hand_or_the_pile(client, db, pupil):
    import re

    game = find_game(lambda g: g.pupil_to_act and len(g.news()) >= 3, GameSettings(("random",) * 3))
    game_id = store_game(db, pupil["pupil_id"], game)
    from trainer.games.story import story as told

    steps = told(game).later
    # Frame 0 shows the round right after the pupil's move; frame k tells the k-th move after
    # it (issue 15.6), whose own cards are public once played (R9); then the board as it is.
    frames = [(0, steps[0].before, steps[0].before, ())]
    frames += [(k, s.before, s.after, _cards_of(s.move)) for k, s in enumerate(steps, start=1)]
    frames += [("end", game.state, game.state, ())]
    for step, before, after, played in frames:
        page = html(client.get(f"/games/{game_id}?step={step}", headers=HX))
        shown = set(re.findall(r'data-(?:pick-)?card="(\w+)"', page))
        hidden = set(after.deck).union(*(after.hands[s] for s in range(1, after.players)))
        assert shown and not shown & hidden, step
        assert shown <= set(before.table) | set(after.table) | set(after.hands[PUPIL]) | set(played)


def _cards_of(move):
    return (move.card, *move.capture) if isinstance(move, Play) else ()


def test_taps_are_kept_with_the_game_not_the_cookie(client, db, pupil):
    """A response that was already on its way (a board refresh, a second tab) carries an
    older session cookie; it must not undo a tap made meanwhile."""
    game = new_game(GameSettings(("random",)), seed=21)
    game_id = start(client, db, pupil, game)
    hand_card, table = wrong_capture(game)
    tap(client, game_id, hand_card)
    name = next(n for n in ("tweak_session", "__Host-tweak_session") if client.get_cookie(n))
    old_cookie = client.get_cookie(name)
    tap(client, game_id, table[0])
    client.set_cookie(name, old_cookie.value)  # the older cookie comes back, as a late response sets it
    a, b, c = VALUE[hand_card], VALUE[table[0]], VALUE[table[1]]
    assert f"{a} plus {b} is {a + b}, plus {c} is {a + b + c}" in html(tap(client, game_id, table[1]))
    # A move lets the tapped cards go: the next position starts with none chosen.
    tap(client, game_id, *table)
    assert client.post(f"/games/{game_id}/move", data={"kind": "lay"}, headers=HX).status_code == 200
    assert row_of(db, game_id)["pick"] is None
