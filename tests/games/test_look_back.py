"""The kind look back after a round (issue 15.7; trainer.games.look_back): at most two of the
child's own turns where a capture or a TWEAK was there (R5.2, R5.3), each with its running sum
(R5.4) — one taken to be proud of, one that was there to look for next time."""

from trainer.games.look_back import MOST, look_back


def turn(n, *, hand, table, target, play, capture=(), there=True, tweak_there=False, points=0, best=0):
    return {
        "turn": n,
        "hand": list(hand),
        "table": list(table),
        "target": target,
        "play": play,
        "capture": list(capture),
        "captures_available": there,
        "tweak_available": tweak_there,
        "tweak": bool(capture) and len(capture) == len(table),
        "points": points,
        "best_points": best,
    }


def test_one_turn_taken_and_one_missed_come_back_in_order_with_their_sums():
    analyses = [
        turn(0, hand=("G4", "R5"), table=("Y2a", "O1a", "B6"), target=6, play="G4", capture=("Y2a",), points=2),
        turn(1, hand=("R5",), table=("O1a", "B6", "G3a"), target=9, play="R5", there=False),
        turn(2, hand=("R5", "Y3a"), table=("O1a", "B6", "G3a"), target=8, play="Y3a", best=4),
    ]
    got = look_back(analyses)
    assert [(t.kind, t.turn) for t in got] == [("made", 1), ("missed", 3)]  # as a child counts
    made, missed = got
    assert made.cards == ("G4", "Y2a") and made.steps == ((4, 4), (2, 6))
    assert missed.target == 8 and missed.steps[-1][1] == 8 and len(missed.cards) >= 2  # the sum reaches it


def test_turns_with_nothing_there_are_never_shown_and_never_more_than_two():
    nothing = [turn(k, hand=("R5",), table=("O1a",), target=9, play="R5", there=False) for k in range(5)]
    assert look_back(nothing) == []
    taken = [turn(k, hand=("G4",), table=("Y2a",), target=6, play="G4", capture=("Y2a",), points=k) for k in range(6)]
    got = look_back(taken)
    assert len(got) <= MOST and all(t.kind == "made" for t in got)
    assert got[0].tweak  # the whole table: a TWEAK is the one to be proud of


def test_the_turn_is_the_childs_own_count_not_the_rounds():
    # With three bots the child plays every fourth turn of the round (turns 0, 4, 8...): their
    # third play is "turn 3", not the round's turn 9.
    analyses = [turn(4 * k, hand=("R5",), table=("O1a",), target=9, play="R5", there=False) for k in range(2)]
    analyses.append(
        turn(8, hand=("G4", "R5"), table=("Y2a", "O1a", "B6"), target=6, play="G4", capture=("Y2a",), points=2)
    )
    assert [(t.kind, t.turn) for t in look_back(analyses)] == [("made", 3)]
