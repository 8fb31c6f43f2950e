"""Ids in URLs: `<int:...>` everywhere means an ASCII whole number SQLite can hold.

Werkzeug's own converter takes any length and, through `\\d`, the digits of every script:
/classes/99999999999999999999999 raised OverflowError at the SQLite bind (a 500), and
/classes/٣ meant class 3. This one matches 1 to 19 ASCII digits up to 2^63 - 1, so anything
else is simply no such page (404)."""

from __future__ import annotations

from werkzeug.routing import IntegerConverter

SQLITE_MAX = 2**63 - 1


class BoundedIntConverter(IntegerConverter):
    regex = r"[0-9]{1,19}"

    def __init__(self, map, fixed_digits=0, min=None, max=None, signed=False):
        bound = SQLITE_MAX if max is None or max > SQLITE_MAX else max
        super().__init__(map, fixed_digits, min, bound, signed)


def init_app(app) -> None:
    # Before any blueprint adds its rules: a rule binds its converter when it is added.
    app.url_map.converters["int"] = BoundedIntConverter
