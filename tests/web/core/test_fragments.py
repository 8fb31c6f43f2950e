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


def test_holes_are_filled_in_on_every_use_and_escaped_as_the_template_would(app, monkeypatch):
    from jinja2 import ChoiceLoader, DictLoader

    source = '<p title="{{ who }}">{{ _("Hello %(name)s", name=who) }} {{ n }}</p>'
    app.jinja_env.loader = ChoiceLoader([DictLoader({"t.html": source}), app.jinja_env.loader])
    names = ["Ada & <Bo>", 'Cy "the" \x1ewho\x1e']  # the second holds a hole's mark
    with app.test_request_context("/"):
        drawn = [app.jinja_env.from_string(source).render(who=name, n=1) for name in names]
        first = fragments.render("t.html", "k", holes={"who": names[0]}, n=1)
        # Kept: a later use draws nothing, and gets its own value, never refilled.
        monkeypatch.setattr(app.jinja_env, "get_template", lambda name: (_ for _ in ()).throw(AssertionError(name)))
        second = fragments.render("t.html", "k", holes={"who": names[1]}, n=1)
    assert [first, second] == drawn
    assert first == '<p title="Ada &amp; &lt;Bo&gt;">Hello Ada &amp; &lt;Bo&gt; 1</p>'
