"""A move from an old tab (issue 15.7): every move form carries the position it was made on
and a token naming the page. A move made on a position the game has left is refused kindly
and changes nothing; the same page posting the move it just made again (a double tap) is shown
the game as it is, the move applied once; a post without a version is judged by the rules
alone (an old page from before this change)."""

import re

import pytest

from game_helpers import HX, html, tap
from trainer.games.service import PUPIL, new_game
from trainer.games.settings import GameSettings
from trainer.store import games

MOVED_ON = "The game moved on — here it is now."


def a_tab(client, game_id) -> dict:
    """The hidden fields of the board's move form, as one open tab holds them."""
    page = html(client.get(f"/games/{game_id}?step=end"))
    version = re.search(r'name="version" value="([^"]+)"', page).group(1)
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)
    return {"version": version, "token": token}


def stored(db, game_id):
    row = next(db.query("SELECT * FROM games WHERE id = ?", [game_id]))
    # Serving a board starts its turn's clock (turn_key, turn_shown_at): bookkeeping, not the game.
    row = {k: v for k, v in row.items() if k not in ("pick", "turn_key", "turn_shown_at")}
    return row, db.execute("SELECT * FROM game_moves WHERE game_id = ?", [game_id]).fetchall()


def a_game(db, pupil, seed=21):
    game = new_game(GameSettings(("random",)), seed=seed)
    assert game.pupil_to_act
    return game, games.create(db, pupil["pupil_id"], game, 0.0)


def lay(client, game_id, card, tab):
    client.post(f"/games/{game_id}/tap", data={"clear": "1", **tab}, headers=HX)
    client.post(f"/games/{game_id}/tap", data={"tap": card, **tab}, headers=HX)
    return client.post(f"/games/{game_id}/move", data={"kind": "lay", **tab}, headers=HX)


def test_every_move_form_on_the_board_carries_the_version_and_a_token(client, db, pupil):
    _, game_id = a_game(db, pupil)
    page = html(client.get(f"/games/{game_id}?step=end"))
    forms = re.findall(r"<form[^>]*games/%d/(?:tap|move|next)[^>]*>(.*?)</form>" % game_id, page, re.S)
    assert forms and all('name="version"' in f and 'name="token"' in f for f in forms)
    # A fresh token per page: two tabs can be told apart.
    assert a_tab(client, game_id)["token"] != a_tab(client, game_id)["token"]


def test_a_move_from_an_old_tab_is_refused_kindly_and_changes_nothing(client, db, pupil):
    game, game_id = a_game(db, pupil)
    old, new = a_tab(client, game_id), a_tab(client, game_id)
    hand = game.state.hands[PUPIL]
    assert lay(client, game_id, hand[0], new).status_code == 200  # the newer tab moves
    before = stored(db, game_id)
    # The old tab still shows the first position: its tap and its move are both refused.
    for data in ({"tap": hand[1]}, {"clear": "1"}):
        response = client.post(f"/games/{game_id}/tap", data={**data, **old}, headers=HX)
        assert response.status_code == 409 and MOVED_ON in html(response)
        assert response.headers["HX-Retarget"] == "#game"  # the whole board, as it is now
        assert stored(db, game_id) == before
    response = client.post(f"/games/{game_id}/move", data={"kind": "lay", **old}, headers=HX)
    assert response.status_code == 409 and MOVED_ON in html(response)
    assert 'id="game"' in html(response) and 'name="version" value="%s"' % old["version"] not in html(response)
    assert stored(db, game_id) == before
    # Without JavaScript the same: the page comes back with the message, nothing changed.
    response = client.post(f"/games/{game_id}/move", data={"kind": "lay", **old})
    assert response.status_code == 409 and MOVED_ON in html(response)
    assert stored(db, game_id) == before


def test_a_double_tap_of_the_same_page_is_applied_once(client, db, pupil):
    game, game_id = a_game(db, pupil)
    tab = a_tab(client, game_id)
    card = game.state.hands[PUPIL][0]
    assert lay(client, game_id, card, tab).status_code == 200
    after_first = stored(db, game_id)
    response = client.post(f"/games/{game_id}/move", data={"kind": "lay", **tab}, headers=HX)
    assert response.status_code == 200 and MOVED_ON not in html(response)
    assert stored(db, game_id) == after_first
    assert len(after_first[1]) == 1


def test_a_post_without_a_version_is_judged_by_the_rules_alone(client, db, pupil):
    game, game_id = a_game(db, pupil)
    card = game.state.hands[PUPIL][0]
    tap(client, game_id, card)
    response = client.post(f"/games/{game_id}/move", data={"kind": "lay"}, headers=HX)
    assert response.status_code == 200
    assert len(stored(db, game_id)[1]) == 1


@pytest.mark.parametrize("version", ["", "x" * 500, "0:99999", "../../", "0:0\x00"])
def test_a_forged_version_is_refused_without_an_error(client, db, pupil, version):
    game, game_id = a_game(db, pupil)
    before = stored(db, game_id)
    response = client.post(
        f"/games/{game_id}/move", data={"kind": "lay", "version": version, "token": "t" * 99}, headers=HX
    )
    assert response.status_code == 409 and MOVED_ON in html(response)
    assert stored(db, game_id) == before
