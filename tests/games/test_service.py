"""The game service of issue 6: the pupil in seat 0 against bots, refusals that change nothing,
saving and resuming, records that replay, and the analysis of every pupil play."""

import json
import random

import pytest

from engine_helpers import deck_with_target, make_state
from trainer.engine.match import Match
from trainer.engine.moves import Discard, Play, UseBomb, UseJoker
from trainer.engine.records import replay_match, replay_result, replay_round
from trainer.engine.rules import legal_moves
from trainer.engine.state import Phase
from trainer.games import service
from trainer.games.service import PUPIL, Game, GameError, decide, game_from_json, new_game, next_round
from trainer.games.settings import PERSON, ClassLimits, GameSettings, SettingsError, TableSettings, check_settings


def pupil_game(state, bots=("random",)):
    settings = GameSettings(bots)
    return Game(settings, 1, Match(settings.players, state.setup.colors, 1, 0), (), state)


def play_out(game, seed=0, limit=2000):
    rng = random.Random(seed)
    for _ in range(limit):
        if game.over:
            return game
        if game.round_over:
            game = next_round(game)
            continue
        game, _ = decide(game, rng.choice(legal_moves(game.state)), decision_ms=900)
    raise AssertionError("the game did not end")


def test_bots_play_until_it_is_the_pupils_turn():
    game = new_game(GameSettings(("random", "random", "random")), seed=3)
    assert game.pupil_to_act and game.state.current_player == PUPIL
    # Seats before the pupil have had their turns (the first player follows the dealer, D3).
    assert all(seat != PUPIL for seat, _ in game.news())


def test_r5_2_a_capture_that_misses_the_target_is_refused_with_its_running_sum_and_changes_nothing():
    state = make_state([["P6", "B4"], ["Y1a"]], table=["O2a", "R1a"], deck=deck_with_target(10))
    game = pupil_game(state)
    with pytest.raises(GameError) as err:
        decide(game, Play("P6", ("O2a", "R1a")))
    assert err.value.code == "wrong_sum"
    assert err.value.params == {"steps": [(6, 6), (2, 8), (1, 9)], "total": 9, "target": 10}
    assert game.state == state


@pytest.mark.parametrize(
    "move, code",
    [
        (Play("Y1a"), "not_in_hand"),
        (Play("P6", ("G5",)), "not_on_table"),
        (Play("B4", ("O2a",)), "wrong_sum"),
        (Discard("P6"), "no_bomb"),
        (UseJoker("joker-1", 1), "action_not_allowed"),
    ],
)
def test_refused_moves_name_the_mistake_and_change_nothing(move, code):
    state = make_state([["P6", "B4"], ["Y1a"]], table=["O2a", "R1a"], deck=deck_with_target(9))
    game = pupil_game(state)
    with pytest.raises(GameError) as err:
        decide(game, move)
    assert err.value.code == code
    assert game.state == state and game.rounds == ()


def test_it_is_not_the_pupils_turn_while_a_bot_decides():
    state = make_state([["P6"], ["Y1a"]], deck=deck_with_target(9), turn=1)
    with pytest.raises(GameError, match="not_your_turn"):
        decide(pupil_game(state), Play("P6"))


def test_r5_2_cards_tapped_in_any_order_are_recorded_in_table_order():
    state = make_state(
        [["G2a", "B4"], ["Y1a", "Y2a", "Y3a"]],
        table=["R1a", "O3a", "Y3b"],
        deck=deck_with_target(9) + ["B1a", "B1b", "B2a", "B2b", "B3a"],
    )
    game, analysis = decide(pupil_game(state), Play("G2a", ("Y3b", "O3a", "R1a")), decision_ms=2500)
    assert game.state.won[PUPIL] == ("G2a", "R1a", "O3a", "Y3b")
    assert analysis.tweak and analysis.capture == ("R1a", "O3a", "Y3b")


def test_r7_4_a_bot_bomb_waits_for_the_pupil_to_choose_a_card():
    state = make_state([["P6", "B4"], ["Y1a"]], owned=[[], ["bomb"]], turn=1, deck=deck_with_target(9))
    from trainer.engine.rules import apply

    state = apply(state, UseBomb("bomb"))
    game = pupil_game(state)
    assert game.pupil_to_act and game.state.phase is Phase.DISCARD
    with pytest.raises(GameError, match="give_up_a_card"):
        decide(game, Play("P6"))
    game, analysis = decide(game, Discard("B4"))
    assert analysis is None
    assert (PUPIL, Discard("B4")) in game.state.log and "B4" not in game.state.hands[PUPIL]


def test_analysis_flags_a_missed_capture_and_a_missed_tweak():
    state = make_state([["P6", "B4"], ["Y1a"]], table=["O3a"], deck=deck_with_target(9) + ["B1a", "B1b"])
    _, analysis = decide(pupil_game(state), Play("B4"), decision_ms=4000, hint_used=True)
    assert analysis.captures_available == 1 and analysis.best_points == 2
    assert analysis.missed_capture and analysis.tweak_available and analysis.missed_tweak
    assert analysis.decision_ms == 4000 and analysis.hint_used
    assert analysis.to_json()["missed_capture"] is True


def test_analysis_of_a_capture_records_its_points():
    state = make_state([["P6", "B4"], ["Y1a"]], table=["R3a", "O3a"], deck=deck_with_target(9) + ["B1a"])
    _, analysis = decide(pupil_game(state), Play("P6", ("R3a",)), decision_ms=1500)
    assert analysis.points == 4 and analysis.best_points == 4 and not analysis.missed_capture
    assert not analysis.tweak and not analysis.tweak_available and not analysis.missed_tweak


def test_a_one_round_game_is_stored_as_a_round_record_that_replays_to_the_same_scores():
    game = play_out(new_game(GameSettings(("random",)), seed=11))
    record = game.record()
    assert record["format"] == "tweak-round/1"
    assert replay_result(replay_round(record))["scores"] == game.state.scores()


def test_r8_a_match_is_stored_as_a_match_record_that_replays_to_the_same_totals():
    game = play_out(new_game(GameSettings(("random", "random"), length="short"), seed=12))
    result = replay_match(game.record())
    assert result["finished"] and result["totals"] == game.match.totals
    assert result["winner"] == game.winner
    dealers = [r["dealer"] for r in game.record()["rounds"]]
    assert dealers == [(dealers[0] + k) % 3 for k in range(len(dealers))]  # R3.2


def test_a_saved_game_resumes_exactly_mid_round_and_mid_turn():
    game = new_game(GameSettings(("random", "random"), length="short"), seed=13)
    rng = random.Random(2)
    for _ in range(40):
        if game.over:
            break
        if game.round_over:
            game = next_round(game)
        else:
            game, _ = decide(game, rng.choice(legal_moves(game.state)))
        resumed = game_from_json(game.to_json())
        assert resumed.state == game.state and resumed.rounds == game.rounds
        assert resumed.match == game.match and resumed.news() == game.news()


def test_a_resumed_game_continues_as_the_original_would():
    game = new_game(GameSettings(("random",)), seed=14)
    game, _ = decide(game, legal_moves(game.state)[-1])
    a = play_out(game, seed=5)
    b = play_out(game_from_json(game.to_json()), seed=5)
    assert a.record() == b.record()


def test_next_round_only_between_rounds_of_an_unfinished_match():
    game = new_game(GameSettings(("random",)), seed=15)
    with pytest.raises(GameError, match="round_not_over"):
        next_round(game)
    with pytest.raises(GameError, match="game_over"):
        next_round(play_out(game))


@pytest.mark.parametrize(
    "settings, limits, code",
    [
        (GameSettings(()), ClassLimits(), "bot_count"),
        (GameSettings(("random",) * 6), ClassLimits(), "bot_count"),
        (GameSettings(("random",) * 3), ClassLimits(max_bots=2), "bot_count"),
        (GameSettings(("genius",)), ClassLimits(), "bot_level"),
        (GameSettings(("random",)), ClassLimits(levels=("beginner",)), "bot_level"),
        (GameSettings(("random",), length="forever"), ClassLimits(), "length"),
        (GameSettings(("random",), length="full"), ClassLimits(lengths=("round",)), "length"),
        (GameSettings(("random",), colors=("O", "Y")), ClassLimits(), "colors"),
        (GameSettings(("random",), colors=("R", "O", "Y")), ClassLimits(allow_colors=False), "colors_locked"),
    ],
)
def test_settings_outside_what_the_class_allows_are_refused(settings, limits, code):
    with pytest.raises(SettingsError) as err:
        check_settings(settings, limits)
    assert err.value.code == code


def test_r8_2_match_lengths_give_the_thresholds():
    assert GameSettings(("random",)).threshold is None
    assert GameSettings(("random",), length="short").threshold == 30
    assert GameSettings(("random",) * 3, length="full").threshold == 100
    assert check_settings(GameSettings(("random",), hints=True), ClassLimits(hints=False)).hints is False


def test_d7_turns_lost_right_after_the_pupils_play_are_news():
    # Seat 1 has no cards and the deck is empty: its turn is lost as soon as the pupil plays.
    state = make_state([["P6", "B4"], [], ["Y1a"]], table=["R1a"], deck=[])
    game, _ = decide(pupil_game(state, bots=("random", "random")), Play("B4"))
    from trainer.engine.moves import LostTurn

    assert game.news()[0] == (1, LostTurn(1))


def test_a_saved_game_is_built_once_per_text_and_is_the_game_it_was():
    game = new_game(GameSettings(("random", "random")), seed=16)
    game, _ = decide(game, legal_moves(game.state)[0])
    text = json.dumps(game.to_json())
    first = service.game_from_saved(text)
    assert first.state == game.state and first.rounds == game.rounds and first.match == game.match
    assert service.game_from_saved(text) is first  # kept: a Game is frozen, so it is shared safely
    assert service.game_from_saved(json.dumps({**game.to_json(), "seen": 99})) is not first


def test_the_kept_games_are_bounded(monkeypatch):
    monkeypatch.setattr(service, "_saved", {})
    monkeypatch.setattr(service, "SAVED_KEPT", 2)
    data = new_game(GameSettings(("random",)), seed=17).to_json()
    for seen in range(5):
        service.game_from_saved(json.dumps({**data, "seen": seen}))
        assert len(service._saved) <= 2


@pytest.mark.parametrize("settings", [GameSettings(("random", "random")), TableSettings((PERSON,) * 4, "round")])
def test_a_saved_game_is_rebuilt_equal_to_the_one_saved(settings):
    # What lets a save keep its game for the next load (service.keep_saved): rebuilding the
    # saved text gives a Game equal in every field, at every step and between rounds.
    game = new_game(settings, seed=18)
    rng = random.Random(4)
    for _ in range(300):
        assert game_from_json(json.loads(json.dumps(game.to_json()))) == game
        if game.over:
            break
        if game.round_over:
            game = next_round(game)
        else:
            game, _ = decide(game, rng.choice(legal_moves(game.state)), decision_ms=900, seat=game.to_act)
