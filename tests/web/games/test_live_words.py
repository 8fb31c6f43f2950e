"""What a board's one live region says (issue 49, point 1): every event of a bot game in the
same words as "What happened" and read-aloud, in the child's language; the end through that
region, not a second status box; and "Read the table again" (R) built on the board."""

import re

import pytest

from game_helpers import HX, find_game, html, store_game
from trainer.engine.moves import Play, UseBomb, UseJoker, UseShifter, UseThief
from trainer.games.settings import GameSettings
from trainer.games.story import story
from trainer.web.games.words import seat_names, step_text

THREE_BOTS = GameSettings(("random",) * 3)
OOB = '<div id="game-live" hx-swap-oob="innerHTML">'


def live_text(page: str) -> str:
    """The words the response puts into the board's live region (its out-of-band swap)."""
    return " ".join(page.split(OOB)[1].split("</div>")[0].split())


def bots_did(kind):
    """`want` for find_game: since the pupil's last move a bot made a move that `kind` accepts."""

    def want(game):
        return game.pupil_to_act and any(kind(s) for s in story(game).later)

    return want


def told_step(client, db, pupil, kind, language="en"):
    """The live region's words while the first later step `kind` accepts is told."""
    game = find_game(bots_did(kind), THREE_BOTS)
    game_id = store_game(db, pupil["pupil_id"], game)
    later = story(game).later
    k = next(i for i, s in enumerate(later) if kind(s)) + 1
    headers = {**HX, "Accept-Language": language}
    return live_text(html(client.get(f"/games/{game_id}?step={k}", headers=headers))), later[k - 1]


def capture(step):
    return isinstance(step.move, Play) and bool(step.move.capture) and not step.tweak


def tweak(step):
    return step.tweak and step.won_action is not None


def of(cls):
    return lambda step: isinstance(step.move, cls)


COLOUR = r"(red|orange|yellow|green|blue|purple) \d"
NAME = r"\w+( \d)?"  # "Hedgehog", "Hedgehog 2"


def test_r5_2_a_bots_capture_is_said_with_each_cards_colour_and_the_running_sum(client, db, pupil):
    said, step = told_step(client, db, pupil, capture)
    assert re.fullmatch(
        rf"{NAME} played {COLOUR} and took {COLOUR}(, {COLOUR})*: \d+ plus \d+ is \d+(, plus \d+ is \d+)*\.", said
    )


def test_r5_3_a_tweak_is_said_with_the_action_card_won(client, db, pupil):
    said, step = told_step(client, db, pupil, tweak)
    assert re.search(r"TWEAK! (You|\w+( \d)?) took the whole table and won the (Thief|Joker|Shifter|Bomb)\.$", said), (
        said
    )


@pytest.mark.parametrize(
    "cls, words",
    [
        # R7.1: a card drawn from the victim's hand goes to the table.
        (UseThief, rf"{NAME} used the Thief on (you: your|{NAME}:) {COLOUR} went to the table\."),
        # R7.2: the magic number moves by one for this turn.
        (UseJoker, rf"{NAME} used the Joker: the magic number is \d+ this turn\."),
        # R7.3: the pile's top card goes to the table and the next card sets the magic number.
        (UseShifter, rf"{NAME} used the Shifter: {COLOUR} went to the table and the magic number is now \d+\."),
        # R7.4: every other player with a card puts one on the table.
        (UseBomb, rf"{NAME} used the Bomb: everyone else puts a card on the table\."),
    ],
)
def test_r7_an_action_card_is_said_with_what_it_did(client, db, pupil, cls, words):
    said, _step = told_step(client, db, pupil, of(cls))
    assert re.fullmatch(words, said), said


@pytest.mark.parametrize(
    "kind, words",
    [
        (capture, r"\w+ speelde \w+ \d en pakte .+: \d+ plus \d+ is \d+"),
        (tweak, r"TWEAK!"),
        (of(UseJoker), r"Joker"),
        (of(UseBomb), r"Bom"),
    ],
)
def test_r5_r7_the_same_events_are_said_in_the_childs_language(client, db, pupil, kind, words):
    """Dutch, from the browser's language (R5.2 capture, R5.3 TWEAK, R7.2 Joker, R7.4 Bomb)."""
    said, _step = told_step(client, db, pupil, kind, language="nl")
    english, _ = told_step(client, db, pupil, kind)
    assert re.search(words, said) and said != english, said


def test_r8_the_end_of_a_bot_game_goes_through_the_one_live_region(client, db, pupil):
    game = find_game(lambda g: g.over)
    game_id = store_game(db, pupil["pupil_id"], game)
    page = html(client.get(f"/games/{game_id}?step=end", headers=HX))
    said = live_text(page)
    assert re.fullmatch(r"(You won!|A draw!|\w+( \d)? won\.) You got \d+ points?\.", said), said
    # The result box on the board is not a second live region (seldom read when it appears).
    assert 'class="result" role="status"' not in page and 'class="result"' in page
    nl = live_text(html(client.get(f"/games/{game_id}?step=end", headers={**HX, "Accept-Language": "nl"})))
    assert nl != said and re.search(r"\d+ punt", nl), nl


def test_r_reads_the_table_again_magic_number_cards_hand_and_hand_sizes(client, db, pupil):
    """The words R puts into the live region, built on the board in the child's language."""
    game = find_game(lambda g: g.pupil_to_act and len(g.state.table) >= 2, THREE_BOTS)
    game_id = store_game(db, pupil["pupil_id"], game)
    page = html(client.get(f"/games/{game_id}?step=end"))
    said = " ".join(re.search(r"<p hidden data-table-say>(.*?)</p>", page, re.S).group(1).split())
    state = game.state
    names = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}
    words = lambda cards: ", ".join(f"{names[c[0]]} {c[1]}" for c in cards)  # noqa: E731
    others = " ".join(
        f"{name} has {n} card{'s' if n != 1 else ''}."
        for name, n in zip(["Hedgehog", "Hedgehog 2", "Hedgehog 3"], [len(h) for h in state.hands[1:]])
    )
    assert said == (
        f"Magic number {state.target}. On the table: {words(state.table)}. Your hand: {words(state.hands[0])}. {others}"
    )
    assert 'data-read-table aria-keyshortcuts="R"' in page and "Read the table again" in page
    nl = html(client.get(f"/games/{game_id}?step=end", headers={"Accept-Language": "nl"}))
    assert "Read the table again" not in nl


def test_skip_says_the_bots_moves_not_yet_told_then_your_turn(app, client, db, pupil):
    """Skip jumps to the board; the live region still says every move the child did not hear."""
    game = find_game(lambda g: g.pupil_to_act and len(story(g).later) >= 3, THREE_BOTS)
    game_id = store_game(db, pupil["pupil_id"], game)
    page = html(client.get(f"/games/{game_id}?step=1", headers=HX))
    assert f"/games/{game_id}?step=end&amp;told=1" in page  # Skip, after one move was told
    later = story(game).later
    said = live_text(html(client.get(f"/games/{game_id}?step=end&told=1", headers=HX)))
    with app.test_request_context():
        names = seat_names(THREE_BOTS.bots)
        rest = [" ".join(step_text(s, name_of=lambda seat: names[seat]).split()) for s in later[1:]]
    assert said == " ".join([*rest, "Your turn!"])
    # Watched to the end (or reloaded): only whose turn it is.
    assert live_text(html(client.get(f"/games/{game_id}?step=end", headers=HX))) == "Your turn!"
