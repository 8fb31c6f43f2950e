"""Walking the app: every GET page for every kind of visitor, and every POST route.

The walks read `app.url_map`, so a page or form added later is checked without anyone
remembering to list it here. A route whose URL takes a new kind of id (game_id, drill_id...)
fails with a message until `world` in tests/security/conftest.py makes one.
"""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser

from flask import url_for

HX = {"HX-Request": "true"}


def get_rules(app):
    return sorted(
        (r for r in app.url_map.iter_rules() if "GET" in r.methods and r.endpoint != "static"), key=lambda r: r.rule
    )


def post_rules(app):
    return sorted((r for r in app.url_map.iter_rules() if "POST" in r.methods), key=lambda r: r.rule)


def url(app, rule, ids: dict) -> str:
    missing = [a for a in rule.arguments if a not in ids]
    assert not missing, (
        f"{rule.endpoint}: the security walk has no {missing}; make one in `world` (tests/security/conftest.py)"
    )
    with app.test_request_context():
        return url_for(rule.endpoint, **{a: ids[a] for a in rule.arguments})


@dataclass
class Visit:
    role: str
    endpoint: str
    url: str
    fragment: bool
    status: int
    headers: dict
    content_type: str
    body: str

    @property
    def is_html(self) -> bool:
        return self.content_type.startswith("text/html")


def walk(app, clients: dict, ids: dict) -> list[Visit]:
    """GET every page as each client (`role -> test client`), as a full page and as the
    htmx fragment, without following redirects."""
    visits = []
    for role, client in clients.items():
        pages = [(rule.endpoint, url(app, rule, ids)) for rule in get_rules(app)]
        pages.append(("error 404", "/no-such-page"))
        for endpoint, address in pages:
            for fragment in (False, True):
                response = client.get(address, headers=HX if fragment else {})
                visits.append(
                    Visit(
                        role,
                        endpoint,
                        address,
                        fragment,
                        response.status_code,
                        dict(response.headers),
                        response.content_type or "",
                        response.get_data(as_text=True),
                    )
                )
    return visits


class PageScan(HTMLParser):
    """What a page would run or load: scripts, handlers, styles, and where links point."""

    def __init__(self):
        super().__init__()
        self.inline_scripts, self.handlers, self.styles = [], [], []
        self.urls, self.forms, self.inputs = [], [], []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script":
            if "src" not in a:
                self.inline_scripts.append(a)
            self._in_script = True
        if tag == "style":
            self.styles.append("<style>")
        for name, value in attrs:
            # on*= handlers, and htmx's own inline handlers / script values (hx-on, js: vals)
            if name.startswith("on") or name.startswith("hx-on") or name.startswith("data-hx-on"):
                self.handlers.append(f"<{tag} {name}>")
            if name == "style":
                self.styles.append(f"<{tag} style>")
            if name in ("hx-vals", "hx-vars") and value and value.lstrip().startswith(("js:", "javascript:")):
                self.handlers.append(f"<{tag} {name}=js:>")
            if (
                name in ("href", "src", "action", "formaction", "hx-get", "hx-post", "data", "poster", "xlink:href")
                and value is not None
            ):
                self.urls.append(value)
        if tag == "form":
            self.forms.append(a)
        if tag in ("input", "select", "textarea", "button"):
            self.inputs.append((tag, a))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        self._in_script = False

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.inline_scripts.append(data[:60])


def scan(html: str) -> PageScan:
    page = PageScan()
    page.feed(html)
    page.close()
    return page


class Snapshots:
    """`snapshot(db)`, read again only when the database changed since the last read.

    `PRAGMA data_version` on this connection changes whenever another connection (the app's
    requests, a backup into the file) commits, so a request that wrote nothing costs one
    pragma instead of reading every table. Writes through `db` itself do not change it:
    call `forget()` after them."""

    def __init__(self, db):
        self.db = db
        self.reads = 0
        self.forget()

    def forget(self) -> None:
        self._version, self._state = None, None

    def __call__(self) -> dict:
        version = self.db.execute("PRAGMA data_version").fetchone()[0]
        if version != self._version:
            self._state, self._version = snapshot(self.db), version
            self.reads += 1
        return self._state


def snapshot(db):
    """Everything stored, except when a session was last used (reading a page touches it)."""
    tables = [
        r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    ]
    state = {}
    for table in tables:
        if table == "auth_sessions":
            rows = db.execute("SELECT id, teacher_id, pupil_id, created_at FROM auth_sessions ORDER BY id")
        elif table == "games":
            # Showing a pupil's board starts the server's clock for their decision (issue 6.6):
            # bookkeeping of when a page was seen, like a session's last use.
            rows = db.execute("SELECT id, pupil_id, settings, state, record, status FROM games ORDER BY id")
        elif table == "class_table_seats":
            # When a child was last at their tablet (issue 46.1: a move refused because their
            # board was behind still says they are here): bookkeeping, like a session's last use.
            rows = db.execute("SELECT table_id, seat, pupil_id, last_move FROM class_table_seats ORDER BY rowid")
        elif table == "class_tables":
            # The same bookkeeping restarts a returning child's turn clock (updated_at); any
            # change to the game itself shows in its version and state.
            rows = db.execute(
                "SELECT id, class_id, seats, length, bot_level, status, version, state, last_move,"
                " created_at, turn_clock, to_act, helped, tournament_id FROM class_tables ORDER BY rowid"
            )
        elif table == "login_failures":
            # Opening the parent page counts against its rate limits (issue 37.3): a made-up link
            # per address, every view per link (docs/security.md, "The parent page").
            rows = db.execute(
                "SELECT * FROM login_failures WHERE key NOT LIKE 'parent-address:%'"
                " AND key NOT LIKE '%:parent-views' ORDER BY rowid"
            )
        else:
            rows = db.execute(f"SELECT * FROM {table} ORDER BY rowid")
        state[table] = rows.fetchall()
    return state
