"""Puzzles (issue 5), pure: kinds and answers, grading, running sums, generation from self-play,
puzzle files, HSHS ratings, puzzle choice and timing checks; worksheets and the teacher's
tap-to-build editor (issue 20). No Flask, no SQL; I/O only in the
loader functions. docs/puzzles.md explains the model; the web layer calls what is listed here."""

from trainer.puzzles.attempt import Outcome, score_attempt
from trainer.puzzles.editor import Draft, draft_puzzle
from trainer.puzzles.features import Features, default_time_limit, initial_difficulty
from trainer.puzzles.generate import generate
from trainer.puzzles.grading import Combination, Grade, WrongCombination, grade, tapped_cards
from trainer.puzzles.kinds import FOCUS_HAND, KINDS, PuzzleError, answer_for, worth
from trainer.puzzles.loader import (
    PuzzleFileError,
    load_puzzle_file,
    load_seed_puzzles,
    parse_puzzle_lines,
    parse_puzzle_text,
)
from trainer.puzzles.puzzle import Puzzle, make_puzzle, parse_puzzle
from trainer.puzzles.rating import (
    PUPIL_K,
    PUZZLE_K,
    TARGET_SUCCESS,
    KSchedule,
    Rating,
    RatingUpdate,
    expected_score,
    hshs_score,
    p_correct,
    update,
)
from trainer.puzzles.selection import choose_puzzle, predicted_success
from trainer.puzzles.steps import Step, call_steps, tap_steps
from trainer.puzzles.timing import TimingCheck, check_timing
from trainer.puzzles.worksheet import (
    BANDS,
    AnswerKey,
    BankPuzzle,
    Choice,
    KeyCapture,
    SheetRequest,
    WorksheetError,
    answer_key,
    choose_puzzles,
    parse_sheet_code,
    sheet_code,
    sheet_request,
    writing_lines,
)

__all__ = [
    "Outcome",
    "score_attempt",
    "Features",
    "default_time_limit",
    "initial_difficulty",
    "generate",
    "Combination",
    "Grade",
    "WrongCombination",
    "grade",
    "tapped_cards",
    "FOCUS_HAND",
    "KINDS",
    "PuzzleError",
    "answer_for",
    "worth",
    "PuzzleFileError",
    "load_puzzle_file",
    "load_seed_puzzles",
    "parse_puzzle_lines",
    "parse_puzzle_text",
    "Puzzle",
    "make_puzzle",
    "parse_puzzle",
    "PUPIL_K",
    "PUZZLE_K",
    "TARGET_SUCCESS",
    "KSchedule",
    "Rating",
    "RatingUpdate",
    "expected_score",
    "hshs_score",
    "p_correct",
    "update",
    "choose_puzzle",
    "predicted_success",
    "Step",
    "call_steps",
    "tap_steps",
    "TimingCheck",
    "check_timing",
    "Draft",
    "draft_puzzle",
    "BANDS",
    "AnswerKey",
    "BankPuzzle",
    "Choice",
    "KeyCapture",
    "SheetRequest",
    "WorksheetError",
    "answer_key",
    "choose_puzzles",
    "parse_sheet_code",
    "sheet_code",
    "sheet_request",
    "writing_lines",
]
