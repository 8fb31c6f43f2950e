"""Static accessibility checks on every page: language, labels, unique ids, headings."""

import re

import pytest

from page_checks import assert_accessible_at_a_glance


@pytest.fixture
def pages(client, auth, make):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher)
    pupil_id = make.pupil(class_id, "Noor")
    teacher_pages = [
        "/classes",
        f"/classes/{class_id}",
        f"/classes/{class_id}/upload",
        f"/classes/{class_id}/cards",
        f"/pupils/{pupil_id}",
        f"/pupils/{pupil_id}/delete",
        "/how-to-play",
        f"/classes/{class_id}/paste",
        f"/classes/{class_id}/settings",
        f"/classes/{class_id}/class-sheet",
        f"/classes/{class_id}/drill",
        f"/classes/{class_id}/dashboard",
    ]
    html = {p: client.get(p).get_data(as_text=True) for p in teacher_pages}
    # The paste preview: one labelled field a name, a duplicate's error tied to its field.
    html["paste preview"] = client.post(
        f"/classes/{class_id}/paste", data={"step": "preview", "names": "Emma\nNoor\nEmma\n"}
    ).get_data(as_text=True)
    client.post("/logout")
    for p in ["/", "/login", "/register", "/join"]:
        html[p] = client.get(p).get_data(as_text=True)
    client.post("/join", data={"code": make.class_row(class_id)["join_code"]})
    html["/join/names"] = client.get("/join/names").get_data(as_text=True)
    html["/join/pupil"] = client.get(f"/join/pupil/{pupil_id}").get_data(as_text=True)
    return html


def test_every_page_is_accessible_at_a_glance(pages):
    for path, html in pages.items():
        assert_accessible_at_a_glance(path, html)
        assert re.search(r'<html lang="[a-z]{2}">', html), path
        assert 'class="skip-link" href="#main"' in html


def test_focus_is_always_visible():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static" / "css" / "app.css").read_text()
    # A ring at least 2 CSS px thick (WCAG 2.4.13) in the dark ring's colour; its contrast
    # against every background is measured in Chromium (tests/browser/test_focus_visible.py).
    ring = re.search(r":focus-visible \{ outline: (\d+)px solid var\(--focus-ring\)", css)
    assert ring and int(ring.group(1)) >= 2
    assert "outline: none" not in css.replace("main:focus { outline: none; }", "")


def test_touch_targets_are_large():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static" / "css" / "app.css").read_text()
    assert "--tap: 48px" in css


def test_pictures_have_text_labels_in_every_language(app):
    from flask_babel import force_locale

    from trainer.web.pupils.pictures import PICTURES

    assert len(PICTURES) == 9 and len({p.key for p in PICTURES}) == 9
    with app.test_request_context():
        with force_locale("fi"):
            assert [str(p.label) for p in PICTURES][:3] == ["Aurinko", "Kuu", "Tähti"]


def _luminance(hex_colour):
    rgb = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a, b):
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize(
    "ink, background",
    [
        ("--ink", "--bg"),
        ("--ink", "--panel"),
        ("--muted", "--panel"),
        ("--muted", "--bg"),
        ("--accent", "--panel"),
        ("--accent-ink", "--accent"),
        ("--danger", "--panel"),
        ("--ok-ink", "--ok-bg"),
    ],
)
def test_text_colours_meet_wcag_aa_contrast(ink, background):
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static" / "css" / "app.css").read_text()
    colours = dict(re.findall(r"(--[a-z-]+): (#[0-9a-f]{6});", css))
    assert _contrast(colours[ink], colours[background]) >= 4.5
