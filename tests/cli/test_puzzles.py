"""`trainer puzzles` (generation) and `trainer puzzles import FILE` (checking a file)."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from puzzle_helpers import expected_answer
from trainer.cli.main import main
from trainer.engine.positions import parse_position
from trainer.puzzles.kinds import KINDS

TRAINER = str(Path(sys.executable).with_name("trainer"))
SEED_FILE = Path(__file__).resolve().parents[2] / "seed_data" / "puzzles" / "rules-examples.jsonl"


def run(capsys, monkeypatch, argv, stdin=""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_generated_lines_have_the_documented_shape_and_solver_answers(capsys, monkeypatch):
    status, out, _ = run(capsys, monkeypatch, ["puzzles", "--count", "15", "--seed", "3"])
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(lines) == 15
    assert [d["kind"] for d in lines] == list(KINDS) * 3
    for d in lines:
        assert {"kind", "position", "answer", "difficulty", "features"} <= set(d)
        position = parse_position(d["position"])
        answer = {(c["target"], c["play"], frozenset(c["capture"])) for c in d["answer"]}
        assert answer == expected_answer(d["kind"], position, d["focus"])
        for c in d["answer"]:  # the solver result format (FORMATS.md)
            assert set(c) == {"target", "play", "capture", "tweak", "points", "call"}


def test_generation_is_deterministic_for_a_seed(capsys, monkeypatch):
    argv = ["puzzles", "--count", "10", "--seed", "8"]
    first = run(capsys, monkeypatch, argv)[1]
    assert first == run(capsys, monkeypatch, argv)[1]
    assert first != run(capsys, monkeypatch, ["puzzles", "--count", "10", "--seed", "9"])[1]


def test_kind_option_restricts_the_kinds(capsys, monkeypatch):
    status, out, _ = run(capsys, monkeypatch, ["puzzles", "--count", "6", "--seed", "1", "--kind", "tweak,best"])
    assert status == 0 and [json.loads(x)["kind"] for x in out.splitlines()] == ["tweak", "best"] * 3


@pytest.mark.parametrize(
    "argv, message",
    [
        (["puzzles"], "give --count N and --seed S"),
        (["puzzles", "--count", "5"], "give --count N and --seed S"),
        (["puzzles", "--count", "0", "--seed", "1"], "--count must be"),
        (["puzzles", "--count", "5", "--seed", "1", "--kind", "riddle"], "unknown puzzle kind 'riddle'"),
        (["puzzles", "--count", "5", "--seed", "1", "--bots", "genius"], "unknown bot level 'genius'"),
    ],
)
def test_bad_arguments_are_exit_2(capsys, monkeypatch, argv, message):
    status, out, err = run(capsys, monkeypatch, argv)
    assert status == 2 and out == "" and message in err and err.count("\n") == 1


def test_import_prints_the_normalised_puzzles(capsys, monkeypatch):
    status, out, err = run(capsys, monkeypatch, ["puzzles", "import", str(SEED_FILE)])
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and len(lines) == 5 and "5 puzzles checked" in err
    assert lines[0]["kind"] == "all" and {key_of(c) for c in lines[0]["answer"]} == {
        (9, "P6", frozenset({"O3a"})),
        (9, "P6", frozenset({"Y3a"})),
        (9, "G2a", frozenset({"R1a", "O3a", "Y3a"})),
    }


def key_of(c):
    return (c["target"], c["play"], frozenset(c["capture"]))


def test_import_reads_stdin_and_its_output_imports_again(capsys, monkeypatch):
    text = SEED_FILE.read_text()
    status, out, _ = run(capsys, monkeypatch, ["puzzles", "import", "-"], text)
    again = run(capsys, monkeypatch, ["puzzles", "import", "-"], out)
    assert status == 0 and again[0] == 0 and again[1] == out


def test_import_bad_file_is_exit_2_naming_the_line(capsys, monkeypatch, tmp_path):
    path = tmp_path / "mine.jsonl"
    path.write_text(SEED_FILE.read_text().splitlines()[0] + "\n" + '{"target": 9, "table": ["R1a"], "hand": ["Z9"]}\n')
    status, out, err = run(capsys, monkeypatch, ["puzzles", "import", str(path)])
    assert status == 2 and out == ""
    assert err == "trainer puzzles: mine.jsonl: line 2: unknown card 'Z9' in hand (ids look like R1a, O5, B3b)\n"


def test_import_missing_file_is_exit_2(capsys, monkeypatch, tmp_path):
    status, _, err = run(capsys, monkeypatch, ["puzzles", "import", str(tmp_path / "none.jsonl")])
    assert status == 2 and "cannot read" in err


def test_console_script_generates_and_imports_its_own_output():
    gen = subprocess.run(
        [TRAINER, "puzzles", "--count", "10", "--seed", "2"], capture_output=True, text=True, check=True
    )
    imp = subprocess.run([TRAINER, "puzzles", "import", "-"], input=gen.stdout, capture_output=True, text=True)
    assert imp.returncode == 0 and imp.stdout == gen.stdout


def test_console_script_bad_import_has_no_traceback():
    proc = subprocess.run([TRAINER, "puzzles", "import", "-"], input="{]\n", capture_output=True, text=True)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "line 1:" in proc.stderr
