"""Compiled templates are shared by every app of the process (trainer.web.core.template_code):
a process serving many schools compiles each template once, an edited template is compiled
again, and an environment with other settings never gets another's code."""

from __future__ import annotations

from jinja2 import DictLoader, Environment

from trainer.web.core.template_code import SharedTemplateCode
from web_helpers import make_app


def _counting_compiles(environment):
    compiled = []
    original = environment.compile

    def compile(source, name=None, filename=None, raw=False, defer_init=False):
        compiled.append(name)
        return original(source, name, filename, raw, defer_init)

    environment.compile = compile
    return compiled


def test_a_second_app_renders_every_page_without_compiling_a_template(tmp_path):
    first, second = make_app(tmp_path / "a.db"), make_app(tmp_path / "b.db")
    assert second.jinja_env.bytecode_cache is first.jinja_env.bytecode_cache
    seen_second = _counting_compiles(second.jinja_env)
    for app in (first, second):
        for url in ("/", "/how-to-play", "/login", "/join"):
            assert app.test_client().get(url).status_code == 200
    assert seen_second == [], seen_second
    # The second app found all it rendered compiled by the first; a new cache compiles.
    fresh = make_app(tmp_path / "c.db")
    fresh.jinja_env.bytecode_cache = SharedTemplateCode()
    seen_fresh = _counting_compiles(fresh.jinja_env)
    assert fresh.test_client().get("/login").status_code == 200
    assert "base.html" in seen_fresh


def _environment(cache, templates, **settings):
    return Environment(loader=DictLoader(templates), bytecode_cache=cache, **settings)


def test_an_edited_template_is_compiled_again():
    cache = SharedTemplateCode()
    templates = {"hello.html": "Hello {{ name }}!"}
    assert _environment(cache, templates).get_template("hello.html").render(name="Ann") == "Hello Ann!"
    templates["hello.html"] = "Hi {{ name }}."
    assert _environment(cache, templates).get_template("hello.html").render(name="Ann") == "Hi Ann."


def test_other_settings_never_get_anothers_code():
    cache = SharedTemplateCode()
    templates = {"list.html": "{% for x in xs %}\n{{ x }}\n{% endfor %}"}
    plain = _environment(cache, templates).get_template("list.html").render(xs=[1, 2])
    trimmed_env = _environment(cache, templates, trim_blocks=True)
    seen = _counting_compiles(trimmed_env)
    trimmed = trimmed_env.get_template("list.html").render(xs=[1, 2])
    assert seen == ["list.html"]
    assert plain != trimmed and trimmed == "1\n2\n"
