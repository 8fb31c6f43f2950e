"""The game pages at a glance: one h1, labelled fields, unique ids; every card with its colour
as a word and a button name, and the bots' moves in a live region."""

import re

from game_helpers import bomb_hits_pupil, find_game, pupil_may, store_game
from page_checks import assert_accessible_at_a_glance
from trainer.games.service import new_game
from trainer.games.settings import GameSettings


def pages(client, auth, make, db, pupil_auth):
    class_id = make.klass(auth.login_new_teacher())
    html = {"/classes/games": client.get(f"/classes/{class_id}/games").get_data(as_text=True)}
    client.post("/logout")
    pupil_id = make.pupil(class_id, "Noor")
    pupil_auth.login(class_id, pupil_id)
    html["/games/new"] = client.get("/games/new").get_data(as_text=True)
    html["/me"] = client.get("/me").get_data(as_text=True)
    for name, game in [
        ("joker", find_game(pupil_may("joker"), GameSettings(("random", "random")))),
        ("bomb", find_game(bomb_hits_pupil, GameSettings(("random",) * 3))),
        ("story", new_game(GameSettings(("random",) * 5), seed=2)),
    ]:
        game_id = store_game(db, pupil_id, game)
        html[f"/games/{name}/story"] = client.get(f"/games/{game_id}?step=0").get_data(as_text=True)
        html[f"/games/{name}"] = client.get(f"/games/{game_id}?step=end").get_data(as_text=True)
    return html


def test_every_game_page_is_accessible_at_a_glance(client, auth, make, db, pupil_auth):
    for path, html in pages(client, auth, make, db, pupil_auth).items():
        assert_accessible_at_a_glance(path, html)


def test_every_card_button_has_a_name_with_its_colour_and_value(client, auth, make, db, pupil_auth):
    html = pages(client, auth, make, db, pupil_auth)
    board = html["/games/joker"]
    buttons = re.findall(r'<button[^>]*data-pick-card="(\w+)"[^>]*aria-label="([^"]+)"', board)
    assert buttons
    names = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}
    for card, label in buttons:
        assert label.startswith(f"{names[card[0]]} {card[1]}")
    assert 'id="game-live" class="visually-hidden" role="status" aria-live="polite"' in board
    assert 'id="pick-status" class="pick-status" aria-live="polite"' in board
    assert re.search(r'aria-label="Give up (red|orange|yellow|green|blue|purple) \d"', html["/games/bomb"])
