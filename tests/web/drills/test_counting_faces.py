"""A drill's puzzle for a pupil who counts (issue 49.4): every card on it, the points key's and
those handed out ahead too, has the dots the teacher chose, and the number line under the
table goes from 0 to the target (one further for a Joker's +1), at 0 before a card is tapped."""

import re

from trainer.store import drills


def _page(world):
    world.first_puzzle()
    return world.client.get("/practice").get_data(as_text=True)


def test_every_card_of_the_puzzle_has_dots(world):
    drills.set_needs(world.db, world.pupil_id, extra_time_s=0, read_aloud=False, no_timer=False, card_faces="dots")
    page = _page(world)
    cards = page.count('<span class="card card--')
    assert cards >= 3
    assert page.count('<svg class="card-count card-count--dots"') == cards
    assert "data-number-line" not in page


def test_the_number_line_starts_at_nought_of_the_target(world):
    drills.set_needs(world.db, world.pupil_id, extra_time_s=0, read_aloud=False, no_timer=False, number_line=True)
    page = _page(world)
    assert "card-count" not in page
    target = int(re.search(r'<div class="puzzle" data-puzzle[^>]*data-target="(\d+)"', page).group(1))
    joker = re.search(r'data-joker="1"', page) is not None
    assert f"data-number-line-words>0 of {target}</p>" in page
    line = page[page.index("data-number-line") :]
    line = line[: line.index("</ol>")]
    assert line.count('<li class="number-line-step') == target + 1 + joker
    assert line.count(" hidden>") == joker  # the Joker's one more, until the child chooses +1


def test_a_pupil_without_the_settings_has_neither(world):
    page = _page(world)
    assert "card-count" not in page and "data-number-line" not in page


def test_the_puzzles_handed_ahead_are_kept_apart_by_how_the_cards_count(world):
    """Their HTML is kept once per puzzle (trainer/web/drills/puzzle_pages.py): a pupil with plain
    faces must not get the dots another pupil's page was rendered with."""
    drills.set_needs(world.db, world.pupil_id, extra_time_s=0, read_aloud=False, no_timer=False, card_faces="dots")
    page = _page(world)
    assert "<template" in page and page.count('<span class="card card--') > 3
    drills.set_needs(world.db, world.pupil_id, extra_time_s=0, read_aloud=False, no_timer=False)
    again = world.client.get("/practice").get_data(as_text=True)
    assert "<template" in again and "card-count" not in again
