"""Every dashboard page renders in every language, with its numbers formatted for it."""

import random
from datetime import date, timedelta

import pytest

from dashboard_helpers import attempt, seed_puzzles, session
from trainer.demo.history import add_game
from trainer.web.core.i18n import LANGUAGES

HEADINGS = {
    "en": "Dashboard: 5B",
    "nl": "Dashboard: 5B",
    "da": "Oversigt: 5B",
    "de": "Übersicht: 5B",
    "fi": "Koontinäyttö: 5B",
    "cs": "Přehled: 5B",
}


@pytest.fixture
def urls(client, auth, make, db):
    class_id = make.klass(auth.login_new_teacher(), "5B")
    pupil = make.pupil(class_id, "Noor")
    make.pupil(class_id, "Sem")
    puzzle = seed_puzzles(db)[0]
    for days_ago in (0, 1, 8):
        day = date.today() - timedelta(days=days_ago)
        s = session(db, pupil, day)
        for i in range(6):
            attempt(
                db,
                pupil,
                day,
                correct=i % 3 != 0,
                ms=2500 + 300 * i,
                puzzle_id=puzzle,
                session_id=s,
                second=i,
                rating_after=0.1 * i,
            )
    game = add_game(db, pupil, date.today(), random.Random(2), me="random")
    return [
        f"/classes/{class_id}/dashboard",
        f"/classes/{class_id}/dashboard/hard",
        f"/classes/{class_id}/report",
        f"/pupils/{pupil}/progress",
        f"/pupils/{pupil}/progress?days=91",
        f"/pupils/{pupil}/report",
        f"/pupils/{pupil}/replay?game={game}&step=4",
    ]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_dashboard_pages_render_in_every_language(client, urls, lang):
    client.post("/language", data={"lang": lang, "next": "/"})
    for url in urls:
        response = client.get(url)
        html = response.get_data(as_text=True)
        assert response.status_code == 200, (lang, url)
        assert f'<html lang="{lang}">' in html and "%(" not in html, (lang, url)
    assert HEADINGS[lang] in client.get(urls[0]).get_data(as_text=True)


def test_numbers_follow_the_language(client, urls):
    client.post("/language", data={"lang": "de", "next": "/"})
    html = client.get(urls[3]).get_data(as_text=True)
    assert "2,5 s" in html or "3,1 s" in html  # decimal comma
    assert "67\xa0%" in html  # German: a no-break space before the percent sign


@pytest.mark.parametrize(
    "lang, points, expected",
    [
        ("en", -1, "−1 point"),
        ("en", 14.4, "+14 points"),
        ("en", 0.3, "no change"),
        ("de", 2, "+2 Prozentpunkte"),
        ("cs", -3, "−3 procentní body"),
        ("cs", -5, "−5 procentních bodů"),
    ],
)
def test_changes_in_points_are_words_with_plural_forms(app, lang, points, expected):
    from flask_babel import force_locale

    from trainer.web.dashboard.formatting import points_change

    with app.test_request_context(), force_locale(lang):
        assert points_change(points) == expected


@pytest.mark.parametrize(
    "ms, expected", [(-1500, "1.5 s faster"), (800, "0.8 s slower"), (40, "no change"), (None, "–")]
)
def test_changes_in_time_say_faster_or_slower(app, ms, expected):
    from trainer.web.dashboard.formatting import speed_change

    with app.test_request_context():
        assert speed_change(ms) == expected
