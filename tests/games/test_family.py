"""The family table's pure part (issue 37.4): its settings, the names typed for a game, and
when the tablet must change hands (R9 on one screen)."""

import pytest

from trainer.engine.moves import Play
from trainer.games.family import FamilyError, FamilySettings, clean_name, family_table, hand_over_to
from trainer.games.service import decide, game_from_json, new_game
from trainer.games.settings import PERSON


def test_people_and_bots_take_the_seats_in_order():
    settings, names = family_table("Mila", [("Anna", ""), ("", "beginner"), ("", ""), ("Bram", "casual")])
    assert settings.seats == (PERSON, PERSON, "beginner", PERSON)
    assert names == ("Mila", "Anna", None, "Bram")  # a typed name wins over a bot in its row


@pytest.mark.parametrize(
    "typed, code",
    [
        ("x1", "bad_name"),
        ("<b>", "bad_name"),
        ("A" * 21, "bad_name"),
    ],
)
def test_names_are_letters_only(typed, code):
    with pytest.raises(FamilyError) as err:
        family_table("Mila", [(typed, "")])
    assert err.value.code == code


def test_names_of_any_alphabet_are_welcome():
    assert clean_name("  Zoë   Anne ") == "Zoë Anne"
    assert clean_name("Jiří") == "Jiří" and clean_name("O'Neil") == "O'Neil"
    assert clean_name("--") is None


def test_a_family_table_needs_a_second_person():
    with pytest.raises(FamilyError) as err:
        family_table("Mila", [("", "beginner")])
    assert err.value.code == "need_family"


def test_an_unknown_bot_is_refused():
    with pytest.raises(FamilyError) as err:
        family_table("Mila", [("Anna", ""), ("", "grandmaster")])
    assert err.value.code == "bot_level"


def test_the_tablet_changes_hands_only_between_two_people():
    settings = FamilySettings((PERSON, PERSON, "beginner"))
    assert hand_over_to(settings, 1, 0) == 1  # Anna's turn, Mila holds it: pass it
    assert hand_over_to(settings, 1, 1) is None  # Anna already holds it
    assert hand_over_to(settings, 1, None) == 1  # at the start nobody holds it
    assert hand_over_to(settings, 2, 0) is None  # a bot needs no tablet
    assert hand_over_to(settings, None, 0) is None  # the round is over


def test_names_are_no_part_of_the_stored_game():
    settings, _ = family_table("Mila", [("Anna", ""), ("", "beginner")])
    data = new_game(settings, 7).to_json()
    assert "Anna" not in repr(data) and "Mila" not in repr(data)
    assert data["settings"]["bots"] == ["family", "beginner"]  # the dashboard's list of opponents


def test_every_person_decides_in_their_own_seat_and_the_game_replays():
    settings, _ = family_table("Mila", [("Anna", ""), ("", "beginner")])
    game = new_game(settings, 11)
    for _ in range(6):
        seat = game.to_act
        assert settings.seats[seat] == PERSON  # bots decide by themselves
        game, _ = decide(game, Play(game.state.hands[seat][0]), seat=seat)
    again = game_from_json(game.to_json())
    assert again.state.log == game.state.log and isinstance(again.settings, FamilySettings)


def test_stored_settings_must_seat_the_child_first():
    with pytest.raises(ValueError):
        FamilySettings.from_json({"seats": ["beginner", PERSON], "length": "round"})
