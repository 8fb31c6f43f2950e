"""Kept macros (issue 50, trainer/web/core/kept_macros.py): a card's face, its name, an action
card and a player's face drawn once per arguments, language, school prefix and what they read
of the viewer, and never another's."""

from flask_babel import force_locale
from markupsafe import Markup

from trainer.web.core import kept_macros


class Counted:
    """A stand-in macro that says what it was called with, and counts its calls."""

    def __init__(self):
        self.calls = 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return Markup(f"{args}{sorted(kwargs.items())}")


def test_a_kept_macro_is_drawn_once_per_arguments_language_and_prefix(app):
    macro = Counted()
    face = kept_macros.kept("face", macro)
    with app.test_request_context("/"):
        first = face("R1a", extra="card--small")
        assert face("R1a", extra="card--small") is first and macro.calls == 1
        face("R1a")
        face("O2b", extra="card--small")
        assert macro.calls == 3
        with force_locale("nl"):
            face("R1a", extra="card--small")
        assert macro.calls == 4
        face(["R1a"])  # a list cannot be a key: drawn every time
        face(["R1a"])
        assert macro.calls == 6
    with app.test_request_context("/", base_url="http://localhost/oak"):
        face("R1a", extra="card--small")
    assert macro.calls == 7
    # Another macro of the same arguments is its own.
    other = Counted()
    with app.test_request_context("/"):
        kept_macros.kept("other", other)("R1a", extra="card--small")
    assert other.calls == 1


def test_what_a_macro_reads_of_the_viewer_is_read_on_each_call_and_keys_it(app, monkeypatch):
    macro = Counted()
    viewer = {"faces": "dots"}
    monkeypatch.setitem(kept_macros.VIEWER, "faces", lambda args, kwargs: viewer["faces"])
    face = kept_macros.kept("face", macro, "faces")
    with app.test_request_context("/"):
        dots = face("R1a")
        viewer["faces"] = "digits"
        digits = face("R1a")
        viewer["faces"] = "dots"
        assert face("R1a") is dots
    assert "('faces', 'dots')" in dots and "('faces', 'digits')" in digits and macro.calls == 2


def test_a_players_face_reads_the_childs_own_character_only_when_it_is_theirs(app, monkeypatch):
    read = []
    monkeypatch.setattr(kept_macros, "pupil_page", lambda: read.append(1))
    with app.test_request_context("/"):
        assert kept_macros.VIEWER["mine"](("fox", 40), {}) is None and read == []
        assert kept_macros.VIEWER["mine"]((), {"face": "avatars/owl"}) is None and read == []
        kept_macros.VIEWER["mine"]((None, 24), {})
    assert read == [1]


def test_outside_a_request_a_macro_is_simply_drawn(app):
    macro = Counted()
    face = kept_macros.kept("face", macro)
    with app.app_context():
        face("R1a")
        face("R1a")
    assert macro.calls == 2
