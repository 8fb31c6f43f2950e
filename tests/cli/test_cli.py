"""The `trainer` command (FORMATS.md): solve, replay, play; bad input is exit 2 and one line."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from examples import load
from trainer.cli.main import build_parser, main

TRAINER = str(Path(sys.executable).with_name("trainer"))


def run(capsys, monkeypatch, argv, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_prints_the_solver_result_with_calls(capsys, monkeypatch):
    position = {"target": 9, "table": ["R1a", "O3a", "Y3a"], "hand": ["B4", "P6", "G2a"]}
    status, out, _ = run(capsys, monkeypatch, ["solve"], json.dumps(position))
    result = json.loads(out)
    assert status == 0 and result["target"] == 9
    tweak = [c for c in result["captures"] if c["tweak"]]
    assert tweak == [
        {
            "target": 9,
            "play": "G2a",
            "capture": ["R1a", "O3a", "Y3a"],
            "tweak": True,
            "points": 6,
            "call": "2 plus 1 is 3, plus 3 is 6, plus 3 is 9",
        }
    ]


def test_solve_reads_a_file(capsys, monkeypatch, tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"target": 7, "table": ["R6"], "hand": ["B1a"]}))
    status, out, _ = run(capsys, monkeypatch, ["solve", str(path)])
    assert status == 0 and json.loads(out)["captures"][0]["capture"] == ["R6"]


def test_solve_lines_prints_one_result_per_position(capsys, monkeypatch):
    examples = load("positions.jsonl")
    stdin = "\n".join(json.dumps(e["position"]) for e in examples) + "\n"
    status, out, _ = run(capsys, monkeypatch, ["solve", "--lines"], stdin)
    results = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert [len(r["captures"]) for r in results] == [len(e["captures"]) for e in examples]


@pytest.mark.parametrize(
    "stdin, message",
    [
        ("{not json", "not valid JSON"),
        ('{"target": 9, "table": ["R1a"], "hand": ["Q7"]}', "unknown card 'Q7' in hand"),
        ('{"target": 9, "table": ["R1a"], "hand": ["R1a"]}', "R1a appears twice"),
        ('{"target": "9", "table": [], "hand": []}', "target must be a whole number"),
        ('{"target": 9, "table": []}', "no 'hand'"),
        ('{"target": 9, "table": [], "hand": [], "hnad": []}', "unknown field 'hnad'"),
        ("[1, 2]", "JSON object"),
    ],
)
def test_solve_bad_input_is_exit_2_and_one_clear_line(capsys, monkeypatch, stdin, message):
    status, out, err = run(capsys, monkeypatch, ["solve"], stdin)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_solve_lines_names_the_bad_line(capsys, monkeypatch):
    stdin = '{"target": 9, "table": [], "hand": []}\n{"target": 9, "table": [], "hand": ["X"]}\n'
    status, _, err = run(capsys, monkeypatch, ["solve", "--lines"], stdin)
    assert status == 2 and "line 2:" in err


def test_solve_missing_file_is_exit_2(capsys, monkeypatch, tmp_path):
    status, _, err = run(capsys, monkeypatch, ["solve", str(tmp_path / "none.json")])
    assert status == 2 and "cannot read" in err


def test_replay_prints_the_replay_result(capsys, monkeypatch):
    example = load("rounds.jsonl")[0]
    status, out, _ = run(capsys, monkeypatch, ["replay"], json.dumps(example["record"]))
    assert status == 0 and json.loads(out) == example["result"]


def test_replay_of_an_illegal_move_is_exit_1_with_the_error_json(capsys, monkeypatch):
    example = load("illegal.jsonl")[0]
    status, out, _ = run(capsys, monkeypatch, ["replay"], json.dumps(example["record"]))
    error = json.loads(out)
    assert status == 1 and error["move"] == example["result"]["move"] and "target 8" in error["error"]


def test_replay_malformed_record_is_exit_2(capsys, monkeypatch):
    status, _, err = run(capsys, monkeypatch, ["replay"], '{"format": "tweak-round/1", "players": 2}')
    assert status == 2 and "colors" in err


def test_play_prints_round_records_that_replay(capsys, monkeypatch):
    status, out, _ = run(
        capsys, monkeypatch, ["play", "--players", "3", "--bots", "random", "--seed", "5", "--rounds", "4"]
    )
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(records) == 4
    assert all(r["format"] == "tweak-round/1" and r["players"] == 3 for r in records)
    dealers = [r["dealer"] for r in records]
    assert dealers == [(dealers[0] + k) % 3 for k in range(4)]  # R3.2
    status, out, _ = run(capsys, monkeypatch, ["replay", "--lines"], "\n".join(json.dumps(r) for r in records))
    assert status == 0 and all(json.loads(line)["finished"] for line in out.splitlines())


def test_play_is_reproducible_from_its_seed(capsys, monkeypatch):
    argv = ["play", "--players", "2", "--bots", "random", "--seed", "9"]
    assert run(capsys, monkeypatch, argv)[1] == run(capsys, monkeypatch, argv)[1]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--players", "7", "--bots", "random"], "2 to 6"),
        (["--players", "2", "--bots", "genius"], "unknown bot level 'genius'"),
        (["--players", "3", "--bots", "random,random"], "2 levels for 3 players"),
        (["--players", "2", "--bots", "random", "--colors", "OYG"], "red"),
        (["--players", "2", "--bots", "random", "--rounds", "0"], "at least 1"),
    ],
)
def test_play_bad_arguments_are_exit_2(capsys, monkeypatch, argv, message):
    status, _, err = run(capsys, monkeypatch, ["play", "--seed", "1", *argv])
    assert status == 2 and message in err


def test_every_command_has_help_and_is_documented_in_the_readme():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    (subparsers,) = [a for a in build_parser()._actions if a.dest == "command"]
    helps = {choice.dest: choice.help for choice in subparsers._choices_actions}
    for name in subparsers.choices:
        assert helps[name], f"trainer {name} has no help line"
        assert f"trainer {name}" in readme, f"trainer {name} is not in README.md"


def test_console_script_pipes_play_into_replay():
    play = subprocess.run(
        [TRAINER, "play", "--players", "5", "--bots", "random", "--seed", "3", "--rounds", "20"],
        capture_output=True,
        text=True,
        check=True,
    )
    replay = subprocess.run([TRAINER, "replay", "--lines"], input=play.stdout, capture_output=True, text=True)
    results = [json.loads(line) for line in replay.stdout.splitlines()]
    assert replay.returncode == 0 and len(results) == 20 and all(r["finished"] for r in results)


def test_console_script_bad_input_has_no_traceback():
    proc = subprocess.run([TRAINER, "solve"], input="{]", capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stderr.startswith("trainer solve:")


def test_solve_writes_exactly_the_json_of_the_solver_result():
    from trainer.cli.solve import solver_result, solver_result_json
    from trainer.engine.positions import parse_position

    for example in load("positions.jsonl"):
        position = parse_position(example["position"])
        assert json.loads(solver_result_json(position)) == solver_result(position)


@pytest.mark.parametrize(
    "email, typed, message",
    [
        ("nobody@school.example", "long enough pw\nlong enough pw\n", "no teacher with the e-mail address"),
        ("t@school.example", "short\nshort\n", "the password must be 10 to 256 characters"),
        ("t@school.example", "long enough pw\nnot the same pw\n", "the two passwords are not the same"),
        ("t@school.example", "only one line\n", "give the new password twice"),
    ],
)
def test_set_password_bad_input_is_exit_2_and_changes_nothing(
    app, make, db, capsys, monkeypatch, email, typed, message
):
    teacher = make.teacher(email="t@school.example")
    before = db.execute("SELECT password_hash FROM teachers WHERE id = ?", [teacher]).fetchone()[0]
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert main(["set-password", email, "--db", app.config["DATABASE"]]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert db.execute("SELECT password_hash FROM teachers WHERE id = ?", [teacher]).fetchone()[0] == before
