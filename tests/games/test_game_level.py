"""A pupil's game level (issue 17): Glicko updates on the bots' Elo, and the dial for an aim."""

import math

import pytest

from trainer.bots import LEVELS
from trainer.games.game_level import (
    AIM_RANGE,
    DEFAULT_AIM,
    MIN_RD,
    START_RD,
    BotElo,
    Rating,
    check_aim,
    choose_dial,
    expected_score,
    game_level,
    game_results,
    level_points,
    load_bot_elo,
    starting_rating,
    update,
)
from trainer.games.settings import FITTED, ClassLimits, GameSettings, SettingsError, check_settings

# A made-up table: the dial rising 70 Elo a tenth from 0 (random) to 700 (casual).
TABLE = {
    "levels": {
        "random": {"elo": 0.0, "ci95": [-10.0, 10.0]},
        "beginner": {"elo": 210.0, "ci95": [200.0, 220.0]},
        "casual": {"elo": 700.0, "ci95": [690.0, 710.0]},
        "clever": {"elo": 780.0, "ci95": None},
    },
    "dial": [{"x": k / 10, "elo": 70.0 * k, "ci95": [70.0 * k - 15, 70.0 * k + 15]} for k in range(11)],
}
BOTS = BotElo.from_json(TABLE)


def test_glickman_worked_example():
    """Glickman's (1999) example, without the drift between games: 1500 (RD 200) beats 1400
    (RD 30) and loses to 1550 (RD 100) and 1700 (RD 300) -> 1464 (RD 151.4)."""
    after = update(Rating(1500, 200), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)], drift=0)
    assert after.elo == pytest.approx(1464.1, abs=0.1)
    assert after.rd == pytest.approx(151.4, abs=0.1)
    assert after.games == 1


def test_a_win_raises_a_loss_lowers_a_shared_top_against_an_equal_keeps():
    me = Rating(300, 150, 4)
    equal = Rating(300, 20)
    assert update(me, [(equal, 1)]).elo > 300 > update(me, [(equal, 0)]).elo
    assert update(me, [(equal, 0.5)]).elo == pytest.approx(300)
    gain = update(me, [(equal, 1)]).elo - 300
    assert 300 - update(me, [(equal, 0)]).elo == pytest.approx(gain)


def test_beating_a_stronger_bot_counts_more_than_beating_a_weaker_one():
    me = Rating(300, 150, 4)
    assert (update(me, [(Rating(500, 20), 1)]).elo - 300) > (update(me, [(Rating(100, 20), 1)]).elo - 300) > 0
    # ... and the expected result moves little: a strong bot beating a weak pupil.
    assert 300 - update(me, [(Rating(700, 20), 0)]).elo < 15


def test_an_unsure_rating_moves_more():
    new = update(Rating(300, START_RD), [(Rating(300, 20), 1)]).elo - 300
    settled = update(Rating(300, 80, 30), [(Rating(300, 20), 1)]).elo - 300
    assert new > 2.5 * settled > 0


def test_the_uncertainty_shrinks_as_games_are_played_and_settles():
    r = starting_rating(BOTS)
    assert (r.elo, r.rd, r.games) == (210.0, START_RD, 0)
    rds = []
    for k in range(40):
        r = update(r, [(BOTS.rating_of("beginner"), k % 2)])
        rds.append(r.rd)
    assert all(b <= a for a, b in zip(rds, rds[1:]))
    assert rds[0] < START_RD and rds[9] < 0.6 * START_RD
    assert MIN_RD <= rds[-1] and rds[-1] == pytest.approx(rds[-2], abs=0.5)  # settled, not zero
    assert r.games == 40


def test_more_rounds_in_one_game_count_more():
    me = Rating(300, 150, 4)
    one = update(me, [(Rating(300, 20), 1)])
    three = update(me, [(Rating(300, 20), 1)] * 3)
    assert three.elo > one.elo and three.rd < one.rd and three.games == one.games == 5


def test_a_game_with_no_result_changes_nothing():
    me = Rating(300, 150, 4)
    assert update(me, []) == me


@pytest.mark.parametrize("bad", [-0.5, 1.5, math.nan])
def test_a_score_is_a_share_of_a_win(bad):
    with pytest.raises(ValueError):
        update(Rating(300), [(Rating(300), bad)])


def test_a_class_game_updates_both_classmates_the_other_way():
    ann, bob = Rating(400, 120, 10), Rating(350, 200, 3)
    ann_after = update(ann, [(bob, 1)])
    bob_after = update(bob, [(ann, 0)])
    assert ann_after.elo > 400 and bob_after.elo < 350
    assert 350 - bob_after.elo > ann_after.elo - 400  # the less certain rating moves more


def test_game_results_score_every_round_against_every_bot():
    results = game_results(BOTS, ["dial:0.3", "casual"], [(20, 10, 30), (15, 15, 5)])
    assert [s for _, s in results] == [1.0, 0.0, 0.5, 1.0]
    assert results[0][0] == BOTS.rating_of("dial:0.3") and results[1][0] == BOTS.levels["casual"]


def test_dial_ratings_interpolate_the_measured_points():
    assert BOTS.rating_of("dial:0.3").elo == pytest.approx(210)
    assert BOTS.rating_of("dial:0.35").elo == pytest.approx(245)
    assert BOTS.rating_of("dial:1").elo == pytest.approx(700)
    assert BOTS.rating_of("dial:0.35").rd == pytest.approx(15 / 1.96, rel=1e-3)
    assert BOTS.rating_of("clever").rd > BOTS.rating_of("casual").rd  # chained, no interval of its own
    with pytest.raises(ValueError):
        BOTS.rating_of("wizard")


def test_a_table_whose_dial_does_not_rise_is_refused():
    bad = dict(TABLE, dial=[{"x": 0.0, "elo": 0.0, "ci95": None}, {"x": 1.0, "elo": -5.0, "ci95": None}])
    with pytest.raises(ValueError, match="rise"):
        BotElo.from_json(bad)


@pytest.mark.parametrize("aim", [0.3, 0.4, 0.5, 0.6, 0.7])
@pytest.mark.parametrize("player", [Rating(260, 250), Rating(350, 120, 12), Rating(520, 60, 40)])
def test_the_chosen_dial_gives_the_aimed_chance(aim, player):
    x = choose_dial(player, BOTS, aim)
    assert 0 < x < 1 and round(x, 2) == x
    assert expected_score(player, BOTS.dial_rating(x)) == pytest.approx(aim, abs=0.01)


def test_a_higher_aim_chooses_a_weaker_bot_and_the_default_is_half():
    player = Rating(350, 100, 10)
    dials = [choose_dial(player, BOTS, aim) for aim in (0.3, 0.5, 0.7)]
    assert dials[0] > dials[1] > dials[2]
    assert choose_dial(player, BOTS) == dials[1] and DEFAULT_AIM == 0.5
    assert dials[1] == pytest.approx(0.5, abs=0.01)  # 350 Elo is dial 0.5 in the table


def test_the_choice_is_clamped_to_the_dial():
    assert choose_dial(Rating(1500, 60, 50), BOTS) == 1.0
    assert choose_dial(Rating(-600, 60, 50), BOTS) == 0.0
    assert choose_dial(Rating(-600, 60, 50), BOTS, 0.7) == 0.0


@pytest.mark.parametrize("bad", [0.29, 0.71, 0.0, 1.0, math.nan, math.inf])
def test_an_aim_outside_30_to_70_percent_is_refused(bad):
    with pytest.raises(ValueError, match="from 30% to 70%"):
        check_aim(bad)
    with pytest.raises(ValueError):
        choose_dial(Rating(300), BOTS, bad)


def test_aim_range_ends_are_allowed():
    assert [check_aim(a) for a in AIM_RANGE] == [0.3, 0.7]


def test_the_measured_table_rises_covers_random_to_casual_and_has_every_level():
    """seed_data/bot_elo.json as bench/dial.py wrote it."""
    bots = load_bot_elo()
    assert set(bots.levels) == set(LEVELS)
    assert bots.dial_x[0] == 0 and bots.dial_x[-1] == 1 and len(bots.dial_x) == 11
    assert all(b > a for a, b in zip(bots.dial_elo, bots.dial_elo[1:]))
    random_, casual = bots.levels["random"], bots.levels["casual"]
    assert bots.dial_elo[0] <= random_.elo + 2 * (random_.rd + bots.dial_rd[0])
    assert bots.dial_elo[-1] >= casual.elo - 2 * (casual.rd + bots.dial_rd[-1])
    assert bots.levels["random"].elo < bots.levels["beginner"].elo < casual.elo < bots.levels["clever"].elo


def test_the_game_level_a_teacher_reads_is_the_dial_where_the_pupil_wins_half():
    level = game_level(Rating(245, 90, 12), BOTS)
    assert (level.points, level.games, level.settled, level.beyond_dial) == (35, 12, True, False)
    assert not game_level(Rating(245, 200, 2), BOTS).settled  # a first guess
    top = game_level(Rating(900, 60, 40), BOTS)
    assert top.points == 100 and top.beyond_dial
    assert level_points("beginner", BOTS) == 30 and level_points("casual", BOTS) == 100


def test_fitted_bots_are_replaced_by_the_dial_and_nothing_else_is():
    settings = GameSettings((FITTED, "casual", FITTED), "short")
    fitted = settings.fit_bots("dial:0.42")
    assert fitted == GameSettings(("dial:0.42", "casual", "dial:0.42"), "short")


def test_a_class_offers_the_fitted_bot_first_unless_it_pinned_fixed_levels():
    assert ClassLimits().fitted and ClassLimits().default_level == FITTED
    assert ClassLimits().aim == DEFAULT_AIM
    pinned = ClassLimits(levels=("casual", "beginner"))
    assert not pinned.fitted and pinned.default_level == "beginner"
    assert ClassLimits(levels=("expert", "clever")).default_level == "expert"


def test_a_pupil_may_choose_the_fitted_bot_by_name_but_never_a_dial():
    assert check_settings(GameSettings((FITTED,))).bots == (FITTED,)
    for limits, bots in ((ClassLimits(levels=("beginner",)), (FITTED,)), (ClassLimits(), ("dial:0.2",))):
        with pytest.raises(SettingsError):
            check_settings(GameSettings(bots), limits)
