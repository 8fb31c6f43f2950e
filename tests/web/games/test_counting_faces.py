"""Faces for counting (issue 49.4): every card a pupil sees has dots or a ten-frame when the
teacher chose them for that pupil ("What <name> needs"), on a bot game's board, a family table,
a class table and "Check our table"; a classmate at the same table, and every pupil without
the setting, sees the plain faces. The number line under the table, with the running sum of
the cards chosen, is on the board of the pupil who has it only."""

import re

import pytest

from classplay_helpers import current, pupils_logged_in, seated_table
from game_helpers import store_game, tap
from trainer.games.service import new_game
from trainer.games.settings import GameSettings
from trainer.store import class_tables, drills

CARD = '<span class="card card--'


def faces(html: str, kind: str) -> int:
    """How many cards the page draws, after checking each has the face `kind` (None: none has one)."""
    cards = html.count(CARD)
    assert cards, "no card on the page"
    drawn = html.count('<svg class="card-count card-count--')
    if kind is None:
        assert drawn == 0 and "card--counting" not in html
    else:
        assert html.count(f'<svg class="card-count card-count--{kind}"') == drawn == cards
    return cards


def needs(db, pupil_id, faces="digits", number_line=False):
    drills.set_needs(
        db, pupil_id, extra_time_s=0, read_aloud=False, no_timer=False, card_faces=faces, number_line=number_line
    )


def a_bot_game(client, db, pupil):
    game = new_game(GameSettings(bots=("beginner",), length="round"), seed=7)
    game_id = store_game(db, pupil["pupil_id"], game)
    return game_id, client.get(f"/games/{game_id}?step=end").get_data(as_text=True)


@pytest.mark.parametrize("kind", ["dots", "ten-frame"])
def test_a_bot_games_board_counts_for_the_pupil_who_has_it(client, db, pupil, kind):
    needs(db, pupil["pupil_id"], kind)
    _game_id, html = a_bot_game(client, db, pupil)
    assert faces(html, kind) >= 4
    # Decorative: the card's button already says "red 3".
    assert re.search(r'<svg class="card-count[^>]*aria-hidden="true" focusable="false"', html)


def test_a_pupil_without_the_setting_sees_the_plain_faces(client, db, pupil):
    _game_id, html = a_bot_game(client, db, pupil)
    faces(html, None)
    assert "data-number-line" not in html


def test_the_number_line_shows_the_sum_of_the_cards_chosen(client, db, pupil):
    needs(db, pupil["pupil_id"], number_line=True)
    game_id, html = a_bot_game(client, db, pupil)
    faces(html, None)  # the number line alone, without dots
    target = int(re.search(r'data-target="(\d+)"', html).group(1))
    assert f'<p class="number-line-words" data-number-line-words>0 of {target}</p>' in html
    assert html.count('<li class="number-line-step') == target + 1
    hand = re.findall(r'<div class="cards-row hand-cards">.*?data-pick-card="([^"]+)"', html, re.S)[0]
    tap(client, game_id, hand)
    again = client.get(f"/games/{game_id}?step=end").get_data(as_text=True)
    value = int(re.search(r'data-pick-card="%s".*?<span class="card-value">(\d+)' % hand, again, re.S).group(1))
    assert f"data-number-line-words>{value} of {target}</p>" in again
    assert re.search(r'number-line-step--reached number-line-step--here"[^>]*>%d</li>' % value, again)
    # The words come translated, and the page's script is handed them to fill in.
    assert 'data-words="%(sum)s of %(target)s"' in again


def test_a_family_table_counts_for_the_child_whose_tablet_it_is(client, db, pupil):
    needs(db, pupil["pupil_id"], "dots")
    started = client.post("/games/family/new", data={"length": "round", "name2": "Anna"})
    game_id = int(started.headers["Location"].rstrip("/").split("/")[-1])
    html = client.get(f"/games/family/{game_id}").get_data(as_text=True)
    if "Pass the tablet to" in html:
        version = re.search(r'name="version" value="([^"]+)"', html).group(1)
        client.post(f"/games/family/{game_id}/ready", data={"version": version})
        html = client.get(f"/games/family/{game_id}").get_data(as_text=True)
    assert faces(html, "dots") >= 3


def test_check_our_table_counts_on_all_54_cards(client, db, pupil):
    needs(db, pupil["pupil_id"], "ten-frame")
    html = client.get("/games/check-table").get_data(as_text=True)
    assert faces(html, "ten-frame") >= 54


def test_at_a_class_table_only_the_child_with_the_setting_sees_dots(app, db, make):
    class_id = make.klass(make.teacher(email="faces@school.example"), "Faces class")
    pupils = pupils_logged_in(app, make, class_id, count=2)
    table_id = seated_table(db, pupils, seats=2, with_bots=False)
    (counting, counting_client), (other, other_client) = pupils
    needs(db, counting, "dots", number_line=True)
    _row, game = current(db, table_id)
    first = {p: client.get(f"/play/tables/{table_id}").get_data(as_text=True) for p, client in pupils}
    faces(first[counting], "dots")
    faces(first[other], None)
    to_move = next(p for p, _c in pupils if class_tables.seat_of(db, table_id, p) == game.state.current_player)
    assert ("data-number-line" in first[to_move]) == (to_move == counting)
    assert "data-number-line" not in first[other]
