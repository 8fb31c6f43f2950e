"""The class overview's numbers, checked against values worked out by hand from fixture rows."""

import re
from datetime import date, timedelta

import pytest

from dashboard_helpers import attempt, backdate_class, seed_puzzles, session
from trainer.store import pupils
from trainer.web.dashboard.queries import overview

WEDNESDAY = date(2026, 3, 11)


def build_class(db, make, teacher_id, today):
    """Ada: practising and improving; Bram: falling and away; Cas: never practised; Dirk: archived.

    Ada, last 7 days (today-6 .. today): 7 answers, 5 right (71%); right times 3, 5, 4, 7, 6 s
    (median 5 s). The 7 days before: 7 answers, 4 right (57%); right times 6, 8, 9, 7 s (median
    7.5 s). So +14 points and 2.5 s faster. Games: two finished, one active; capture chances
    2+1 | 1 | 1 = 4, missed 1 + 1 = 2 (50%).
    Bram: 10 answers, 9 right the week before; 10 answers, 6 right six days ago: 30 points down.
    """
    class_id = make.klass(teacher_id, "Class 5A")
    ada, bram, cas, dirk = (make.pupil(class_id, n) for n in ("Ada", "Bram", "Cas", "Dirk"))
    pupils.set_archived(db, dirk, True)
    backdate_class(db, class_id, today - timedelta(days=21))
    puzzle = seed_puzzles(db)[0]
    d = lambda n: today - timedelta(days=n)

    def answers(pupil, day, spec):
        s = session(db, pupil, day)
        for i, (right, ms) in enumerate(spec):
            attempt(db, pupil, day, correct=right, ms=ms, puzzle_id=puzzle, session_id=s, second=i * 30)

    answers(ada, d(0), [(True, 3000), (True, 5000), (False, 2000)])
    answers(ada, d(2), [(True, 4000), (True, 7000), (False, 1000), (True, 6000)])
    answers(ada, d(7), [(True, 6000), (True, 8000), (True, 9000), (False, 500), (False, 700)])
    answers(ada, d(8), [(True, 7000), (False, 900)])
    for n in (1, 5):
        session(db, ada, d(n))  # drills finished on those days too
    db.execute("INSERT INTO pupil_ratings (pupil_id, rating, count, updated_at) VALUES (?, 0.75, 30, '')", [ada])
    games = []
    for status in ("finished", "finished", "active"):
        games.append(
            db.execute(
                "INSERT INTO games (pupil_id, settings, state, record, status, created_at, updated_at)"
                " VALUES (?, '{\"bots\": [\"beginner\"]}', '{}', '{}', ?, 0, 0)",
                [ada, status],
            ).lastrowid
        )
    for turn, (game, available, missed) in enumerate([(0, 2, 1), (0, 1, 0), (1, 1, 1), (2, 1, 0), (2, 0, 0)]):
        db.execute(
            "INSERT INTO game_moves (game_id, pupil_id, round, turn, target, captures_available, best_points,"
            " tweak_available, points, tweak, missed_capture, missed_tweak, decision_ms, hint_used, analysis,"
            " created_at) VALUES (?, ?, 0, ?, 9, ?, 3, 0, 0, 0, ?, 0, 900, 0, '{}', 0)",
            [games[game], ada, turn, available, missed],
        )

    answers(bram, d(9), [(True, 4000)] * 9 + [(False, 4000)])
    answers(bram, d(6), [(True, 4000)] * 6 + [(False, 4000)] * 4)
    session(db, bram, d(0), finished=False)  # started today, not finished
    # Another class's pupil, practising today: must not show up.
    other = make.pupil(make.klass(make.teacher()), "Eve")
    answers(other, d(0), [(False, 1000)] * 5)
    return class_id, {"ada": ada, "bram": bram, "cas": cas, "dirk": dirk}


@pytest.fixture
def summaries(db, make):
    class_id, ids = build_class(db, make, make.teacher(), WEDNESDAY)
    rows = overview.pupil_summaries(db, pupils.list_for_class(db, class_id), WEDNESDAY)
    return {r.name: r for r in rows}


def test_only_the_classes_active_pupils_are_listed(summaries):
    assert sorted(summaries) == ["Ada", "Bram", "Cas"]


def test_accuracy_and_median_time_over_this_week_and_the_week_before(summaries):
    ada = summaries["Ada"]
    assert (ada.week.answered, ada.week.correct, ada.week.median_ms) == (7, 5, 5000)
    assert (ada.previous_week.answered, ada.previous_week.correct, ada.previous_week.median_ms) == (7, 4, 7500)
    assert ada.accuracy_change == pytest.approx(100 * (5 / 7 - 4 / 7))
    assert ada.speed_change == -2500


def test_todays_drill_streak_rating_and_games(summaries):
    ada, bram, cas = summaries["Ada"], summaries["Bram"], summaries["Cas"]
    # Ada: Wed (today), Tue, Mon, weekend skipped, Fri; Thursday missed.
    assert (ada.drill_today, ada.streak) == ("done", 4)
    assert (bram.drill_today, bram.streak) == ("started", 0)
    assert (cas.drill_today, cas.streak) == ("none", 0)
    assert (ada.rating, ada.rated_answers, bram.rating) == (0.75, 30, None)
    assert (ada.games_played, ada.capture_chances, ada.missed_captures) == (2, 4, 2)
    assert ada.missed_capture_rate == 0.5
    assert (bram.games_played, bram.missed_capture_rate) == (0, None)


def test_who_needs_attention_and_why(summaries):
    assert summaries["Ada"].reasons == ()
    # Bram last practised on Thursday: Friday, Monday and Tuesday missed; 60% against 90%.
    assert [(r.code, r.value) for r in summaries["Bram"].reasons] == [("idle", 3), ("falling", 30)]
    assert [r.code for r in summaries["Cas"].reasons] == ["never"]


@pytest.fixture
def five_a(client, auth, make, db):
    teacher = auth.login_new_teacher()
    class_id, ids = build_class(db, make, teacher, date.today())
    return class_id, ids


def _row(html, name):
    body = html.split("<tbody>", 1)[1]
    return body.split(f'/progress">{name}</a>', 1)[1].split("</tr>", 1)[0]


def _table_names(html):
    body = html.split("<tbody>", 1)[1]
    return re.findall(r'<th scope="row"><a href="/pupils/\d+/progress">([^<]+)</a>', body)


def test_the_overview_page_shows_the_numbers_in_words(client, five_a):
    class_id, _ = five_a
    html = client.get(f"/classes/{class_id}/dashboard").get_data(as_text=True)
    assert _table_names(html) == ["Ada", "Bram", "Cas"]
    ada_row = _row(html, "Ada")
    for text in (
        "✓</span> Done",
        "71%",
        '<td class="num">7</td>',
        "+14 points",
        "5.0 s",
        "2.5 s faster",
        "Level 1: </span>Card Spotter",
        "50%",
        "2 of 4",
    ):
        assert text in ada_row
    # The changes are arrows, their words for screen readers and on hover: up for more right
    # answers, down for a shorter time, both good news.
    assert 'class="trend trend-better" title="+14 points" aria-hidden="true">↑' in ada_row
    assert 'class="trend trend-better" title="2.5 s faster" aria-hidden="true">↓' in ada_row
    assert "Accuracy down 30 points this week" in html and "Has not practised yet" in html
    assert "Needs attention" in _row(html, "Bram") and "Needs attention" not in _row(html, "Ada")


@pytest.mark.parametrize(
    "query, names",
    [
        ("?sort=accuracy&dir=desc", ["Ada", "Bram", "Cas"]),
        ("?sort=accuracy&dir=asc", ["Bram", "Ada", "Cas"]),
        ("?sort=games&dir=desc", ["Ada", "Bram", "Cas"]),
        ("?sort=answers&dir=desc", ["Bram", "Ada", "Cas"]),  # 10, 7 and 0 this week
        ("?sort=name&dir=desc", ["Cas", "Bram", "Ada"]),
    ],
)
def test_sorting_is_done_by_the_server(client, five_a, query, names):
    class_id, _ = five_a
    html = client.get(f"/classes/{class_id}/dashboard{query}").get_data(as_text=True)
    assert _table_names(html) == names


def test_the_sorted_column_says_so_and_its_link_reverses_it(client, five_a):
    class_id, _ = five_a
    html = client.get(f"/classes/{class_id}/dashboard?sort=accuracy&dir=asc").get_data(as_text=True)
    header = re.search(r'<th scope="col" aria-sort="ascending">\s*<a href="([^"]+)">', html)
    assert header and "sort=accuracy" in header.group(1) and "dir=desc" in header.group(1)
    assert html.count('aria-sort="ascending"') == 1 and 'aria-sort="descending"' not in html


def test_the_class_page_links_to_the_dashboard_and_the_dashboard_to_drill_settings(client, five_a):
    class_id, _ = five_a
    assert f'href="/classes/{class_id}/dashboard"' in client.get(f"/classes/{class_id}").get_data(as_text=True)
    html = client.get(f"/classes/{class_id}/dashboard").get_data(as_text=True)
    assert f'href="/classes/{class_id}/drill"' in html
    assert client.get(f"/classes/{class_id}/drill").status_code == 200  # the drills page itself
    assert "Daily drill: 10 puzzles" in html and "the standard drill" in html


def test_the_drill_settings_are_summarised_when_set(client, five_a):
    class_id, _ = five_a
    assert client.post(
        f"/classes/{class_id}/drill",
        data={"mode": "puzzles", "puzzles": "15", "kinds": ["quick", "all"], "time_limit": "25"},
    ).status_code in (200, 303)
    html = client.get(f"/classes/{class_id}/dashboard").get_data(as_text=True)
    assert "Daily drill: 15 puzzles" in html and "Find them all, Quick!" in html and "25 s a puzzle" in html
    assert "the standard drill" not in html
