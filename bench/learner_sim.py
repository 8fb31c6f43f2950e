"""Learner simulation (issue 5): simulated pupils of known ability answer generated puzzles
through the real code (choose_puzzle, score_attempt: grading, timing checks, HSHS updates).

    .venv/bin/python bench/learner_sim.py [--pupils 200] [--answers 80] [--bank 600] [--seed 1]
    .venv/bin/python bench/learner_sim.py --climb [--pupils 200] [--days 100] [--calibrate]
    .venv/bin/python bench/learner_sim.py --untimed [--answers 80] [--repeats 100]

Prints a Markdown report for docs/performance.md ("## Puzzles: learner simulation") and writes
bench/results/learner_sim*.json. Two cohorts run one after the other on the same bank: the first
meets puzzles rated only by their features (cold start), the second meets the bank as the first
left it (warm).

Response model (deliberately not the HSHS model the ratings assume):
- every pupil has a true ability theta* ~ N(ABILITY_MEAN, ABILITY_SD) and a personal speed
  factor (lognormal, sd SPEED_SD); every puzzle a true difficulty beta* = its feature prior +
  N(0, PRIOR_ERROR);
- with probability GUESS_RATE an answer is a fast guess: 0.8-2.5 s, right with GUESS_HIT;
- with probability LAPSE_RATE the pupil drifts off and answers after the limit (scores 0);
- otherwise the pupil solves with p = 1 / (1 + e^-(theta* - beta*)); an `all` puzzle with n
  combinations finds each with p^(1/n) (so all of them with p) and adds a wrong one with
  probability EXTRA_WRONG * (1 - p); the time is lognormal around
  limit * (0.30 + 0.35 (1 - p)) * speed, 25% longer when wrong, sd SPEED_NOISE; past the limit
  the answer counts as late;
- with --climb (issue 15, fluency levels) pupils also learn: a daily drill of DRILL puzzles
  adds GROWTH logits to the true ability and makes the pupil SPEEDUP faster (assumptions, not
  measurements: a narrow skill practised daily; the report says how the climb scales with them);
- with --untimed (issue 49.3, "no timer"): the same simulated child answers the same way with
  and without the timer, once rated by the HSHS score, once on accuracy alone; without a timer
  there are no lapses past a limit (the time simply passes);
- the page's clock reports the pupil's time; the server adds 0.1-0.6 s of network; in
  CLOCK_FAULT_RATE of answers the page reports 1.5 times the server interval, and in
  BOUNCE_RATE the answer comes back in 0.1 s (a double submission or a script).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from trainer.puzzles import (
    Combination,
    Rating,
    choose_puzzle,
    generate,
    levels as fluency,
    p_correct,
    score_attempt,
)
from trainer.puzzles.drill_settings import UNTIMED_LIMIT
from trainer.puzzles.rating import PUPIL_K, PUPIL_TRUST, PUZZLE_K, TARGET_SUCCESS, KSchedule, starting_rating

ABILITY_MEAN = 1.5
ABILITY_SD = 1.0
PRIOR_ERROR = 0.6
SPEED_SD = 0.25
SPEED_NOISE = 0.35
GUESS_RATE = 0.04
GUESS_HIT = 0.10
LAPSE_RATE = 0.03
EXTRA_WRONG = 0.2
CLOCK_FAULT_RATE = 0.01
BOUNCE_RATE = 0.005  # a double submission or script: 0.1 s on the page, 0.2 s at the server
SESSION = 20  # answers per session: no puzzle twice within one
CHECKPOINTS = (20, 40, 80)
DRILL = 10  # the default daily drill (trainer.puzzles.drill_settings.DEFAULT)
GROWTH = 0.04  # --climb: logits of true ability one daily drill adds
SPEEDUP = 0.01  # --climb: a daily drill makes a pupil's answers 1% quicker
CLIMB_DAYS = 100  # --climb: school days of daily drills (20 weeks)
TYPICAL = (1 / 3, 2 / 3)  # --climb: the middle third of the cohort by starting ability


@dataclass
class Pupil:
    true: float
    speed: float
    rating: Rating = field(default_factory=Rating)
    seen: set = field(default_factory=set)
    answered: int = 0


def logistic(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def wrong_combination(puzzle, rng: random.Random) -> Combination:
    """A plausible wrong entry: a hand card with one table card that is not a right capture."""
    right = {(c.play, c.capture) for c in puzzle.answer if c.target == puzzle.position.target}
    options = [(h, (t,)) for h in puzzle.position.hand for t in puzzle.position.table if (h, (t,)) not in right]
    if not options:
        return Combination(puzzle.position.hand[0], ())
    play, capture = options[rng.randrange(len(options))]
    return Combination(play, capture)


def respond(pupil: Pupil, puzzle, beta_true: float, rng: random.Random, untimed: bool = False):
    """(submitted combinations, seconds the pupil took). `untimed`: no limit to drift past."""
    limit = puzzle.time_limit
    base = puzzle.position.target
    right = [Combination(c.play, c.capture, c.target - base) for c in puzzle.answer]
    none = Combination.there_is_none()
    roll = rng.random()
    if roll < GUESS_RATE:
        seconds = rng.uniform(0.8, 2.5)
        hit = rng.random() < GUESS_HIT
        if puzzle.none_is_right:
            return ([none] if hit else [wrong_combination(puzzle, rng)]), seconds
        return ([right[rng.randrange(len(right))]] if hit else [wrong_combination(puzzle, rng)]), seconds
    if roll < GUESS_RATE + LAPSE_RATE and not untimed:
        return [wrong_combination(puzzle, rng)], limit * rng.uniform(1.0, 1.3)
    p = logistic(pupil.true - beta_true)
    if puzzle.kind == "all":
        q = p ** (1 / len(right))
        entries = [c for c in right if rng.random() < q]
        success = len(entries) == len(right)
        if rng.random() < EXTRA_WRONG * (1 - p) or not entries:
            entries.append(wrong_combination(puzzle, rng))
            success = False
    else:
        success = rng.random() < p
        if success:
            entries = [none] if puzzle.none_is_right else [right[rng.randrange(len(right))]]
        else:
            entries = [wrong_combination(puzzle, rng)]
    median = limit * (0.30 + 0.35 * (1 - p)) * pupil.speed * (1.0 if success else 1.25)
    seconds = median * math.exp(rng.gauss(0, SPEED_NOISE))
    return entries, seconds


def spearman(xs, ys) -> float:
    def ranks(values):
        order = sorted(range(len(values)), key=values.__getitem__)
        r = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2
            i = j + 1
        return r

    return statistics.correlation(ranks(xs), ranks(ys))


def run_cohort(bank, truth, ratings, n_pupils, answers, rng, pupil_k, puzzle_k, pupil_trust, start, target):
    pupils = [
        Pupil(rng.gauss(ABILITY_MEAN, ABILITY_SD), math.exp(rng.gauss(0, SPEED_SD)), start) for _ in range(n_pupils)
    ]
    by_id = {p.id: p for p in bank}
    checkpoints = {}
    windows = {c: [] for c in CHECKPOINTS}
    predicted = {c: [] for c in CHECKPOINTS}
    flags = {"rated": 0, "too_fast": 0, "client_longer": 0, "late": 0}
    order = list(range(n_pupils))
    for step in range(1, answers + 1):
        rng.shuffle(order)
        window = next(c for c in CHECKPOINTS if step <= c) if step <= CHECKPOINTS[-1] else None
        for i in order:
            pupil = pupils[i]
            if pupil.answered % SESSION == 0:
                pupil.seen = set()
            pid = choose_puzzle(pupil.rating, ratings, pupil.seen, rng, target=target)
            pupil.seen.add(pid)
            puzzle = by_id[pid]
            entries, seconds = respond(pupil, puzzle, truth[pid], rng)
            server = seconds + rng.uniform(0.1, 0.6)
            client = server * 1.5 if rng.random() < CLOCK_FAULT_RATE else seconds
            if rng.random() < BOUNCE_RATE:
                client, server = 0.1, 0.2
            outcome = score_attempt(
                puzzle,
                entries,
                pupil=pupil.rating,
                puzzle_rating=ratings[pid],
                client_seconds=client,
                server_seconds=server,
                pupil_k=pupil_k,
                puzzle_k=puzzle_k,
                pupil_trust=pupil_trust,
            )
            late = outcome.timing.seconds >= outcome.limit
            correct = outcome.grade.correct and not late
            if window is not None:
                windows[window].append(correct)
                predicted[window].append(p_correct(pupil.rating.value, ratings[pid].value))
            flags["rated"] += outcome.update is not None
            flags["too_fast"] += "faster_than_tapping" in outcome.timing.flags
            flags["client_longer"] += "client_longer_than_server" in outcome.timing.flags
            flags["late"] += late
            pupil.rating = outcome.pupil_after
            ratings[pid] = outcome.puzzle_after
            pupil.answered += 1
        if step in CHECKPOINTS:
            est = [p.rating.value for p in pupils]
            true = [p.true for p in pupils]
            errors = [e - t for e, t in zip(est, true)]
            checkpoints[step] = {
                "rmse": math.sqrt(statistics.fmean(e * e for e in errors)),
                "bias": statistics.fmean(errors),
                "sd": statistics.pstdev(errors),
                "spearman": spearman(est, true),
                "success": statistics.fmean(windows[step]),
                "predicted": statistics.fmean(predicted[step]),
            }
    total = n_pupils * answers
    return {
        "checkpoints": checkpoints,
        "answers": total,
        "start": start.value,
        "final": [p.rating for p in pupils],
        "unrated_share": 1 - flags["rated"] / total,
        "too_fast_share": flags["too_fast"] / total,
        "client_longer_share": flags["client_longer"] / total,
        "late_share": flags["late"] / total,
    }


def puzzle_error(ratings, truth, min_count: int = 10):
    used = [pid for pid, r in ratings.items() if r.count >= min_count]
    if not used:
        return None, 0
    return math.sqrt(statistics.fmean((ratings[p].value - truth[p]) ** 2 for p in used)), len(used)


def simulate(
    pupils: int = 200,
    answers: int = 80,
    bank_size: int = 600,
    seed: int = 1,
    pupil_k: KSchedule = PUPIL_K,
    puzzle_k: KSchedule = PUZZLE_K,
    pupil_trust: float = PUPIL_TRUST,
    target: float = TARGET_SUCCESS,
) -> dict:
    rng = random.Random(seed)
    bank = generate(bank_size, random.Random(rng.getrandbits(64)))
    truth = {p.id: p.difficulty + rng.gauss(0, PRIOR_ERROR) for p in bank}
    ratings = {p.id: Rating(p.difficulty, 0) for p in bank}
    prior_rmse = math.sqrt(statistics.fmean((p.difficulty - truth[p.id]) ** 2 for p in bank))
    cold = run_cohort(bank, truth, ratings, pupils, answers, rng, pupil_k, puzzle_k, pupil_trust, Rating(), target)
    cold_puzzles = puzzle_error(ratings, truth)
    # A new cohort joins: pupils start at the median settled rating of the first (starting_rating).
    warm = run_cohort(
        bank,
        truth,
        ratings,
        pupils,
        answers,
        rng,
        pupil_k,
        puzzle_k,
        pupil_trust,
        starting_rating(cold.pop("final")),
        target,
    )
    warm.pop("final")
    warm_puzzles = puzzle_error(ratings, truth)
    return {
        "config": {
            "pupils": pupils,
            "answers": answers,
            "bank": bank_size,
            "seed": seed,
            "pupil_k": [pupil_k.start, pupil_k.floor, pupil_k.half],
            "puzzle_k": [puzzle_k.start, puzzle_k.floor, puzzle_k.half],
            "pupil_trust": pupil_trust,
            "target": target,
        },
        "bank_difficulty": [
            min(p.difficulty for p in bank),
            statistics.fmean(p.difficulty for p in bank),
            max(p.difficulty for p in bank),
        ],
        "prior_rmse": prior_rmse,
        "cold": cold,
        "cold_puzzles": cold_puzzles,
        "warm": warm,
        "warm_puzzles": warm_puzzles,
    }


def report(result: dict, seconds: float, command: str) -> str:
    cfg = result["config"]
    lines = [
        "## Puzzles: learner simulation",
        "",
        f"`{command}` ({seconds:.0f} s). {cfg['pupils']} simulated pupils per cohort, "
        f"{cfg['answers']} answers each, sessions of {SESSION}, on a bank of {cfg['bank']} generated "
        f"puzzles (starting difficulties {result['bank_difficulty'][0]:.2f} to {result['bank_difficulty'][2]:.2f}, "
        f"mean {result['bank_difficulty'][1]:.2f}); true abilities N({ABILITY_MEAN}, {ABILITY_SD}), "
        f"pupils start at rating 0; true puzzle difficulty = feature prior + N(0, {PRIOR_ERROR}) "
        f"(prior RMSE {result['prior_rmse']:.2f}). K schedules: pupils {cfg['pupil_k']}, "
        f"puzzles {cfg['puzzle_k']} (start, floor, half). Response model in the module docstring "
        f"({GUESS_RATE:.0%} fast guesses, {LAPSE_RATE:.0%} lapses past the limit, personal speed, "
        f"{CLOCK_FAULT_RATE:.0%} faulty page clocks, {BOUNCE_RATE:.1%} answers in 0.1 s).",
        "",
        "| cohort | answers | RMSE(rating − true) | bias | sd of error | Spearman ρ | success in window | predicted |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name in ("cold", "warm"):
        previous = 0
        for n, c in result[name]["checkpoints"].items():
            lines.append(
                f"| {name} | {n} | {c['rmse']:.2f} | {c['bias']:+.2f} | {c['sd']:.2f} | {c['spearman']:.2f} | "
                f"{c['success']:.1%} (answers {previous + 1}–{n}) | {c['predicted']:.1%} |"
            )
            previous = n
    lines.append("")
    for name in ("cold", "warm"):
        r = result[name]
        err, used = result[f"{name}_puzzles"]
        lines.append(
            f"- {name}: not rated (too fast) {r['unrated_share']:.1%}, page clock replaced by the "
            f"server's {r['client_longer_share']:.1%}, late {r['late_share']:.1%}; puzzle ratings "
            f"after the cohort: RMSE {err:.2f} over the {used} puzzles answered at least 10 times "
            f"(priors: {result['prior_rmse']:.2f})."
        )
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- issue 15: climbing the levels


def climb(
    pupils: int = 200,
    days: int = CLIMB_DAYS,
    bank_size: int = 600,
    seed: int = 1,
    table=None,
    growth: float = GROWTH,
    speedup: float = SPEEDUP,
) -> dict:
    """Pupils of N(ABILITY_MEAN, ABILITY_SD) who learn do one drill a school day; after each
    drill their level is read as the app reads it (trainer.puzzles.levels: rating, rated
    answers, median of the latest right answers' believed times; the highest kept).
    Returns, per pupil, the day each level was reached and the daily rating and median."""
    table = table or fluency.levels()
    rng = random.Random(seed)
    bank = generate(bank_size, random.Random(rng.getrandbits(64)))
    truth = {p.id: p.difficulty + rng.gauss(0, PRIOR_ERROR) for p in bank}
    ratings = {p.id: Rating(p.difficulty, 0) for p in bank}
    by_id = {p.id: p for p in bank}
    cohort = [Pupil(rng.gauss(ABILITY_MEAN, ABILITY_SD), math.exp(rng.gauss(0, SPEED_SD))) for _ in range(pupils)]
    start_true = [p.true for p in cohort]
    timed = [[] for _ in cohort]
    kept = [1] * pupils
    reached = [{1: 0} for _ in cohort]
    daily_rating = [[] for _ in cohort]
    daily_median = [[] for _ in cohort]
    order = list(range(pupils))
    for day in range(1, days + 1):
        rng.shuffle(order)
        for i in order:
            pupil = cohort[i]
            seen: set = set()
            for _ in range(DRILL):
                pid = choose_puzzle(pupil.rating, ratings, seen, rng)
                seen.add(pid)
                puzzle = by_id[pid]
                entries, seconds = respond(pupil, puzzle, truth[pid], rng)
                server = seconds + rng.uniform(0.1, 0.6)
                client = server * 1.5 if rng.random() < CLOCK_FAULT_RATE else seconds
                if rng.random() < BOUNCE_RATE:
                    client, server = 0.1, 0.2
                outcome = score_attempt(
                    puzzle,
                    entries,
                    pupil=pupil.rating,
                    puzzle_rating=ratings[pid],
                    client_seconds=client,
                    server_seconds=server,
                )
                if (
                    outcome.grade.correct
                    and outcome.timing.seconds < outcome.limit
                    and "faster_than_tapping" not in outcome.timing.flags
                ):
                    timed[i].append(outcome.timing.seconds * 1000)
                pupil.rating = outcome.pupil_after
                ratings[pid] = outcome.puzzle_after
            median = fluency.median_seconds(timed[i][-fluency.RECENT_ANSWERS :])
            daily_rating[i].append(pupil.rating.value)
            daily_median[i].append(median)
            now = fluency.level_now(pupil.rating.value, pupil.rating.count, median, table).number
            for number in range(kept[i] + 1, now + 1):
                reached[i][number] = day
            kept[i] = max(kept[i], now)
            pupil.true += growth
            pupil.speed *= 1 - speedup
    ranked = sorted(range(pupils), key=start_true.__getitem__)
    typical = ranked[int(TYPICAL[0] * pupils) : int(TYPICAL[1] * pupils)]
    return {
        "config": {
            "pupils": pupils,
            "days": days,
            "drill": DRILL,
            "bank": bank_size,
            "seed": seed,
            "growth": growth,
            "speedup": speedup,
        },
        "reached": reached,
        "typical": typical,
        "daily_rating": daily_rating,
        "daily_median": daily_median,
        "levels": len(table),
    }


def climb_summary(result: dict) -> list[dict]:
    """Per level: the share of all pupils and of typical ones who reached it, the typical
    pupils' median day of reaching it and median school days since the level before."""
    rows = []
    typical = result["typical"]
    for number in range(2, result["levels"] + 1):
        everyone = [r for r in result["reached"] if number in r]
        mid = [result["reached"][i] for i in typical if number in result["reached"][i]]
        rows.append(
            {
                "level": number,
                "share": len(everyone) / len(result["reached"]),
                "typical_share": len(mid) / len(typical),
                "typical_day": statistics.median(r[number] for r in mid) if mid else None,
                "typical_gap": statistics.median(r[number] - r[number - 1] for r in mid) if mid else None,
            }
        )
    return rows


def calibrate(result: dict, every: int = 10) -> list[tuple[float, float]]:
    """Proposed (rating, median seconds) for level 2, 3, ...: what the typical pupils' best
    rating so far and their median time are after `every` more school days each."""
    out = []
    typical = result["typical"]
    for number in range(2, result["levels"] + 1):
        day = min(every * (number - 1), result["config"]["days"]) - 1
        best = [max(result["daily_rating"][i][: day + 1]) for i in typical]
        medians = [result["daily_median"][i][day] for i in typical if result["daily_median"][i][day] is not None]
        out.append((statistics.median(best), statistics.median(medians) if medians else float("nan")))
    return out


def climb_report(result: dict, seconds: float, command: str, table=None) -> str:
    table = table or fluency.levels()
    cfg = result["config"]
    lines = [
        "## Pupils: climbing the fluency levels",
        "",
        f"`{command}` ({seconds:.0f} s). {cfg['pupils']} simulated pupils (true abilities "
        f"N({ABILITY_MEAN}, {ABILITY_SD}), the response model above) do a drill of {cfg['drill']} puzzles "
        f"on each of {cfg['days']} school days; each drill adds {cfg['growth']} logits of true ability and makes "
        f"them {cfg['speedup']:.0%} quicker (assumed). After each drill the level is read as the app reads it "
        f"(seed_data/levels.json). Typical: the middle third by starting ability.",
        "",
        "| level | needs (answers, rating, median time) | pupils reaching it | typical pupils reaching it | typical: school day reached | typical: school days since the level before |",
        "|---|---|---|---|---|---|",
    ]
    for row in climb_summary(result):
        level = table[row["level"] - 1]
        needs = f"{level.answers}, {level.rating}, " + (f"≤ {level.median_s} s" if level.median_s else "–")
        day = "–" if row["typical_day"] is None else f"{row['typical_day']:.0f}"
        gap = "–" if row["typical_gap"] is None else f"{row['typical_gap']:.0f}"
        lines.append(
            f"| {row['level']} {level.name('en')} | {needs} | {row['share']:.0%} | "
            f"{row['typical_share']:.0%} | {day} | {gap} |"
        )
    return "\n".join(lines) + "\n"


def climb_main(args) -> int:
    start = time.perf_counter()
    result = climb(args.pupils, args.days, args.bank, args.seed, growth=args.growth, speedup=args.speedup)
    seconds = time.perf_counter() - start
    command = (
        f".venv/bin/python bench/learner_sim.py --climb --pupils {args.pupils} --days {args.days}"
        + (f" --growth {args.growth}" if args.growth != GROWTH else "")
        + (f" --speedup {args.speedup}" if args.speedup != SPEEDUP else "")
        + (f" --seed {args.seed}" if args.seed != 1 else "")
    )
    print(climb_report(result, seconds, command))
    if args.calibrate:
        print("Proposed thresholds (typical pupils' best rating and median time every 10 school days):")
        for number, (rating, median) in enumerate(calibrate(result), 2):
            print(f"  level {number}: rating {rating:.2f}, median {median:.1f} s")
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"learner_climb_seed{args.seed}.json").write_text(
        json.dumps({"config": result["config"], "summary": climb_summary(result)}, indent=1)
    )
    return 0


# ---------------------------------------------------------------- issue 49.3: no timer

# Children of typical pace across the class (abilities N(1.5, 1): two sd either side), and a
# quick and a slow one, whose timed ratings say their speed too.
UNTIMED_CHILDREN = ((-0.5, 1.0), (0.5, 1.0), (1.5, 1.0), (2.5, 1.0), (3.5, 1.0), (1.5, 0.7), (1.5, 1.4))


def one_child(
    true: float, speed: float, bank, truth, ratings, answers: int, rng: random.Random, untimed: bool
) -> float:
    """The rating of one child of true ability `true` and speed `speed` after `answers` drill
    answers, on a bank rated by a class before them (the puzzles' ratings held still: one child
    barely moves them); timed by the HSHS score, or untimed on accuracy alone."""
    by_id = {p.id: p for p in bank}
    child = Pupil(true, speed)
    for _ in range(answers):
        if child.answered % SESSION == 0:
            child.seen = set()
        pid = choose_puzzle(child.rating, ratings, child.seen, rng)
        child.seen.add(pid)
        puzzle = by_id[pid]
        entries, seconds = respond(child, puzzle, truth[pid], rng, untimed)
        server = seconds + rng.uniform(0.1, 0.6)
        outcome = score_attempt(
            puzzle,
            entries,
            pupil=child.rating,
            puzzle_rating=ratings[pid],
            client_seconds=seconds,
            server_seconds=server,
            limit=UNTIMED_LIMIT if untimed else None,
            timed=not untimed,
        )
        child.rating = outcome.pupil_after
        child.answered += 1
    return child.rating.value


def untimed_comparison(answers: int = 80, repeats: int = 100, bank_size: int = 600, seed: int = 1) -> dict:
    """Each child of UNTIMED_CHILDREN (true ability, speed factor) `repeats` times with the
    timer and as often without, each pair from one seed: the mean ratings after `answers`."""
    rng = random.Random(seed)
    bank = generate(bank_size, random.Random(rng.getrandbits(64)))
    truth = {p.id: p.difficulty + rng.gauss(0, PRIOR_ERROR) for p in bank}
    ratings = {p.id: Rating(p.difficulty, 0) for p in bank}
    # The bank as a class of 200 left it after 80 answers each (the warm bank of `simulate`).
    run_cohort(bank, truth, ratings, 200, 80, rng, PUPIL_K, PUZZLE_K, PUPIL_TRUST, Rating(), TARGET_SUCCESS)
    rows = []
    for true, speed in UNTIMED_CHILDREN:
        seeds = [rng.getrandbits(64) for _ in range(repeats)]
        timed = [one_child(true, speed, bank, truth, ratings, answers, random.Random(s), False) for s in seeds]
        untimed = [one_child(true, speed, bank, truth, ratings, answers, random.Random(s), True) for s in seeds]
        rows.append(
            {
                "true": true,
                "speed": speed,
                "timed": statistics.fmean(timed),
                "untimed": statistics.fmean(untimed),
                "difference": statistics.fmean(untimed) - statistics.fmean(timed),
                "sd_timed": statistics.pstdev(timed),
                "sd_untimed": statistics.pstdev(untimed),
            }
        )
    return {"config": {"answers": answers, "repeats": repeats, "bank": bank_size, "seed": seed}, "children": rows}


def untimed_report(result: dict, seconds: float, command: str) -> str:
    cfg = result["config"]
    lines = [
        "## Puzzles: the same child with and without a timer (issue 49.3)",
        "",
        f"`{command}` ({seconds:.0f} s). Each simulated child (true ability, speed factor: 1 is the "
        f"typical pace, 1.4 takes 40% longer) answers {cfg['answers']} drill puzzles {cfg['repeats']} "
        'times with the timer (HSHS score) and as often with "no timer" (accuracy alone), each pair '
        "from one seed, on a bank a class of 200 rated first; the response model above, without "
        "lapses past a limit when there is none. The mean rating after the answers, in logits:",
        "",
        "| true ability | speed | timed | no timer | difference | sd of one child, timed / no timer |",
        "|---|---|---|---|---|---|",
    ]
    for r in result["children"]:
        lines.append(
            f"| {r['true']:+.1f} | {r['speed']:.1f} | {r['timed']:+.2f} | {r['untimed']:+.2f} | "
            f"{r['difference']:+.3f} | {r['sd_timed']:.2f} / {r['sd_untimed']:.2f} |"
        )
    return "\n".join(lines) + "\n"


def untimed_main(args) -> int:
    start = time.perf_counter()
    result = untimed_comparison(args.answers, args.repeats, args.bank, args.seed)
    seconds = time.perf_counter() - start
    command = (
        ".venv/bin/python bench/learner_sim.py --untimed"
        + (f" --answers {args.answers}" if args.answers != 80 else "")
        + (f" --repeats {args.repeats}" if args.repeats != 100 else "")
        + (f" --seed {args.seed}" if args.seed != 1 else "")
    )
    print(untimed_report(result, seconds, command))
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"learner_untimed_seed{args.seed}.json").write_text(json.dumps(result, indent=1))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pupils", type=int, default=200)
    parser.add_argument("--answers", type=int, default=80)
    parser.add_argument("--bank", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--ideal",
        action="store_true",
        help="no fast guesses, lapses, faulty clocks or personal speeds: answers closer to the model",
    )
    parser.add_argument("--climb", action="store_true", help="pupils who learn climb the fluency levels (issue 15)")
    parser.add_argument("--days", type=int, default=CLIMB_DAYS)
    parser.add_argument("--growth", type=float, default=GROWTH)
    parser.add_argument("--speedup", type=float, default=SPEEDUP)
    parser.add_argument("--calibrate", action="store_true", help="with --climb: propose thresholds")
    parser.add_argument(
        "--untimed", action="store_true", help="the same child with and without a timer (issue 49.3: no timer)"
    )
    parser.add_argument("--repeats", type=int, default=100, help="with --untimed: runs of each child")
    args = parser.parse_args(argv)
    if args.climb:
        return climb_main(args)
    if args.untimed:
        return untimed_main(args)
    if args.ideal:
        global GUESS_RATE, LAPSE_RATE, CLOCK_FAULT_RATE, BOUNCE_RATE, SPEED_SD
        GUESS_RATE = LAPSE_RATE = CLOCK_FAULT_RATE = BOUNCE_RATE = SPEED_SD = 0.0
    start = time.perf_counter()
    result = simulate(args.pupils, args.answers, args.bank, args.seed)
    seconds = time.perf_counter() - start
    command = (
        ".venv/bin/python bench/learner_sim.py"
        + "".join(
            f" --{k} {v}"
            for k, v in (("pupils", args.pupils), ("answers", args.answers), ("bank", args.bank), ("seed", args.seed))
            if v != {"pupils": 200, "answers": 80, "bank": 600, "seed": 1}[k]
        )
        + (" --ideal" if args.ideal else "")
    )
    text = report(result, seconds, command)
    print(text)
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    name = f"learner_sim{'_ideal' if args.ideal else ''}_seed{args.seed}.json"
    (out / name).write_text(json.dumps(result, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
