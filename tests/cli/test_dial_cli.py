"""`dial:X` wherever the command line takes a bot level (FORMATS.md): play, tournament, puzzles."""

import io
import json
import sys

import pytest

from trainer.cli.main import main


def run(capsys, monkeypatch, argv, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_play_with_a_dial_gives_rounds_that_replay(capsys, monkeypatch):
    status, out, _ = run(
        capsys, monkeypatch, ["play", "--players", "2", "--bots", "dial:0.35,casual", "--seed", "4", "--rounds", "5"]
    )
    assert status == 0 and len(out.splitlines()) == 5
    status, replayed, _ = run(capsys, monkeypatch, ["replay", "--lines"], out)
    assert status == 0 and all(json.loads(line)["finished"] for line in replayed.splitlines())


def test_tournament_with_a_dial_reports_it_under_its_name(capsys, monkeypatch):
    status, out, _ = run(
        capsys, monkeypatch, ["tournament", "--bots", "dial:0.2,beginner", "--rounds", "30", "--seed", "1", "--quiet"]
    )
    result = json.loads(out)
    assert status == 0 and set(result["bots"]) == {"dial:0.2", "beginner"}
    shares = result["bots"]["dial:0.2"]["win_rate"] + result["bots"]["beginner"]["win_rate"]
    assert shares == pytest.approx(1.0)


def test_the_same_dial_and_seed_give_the_same_rounds(capsys, monkeypatch):
    argv = ["play", "--players", "3", "--bots", "dial:0.6", "--seed", "8", "--rounds", "2"]
    assert run(capsys, monkeypatch, argv)[1] == run(capsys, monkeypatch, argv)[1]


BAD_DIALS = [
    ("dial:abc", "needs a number from 0 to 1, not 'abc'"),
    ("dial:nan", "must be from 0 to 1, not nan"),
    ("dial:1.5", "must be from 0 to 1, not 1.5"),
    ("dial:-0.1", "must be from 0 to 1, not -0.1"),
    ("dial:", "needs a number"),
]


@pytest.mark.parametrize(
    "command",
    [
        ["play", "--players", "2", "--seed", "1", "--bots"],
        ["tournament", "--rounds", "5", "--seed", "1", "--bots"],
        ["puzzles", "--count", "3", "--seed", "1", "--bots"],
    ],
)
@pytest.mark.parametrize("dial, message", BAD_DIALS)
def test_a_bad_dial_is_exit_2_and_one_line(capsys, monkeypatch, command, dial, message):
    status, out, err = run(capsys, monkeypatch, [*command, f"{dial},casual"])
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_puzzles_self_play_takes_a_dial(capsys, monkeypatch):
    status, out, _ = run(capsys, monkeypatch, ["puzzles", "--count", "3", "--seed", "2", "--bots", "dial:0.5,greedy"])
    assert status == 0 and len(out.splitlines()) == 3
