"""Kept fragments (issue 50, trainer/web/core/fragments.py): drawn once per key, language and
school prefix, bounded, and never another language's or another school's bytes."""

from flask_babel import force_locale

from trainer.web.core import fragments

SEAT = {
    "seat": 1,
    "you": False,
    "name": "Ada",
    "face": "fox",
    "hand_size": 3,
    "won": 2,
    "actions": [],
    "score": 4,
    "total": None,
    "by_helper": 0,
    "to_act": True,
    "dealer": False,
    "away": False,
    "not_here": False,
    "helper": False,
}


def drawn(app, key, lang="en", root=""):
    with app.test_request_context("/", base_url=f"http://localhost{root}"), force_locale(lang):
        return fragments.render("games/_seat.html", key, s=SEAT, playing_now=True)


def test_a_fragment_is_drawn_once_per_key(app, monkeypatch):
    first = drawn(app, "k")
    assert "Ada" in first and "now playing" in first
    monkeypatch.setattr(app.jinja_env, "get_template", lambda name: (_ for _ in ()).throw(AssertionError(name)))
    assert drawn(app, "k") == first  # kept: not drawn again
    assert fragments.shown(SEAT, True) == fragments.shown(dict(SEAT), True)
    assert fragments.shown(SEAT, True) != fragments.shown({**SEAT, "score": 5}, True)


def test_each_language_and_school_prefix_has_its_own(app):
    english, dutch = drawn(app, "k"), drawn(app, "k", lang="nl")
    assert "now playing" in english and "now playing" not in dutch
    assert "/static/" in english
    assert "/oak/static/" in drawn(app, "k", root="/oak") and "/oak/" not in drawn(app, "k")


def test_the_kept_fragments_are_bounded(app, monkeypatch):
    monkeypatch.setattr(fragments, "KEPT", 3)
    for n in range(10):
        drawn(app, n)
        assert len(app.extensions["fragments"]) <= 3
