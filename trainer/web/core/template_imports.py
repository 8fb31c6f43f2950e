"""Macro imports (`{% from "cards/_card.html" import card %}`) at the price of one set difference.

Each import asks Jinja whether the importing page has globals the imported template lacks (if
so, it must build the template's module again for them). Jinja asks by taking the set of the
page's global names minus the keys of the imported template's globals, a ChainMap, name by name
through Python: about forty names, ten imports in a game board, an eighth of a class-table
move's CPU in the profile (issue 50). The same question is asked here of the ChainMap's
dictionaries directly, in one C-level set difference. The answer, and so the module used,
is the same; when it is not empty Jinja's own code answers as before."""

from __future__ import annotations

from collections import ChainMap

from jinja2 import Template


class QuickImportTemplate(Template):
    def _get_default_module(self, ctx=None):
        if ctx is not None and isinstance(self.globals, ChainMap):
            if not ctx.globals_keys.difference(*self.globals.maps):
                ctx = None  # no global the module lacks: the module made once serves
        return super()._get_default_module(ctx)


def init_app(app) -> None:
    app.jinja_env.template_class = QuickImportTemplate
