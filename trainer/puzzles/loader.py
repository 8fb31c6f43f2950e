"""Reading puzzle files (JSON Lines, docs/puzzles.md): the curated sets in seed_data/puzzles/
and a teacher's uploads. Every problem is reported with its line number; nothing half-loads."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from trainer.engine.cards import SEED_DATA
from trainer.puzzles import untrusted_json
from trainer.puzzles.kinds import PuzzleError
from trainer.puzzles.puzzle import Puzzle, parse_puzzle

PUZZLE_DIR = SEED_DATA / "puzzles"


class PuzzleFileError(ValueError):
    """A bad line in a puzzle file; `line` is 1-based. `code` and `params` are the PuzzleError's
    (or `not_json`, `same_as_line`, `unreadable`, `not_utf8`) for a page to translate."""

    def __init__(self, line: int, message: str, source: str = "", code: str = "invalid", params: dict | None = None):
        self.line = line
        self.message = message
        self.source = source
        self.code = code
        self.params = params or {}
        where = f"{source}: " if source else ""
        super().__init__(f"{where}line {line}: {message}")


def parse_puzzle_lines(lines: Iterable[str], source: str = "") -> list[Puzzle]:
    """Puzzles from JSON Lines text (an upload's lines, a file's lines). Blank lines are skipped.
    The first problem raises PuzzleFileError naming its line; a puzzle repeated in the file
    (same id) is an error too, naming both lines."""
    puzzles: list[Puzzle] = []
    first_line: dict[str, int] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = untrusted_json.loads(line)
        except json.JSONDecodeError as err:
            raise PuzzleFileError(
                number, f"not valid JSON: {err.msg} at column {err.colno}", source, "not_json"
            ) from None
        except untrusted_json.JSONLimitError as err:
            raise PuzzleFileError(number, err.reason, source, "not_json") from None
        try:
            puzzle = parse_puzzle(data)
        except PuzzleError as err:
            raise PuzzleFileError(number, err.message, source, err.code, err.params) from None
        if puzzle.id in first_line:
            raise PuzzleFileError(
                number,
                f"the same puzzle as line {first_line[puzzle.id]}",
                source,
                "same_as_line",
                {"line": first_line[puzzle.id]},
            )
        first_line[puzzle.id] = number
        puzzles.append(puzzle)
    return puzzles


def parse_puzzle_text(text: str, source: str = "") -> list[Puzzle]:
    """An uploaded file's text (the web layer calls this with the decoded upload)."""
    return parse_puzzle_lines(text.splitlines(), source)


def load_puzzle_file(path: str | Path) -> list[Puzzle]:
    """A puzzle file from disk. Unreadable or non-UTF-8 files raise PuzzleFileError too (line 0)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise PuzzleFileError(0, f"cannot read the file: {err.strerror}", str(path), "unreadable") from None
    except UnicodeDecodeError as err:
        line = path.read_bytes()[: err.start].count(b"\n") + 1
        raise PuzzleFileError(line, "not UTF-8 text", str(path), "not_utf8") from None
    return parse_puzzle_text(text, path.name)


def load_seed_puzzles(directory: str | Path | None = None) -> dict[str, list[Puzzle]]:
    """Every curated set: file stem -> puzzles, files in name order."""
    directory = Path(directory) if directory is not None else PUZZLE_DIR
    return {path.stem: load_puzzle_file(path) for path in sorted(directory.glob("*.jsonl"))}
