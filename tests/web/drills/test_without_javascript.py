"""The puzzle screen works as plain forms: each tap is a post, kept in the session until Done."""

import html
import re

from drill_helpers import CURATED, DrillWorld

RULES_ALL = next(
    p for p in CURATED if p.kind == "all" and p.focus == "hand" and p.position.target == 9 and len(p.answer) == 3
)
JOKER = next(p for p in CURATED if p.kind == "joker" and p.position.target == 7)


def page(client) -> str:
    return html.unescape(client.get("/practice").get_data(as_text=True))


def start_with(client, db, make, puzzle):
    world = DrillWorld(client, db, make, bank=[puzzle])
    world.login()
    world.set_drill(puzzles=3, kinds=[puzzle.kind])
    world.next()
    attempt = world.pending()
    world.age(attempt["id"], 30)
    return world, attempt["id"]


def pressed(shown) -> list[str]:
    return re.findall(r'<button[^>]*data-card="(\w+)"[^>]*aria-pressed="true"', shown)


def post(client, attempt_id, **fields):
    response = client.post("/practice/answer", data={"attempt": attempt_id, **fields})
    assert response.status_code == 303
    return page(client)


def test_taps_build_combinations_with_a_running_sum_until_done(client, db, make):
    world, attempt_id = start_with(client, db, make, RULES_ALL)
    shown = post(client, attempt_id, tap="G2a")
    assert 'value="G2a" class="card-button" data-card="G2a" data-value="2"' in shown
    for card in ("R1a", "O3a", "Y3a"):
        shown = post(client, attempt_id, tap=card)
    assert "2 plus 1 is 3, plus 3 is 6, plus 3 is 9" in shown
    assert pressed(shown) == ["R1a", "O3a", "Y3a", "G2a"]
    shown = post(client, attempt_id, action="add")
    assert pressed(shown) == [] and "Remove" in shown
    post(client, attempt_id, tap="P6")
    shown = post(client, attempt_id, action="add")
    assert "Take at least one card from the table." in shown  # D5: no capture without a table card
    post(client, attempt_id, tap="O3a")
    post(client, attempt_id, action="add")
    post(client, attempt_id, tap="P6")
    post(client, attempt_id, tap="Y3a")
    shown = post(client, attempt_id, action="done")
    row = world.stored(attempt_id)
    assert row["correct"] == 1 and len(row["submitted"]) == 3
    assert row["flags"] == ["no_client_time"] and row["client_ms"] is None and row["input_kind"] is None
    assert "You found them all." in shown


def test_a_second_hand_card_replaces_the_first_and_a_tap_again_takes_a_card_back(client, db, make):
    world, attempt_id = start_with(client, db, make, RULES_ALL)
    post(client, attempt_id, tap="B4")
    post(client, attempt_id, tap="R1a")
    post(client, attempt_id, tap="P6")
    shown = post(client, attempt_id, tap="R1a")
    assert pressed(shown) == ["P6"] and "6</p>" in shown


def test_a_joker_needs_its_choice_first(client, db, make):
    world, attempt_id = start_with(client, db, make, JOKER)
    best = JOKER.answer[0]
    for card in (best.play, *best.capture):
        post(client, attempt_id, tap=card)
    shown = post(client, attempt_id, action="done")
    assert "Choose −1, 0 or +1 for your Joker first." in shown
    assert world.stored(attempt_id)["answered_at"] is None
    post(client, attempt_id, delta=str(best.target - JOKER.position.target))
    post(client, attempt_id, action="done")
    assert world.stored(attempt_id)["correct"] == 1


def test_done_before_anything_is_entered_asks_for_cards(client, db, make):
    world, attempt_id = start_with(client, db, make, JOKER)
    shown = post(client, attempt_id, action="done")
    assert "Tap the cards of a combination first." in shown and world.stored(attempt_id)["answered_at"] is None
    post(client, attempt_id, action="pass")
    assert world.stored(attempt_id)["outcome"]["passed"]


def test_a_card_that_is_not_in_the_puzzle_is_refused(client, db, make):
    world, attempt_id = start_with(client, db, make, RULES_ALL)
    response = client.post("/practice/answer", data={"attempt": attempt_id, "tap": "P5"})
    assert response.status_code == 400 and world.stored(attempt_id)["answered_at"] is None
