"""Macro imports answer as Jinja's own do (issue 50: trainer.web.core.template_imports asks
Jinja's question of each import more cheaply, and must give the same module)."""

from jinja2 import DictLoader, Environment, Template

from trainer.web.core.template_imports import QuickImportTemplate

SOURCES = {
    "macros.html": "{% macro hello() %}Hello {{ who }}{% endmacro %}",
    "page.html": "{% from 'macros.html' import hello %}[{{ hello() }}]",
}


def environment(template_class):
    env = Environment(loader=DictLoader(SOURCES))
    env.template_class = template_class
    return env


def test_a_page_with_the_same_globals_uses_the_module_made_once():
    env = environment(QuickImportTemplate)
    env.globals["who"] = "Ada"
    assert env.get_template("page.html").render() == "[Hello Ada]"
    made = env.get_template("macros.html")._module
    assert made is not None
    assert env.get_template("page.html").render() == "[Hello Ada]"
    assert env.get_template("macros.html")._module is made


def test_a_page_with_a_global_the_macros_lack_gets_a_module_with_it_as_in_jinja():
    for template_class in (Template, QuickImportTemplate):
        env = environment(template_class)
        env.get_template("macros.html")  # loaded first, without the page's global
        page = env.get_template("page.html", globals={"who": "Bo"})
        assert page.render() == "[Hello Bo]", template_class


def test_the_app_imports_this_way(app):
    assert app.jinja_env.template_class is QuickImportTemplate
