"""What the class finds hard, the printable reports, bad addresses, and the pages' accessibility."""

import re
from datetime import date, timedelta

import pytest

from dashboard_helpers import attempt, seed_puzzles
from page_checks import assert_accessible_at_a_glance
from trainer.web.dashboard.queries import progress


@pytest.fixture
def klass(client, auth, make, db):
    class_id = make.klass(auth.login_new_teacher(), "Class 4C")
    ada, bob = make.pupil(class_id, "Ada"), make.pupil(class_id, "Bob")
    p1, p2, p3 = seed_puzzles(db)[:3]
    today = date.today()
    for pupil, puzzle, correct in [
        (ada, p1, False),
        (ada, p1, False),
        (bob, p1, False),
        (bob, p1, True),
        (ada, p2, False),
        (bob, p2, False),
        (ada, p3, True),
        (bob, p3, True),
        (ada, p3, True),
    ]:
        attempt(db, pupil, today, correct=correct, puzzle_id=puzzle, target=8, combo_size=2)
    attempt(db, ada, today - timedelta(days=40), correct=False, puzzle_id=p3, target=8, combo_size=2)
    return {"id": class_id, "ada": ada, "bob": bob, "puzzles": (p1, p2, p3), "today": today}


def test_most_missed_puzzles_count_wrong_answers_and_pupils(db, klass):
    first = (klass["today"] - timedelta(days=27)).isoformat()
    hard = progress.most_missed(db, [klass["ada"], klass["bob"]], first, klass["today"].isoformat())
    p1, p2, _ = klass["puzzles"]
    assert [(h.puzzle_id, h.answered, h.missed, h.pupils, h.pupils_missed) for h in hard] == [
        (p1, 4, 3, 2, 2),
        (p2, 2, 2, 2, 2),
    ]


def test_the_hard_page_shows_the_class_heat_map_and_the_puzzles_drawn(client, klass):
    html = client.get(f"/classes/{klass['id']}/dashboard/hard").get_data(as_text=True)
    assert "Wrong 3 times" in html and "out of 4 answers (75%), by 2 of the 2 pupils who had it." in html
    assert html.count('class="missed-item"') == 2 and 'data-card="' in html
    heat = html.split('id="class-heat-accuracy"', 1)[1].split("</table>", 1)[0]
    row8 = heat.split('<th scope="row">8</th>', 1)[1].split("</tr>", 1)[0]
    assert "44%" in row8 and "9 answers" in row8  # 4 right of 9 at target 8, 2 cards


def test_the_period_can_be_chosen(client, klass):
    html = client.get(f"/classes/{klass['id']}/dashboard/hard?days=91").get_data(as_text=True)
    assert "10 answers" in html  # the answer 40 days ago is in now


def test_the_printable_class_report(client, klass):
    html = client.get(f"/classes/{klass['id']}/report").get_data(as_text=True)
    assert "Class report: Class 4C" in html and "data-print" in html and 'class="dashboard-page wide report"' in html
    assert "Ada" in html and "Wrong 3 times" in html and 'id="class-heat-accuracy"' in html


def test_the_printable_pupil_report(client, klass):
    html = client.get(f"/pupils/{klass['ada']}/report").get_data(as_text=True)
    assert "Report: Ada" in html and "data-print" in html and 'id="chart-accuracy-title"' in html
    assert "Strongest: target 8 with 2 cards" in html


def test_reports_print_without_menus_and_with_charts_kept_whole():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[3] / "static" / "css" / "dashboard.css").read_text()
    printing = css.split("@media print", 1)[1]
    assert ".no-print" in printing and ".chart, .heat-wrap" in printing and "break-inside: avoid" in printing


@pytest.mark.parametrize(
    "path, message",
    [
        ("/classes/{c}/dashboard?sort=age", "The dashboard cannot be sorted by “age”."),
        ("/classes/{c}/dashboard?dir=up", "The sort direction must be “asc” or “desc”."),
        ("/classes/{c}/dashboard/hard?days=5", "The period must be one of 7, 28, 91 days."),
        ("/pupils/{p}/progress?days=abc", "The period must be one of 28, 91, 365 days."),
        ("/pupils/{p}/attempts?before=soon", "“before” must be a time."),
        ("/pupils/{p}/attempts?before=nan", "“before” must be a time."),
    ],
)
def test_bad_query_values_get_a_clear_message(client, klass, path, message):
    response = client.get(path.format(c=klass["id"], p=klass["ada"]))
    assert response.status_code == 400 and message in response.get_data(as_text=True)


def test_htmx_gets_the_overview_fragment(client, klass):
    html = client.get(f"/classes/{klass['id']}/dashboard", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert html.lstrip().startswith('<section class="panel" id="overview">')


def test_dashboard_pages_are_accessible_at_a_glance(client, klass):
    pages = [
        f"/classes/{klass['id']}/dashboard",
        f"/classes/{klass['id']}/dashboard/hard",
        f"/classes/{klass['id']}/report",
        f"/pupils/{klass['ada']}/progress",
        f"/pupils/{klass['ada']}/attempts",
        f"/pupils/{klass['ada']}/report",
    ]
    for path in pages:
        html = client.get(path).get_data(as_text=True)
        assert_accessible_at_a_glance(path, html)
        for table in re.findall(r"<table[^>]*>(.*?)</table>", html, re.S):
            assert "<caption" in table and 'scope="col"' in table, path
        assert "style=" not in html and "<script>" not in html, path  # the CSP allows neither
