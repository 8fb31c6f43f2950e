"""The class overview: one PupilSummary per pupil, from a handful of set-based queries."""

from __future__ import annotations

from datetime import date, timedelta

from sqlite_utils import Database

from trainer.games.game_level import game_level, load_bot_elo
from trainer.store import drills, game_levels
from trainer.web.dashboard import metrics
from trainer.web.dashboard.days import WEEK, iso, local_day, parse_day, window
from trainer.web.dashboard.queries import class_games, summaries
from trainer.web.dashboard.queries.summaries import day_literal, marks


def _since(pupil: dict, class_created: dict) -> date | None:
    """The school day from which `pupil` could practise: the later of the pupil's and the class's
    creation (UTC timestamps, read as the school's local date)."""
    stamps = [s for s in (pupil.get("created_at"), class_created.get(pupil.get("class_id"))) if s]
    days = [local_day(s) for s in stamps]
    days = [d for d in days if d is not None]
    return max(days) if days else None


def pupil_summaries(db: Database, pupils: list[dict], today: date) -> list[metrics.PupilSummary]:
    """Summaries for `pupils` (rows with id and name), in the order given."""
    ids = [p["id"] for p in pupils]
    if not ids:
        return []
    week_first, last = window(today, WEEK)
    previous_first, _ = window(today - timedelta(days=WEEK), WEEK)
    counts: dict = {}
    for row in summaries.day_rows(db, ids, previous_first, last):
        key = (row["pupil_id"], row["day"] >= week_first)
        answered, correct = counts.get(key, (0, 0))
        counts[key] = (answered + row["answered"], correct + row["correct"])
    medians = summaries.grouped_medians(
        db,
        ["pupil_id", f"day >= {day_literal(week_first)}"],
        f"pupil_id IN ({marks(ids)}) AND day BETWEEN ? AND ?",
        [*ids, previous_first, last],
    )
    last_days = summaries.last_practice(db, ids)
    drills = summaries.drill_days(db, ids, iso(today - timedelta(days=metrics.STREAK_LOOKBACK_DAYS)))
    ratings = summaries.ratings(db, ids)
    played = summaries.games_played(db, ids)
    moves = summaries.game_totals(db, ids)
    at_tables = class_games.totals(db, ids)
    levels = game_levels.for_pupils(db, ids)
    at_home = summaries.home_days(db, ids, week_first, last)
    bots = load_bot_elo()
    class_ids = sorted({p["class_id"] for p in pupils if p.get("class_id") is not None})
    class_created = (
        dict(db.execute(f"SELECT id, created_at FROM classes WHERE id IN ({marks(class_ids)})", class_ids).fetchall())
        if class_ids
        else {}
    )

    def week(pupil_id: int, current: bool) -> metrics.Week:
        answered, correct = counts.get((pupil_id, current), (0, 0))
        return metrics.Week(answered, correct, medians.get((pupil_id, int(current))))

    out = []
    for pupil in pupils:
        pid = pupil["id"]
        current, previous = week(pid, True), week(pid, False)
        last_day = parse_day(last_days[pid]) if pid in last_days else None
        days = drills.get(pid, {})
        done = {parse_day(d) for d, finished in days.items() if finished}
        today_status = "done" if days.get(iso(today)) else "started" if iso(today) in days else "none"
        rating, rated = ratings.get(pid, (None, 0))
        game, at_table = moves.get(pid, {}), at_tables.get(pid, {})
        class_chances, class_missed = at_table.get("capture_chances") or 0, at_table.get("missed_captures") or 0
        out.append(
            metrics.PupilSummary(
                pupil_id=pid,
                name=pupil["name"],
                drill_today=today_status,
                streak=metrics.streak(done, today),
                week=current,
                previous_week=previous,
                rating=rating,
                rated_answers=rated,
                games_played=played.get(pid, 0),
                capture_chances=(game.get("capture_chances") or 0) + class_chances,
                missed_captures=(game.get("missed_captures") or 0) + class_missed,
                last_practice=last_day,
                class_rounds=at_table.get("rounds", 0),
                class_tweaks=at_table.get("tweaks") or 0,
                class_capture_chances=class_chances,
                class_missed_captures=class_missed,
                reasons=metrics.attention(current, previous, last_day, today, _since(pupil, class_created)),
                game_level=game_level(levels[pid], bots) if pid in levels else None,
                home_days=at_home.get(pid, 0),
            )
        )
    return out


def drill_settings(db: Database, class_id: int) -> dict:
    """The class's daily drill as the drills code runs it (its default when the teacher has not
    set one), and whether it is that default."""
    settings = drills.settings_for_class(db, class_id)
    is_set = db.execute("SELECT 1 FROM drill_settings WHERE class_id = ?", [class_id]).fetchone() is not None
    return {
        "puzzles": settings.puzzles,
        "minutes": settings.minutes,
        "kinds": list(settings.kinds),
        "time_limit": settings.time_limit,
        "default": not is_set,
    }
