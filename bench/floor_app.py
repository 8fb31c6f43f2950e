"""The floor (issue 36.3): the least a real page of the trainer must do, as a Flask app.

One POST: the signed session read and written again, Flask-WTF's CSRF check, one SQLite read
and one write (a WAL file, synchronous=NORMAL, a connection kept per thread, as `trainer serve`
runs), and a Jinja page of a given size rendered with `render_template` from a template that
is compiled once, on the first request, and taken from Jinja's cache after that, as every real
page of a Flask app is. (Until issue 44 the floor used `render_template_string`, which compiles
the source again on every request and made the floor about 5.5x dearer than a real app pays.)
bench/request_cost.py measures every hot route of the trainer as a ratio to it, in the same
run: what a route costs above this is the route's own work.

`create_plain_app` is the check on the floor (issue 44.3): the same work written the ordinary
way, with none of the floor's code — the template a file on disk found by Flask's own loader,
the database through a connection pool (SQLAlchemy's QueuePool's job, done by a queue here; a
connection opened per request as flaskr does costs about 2 ms more, and `trainer serve` keeps
one per thread). The floor must cost within 20 % of it (bench/request_cost.py checks, in the
same run), so it is neither inflated nor trimmed below what a real Flask app pays. `create_bare_app` serves the page alone (no
session, no CSRF, no database), so the report can say what those cost.
"""

from __future__ import annotations

import queue
import sqlite3
import threading
from pathlib import Path

from flask import Flask, g, render_template, request, session
from flask_wtf.csrf import CSRFProtect, generate_csrf
from jinja2 import DictLoader

# A dozen cards, each with a few escaped values, as the puzzle screen shows them; the rest of
# the page is markup without values (the puzzle screen's is mostly the cards' drawings and
# the buttons), filled up to the size asked for.
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title></head>
<body><main><h1>{{ title }}</h1><p>Seen {{ seen }} times.</p>
<form method="post"><input type="hidden" name="csrf_token" value="{{ csrf_token() }}">
<ul>{% for row in rows %}<li class="card card--{{ row.colour }}" data-key="{{ row.key }}">
<span class="card__value">{{ row.value }}</span> <span class="card__name">{{ row.name }}</span></li>
{% endfor %}</ul>FILLER<button>Next</button></form></main></body></html>"""
CARDS = 12
FILLER_LINE = (
    '<svg class="card__face" viewBox="0 0 60 90" aria-hidden="true"><rect width="60" height="90" rx="6"/></svg>\n'
)


ROWS = [
    {
        "colour": ("red", "blue", "green", "yellow")[i % 4],
        "key": "ABCDEFGHIJKL"[i],
        "value": i % 10 + 1,
        "name": f"Card <{i}> & co",
    }
    for i in range(CARDS)
]


def _page_app(page_bytes: int) -> Flask:
    """A Flask app whose one template, "page.html", renders to about `page_bytes`."""
    app = Flask(__name__)
    app.jinja_loader = DictLoader({"page.html": _page_source(page_bytes)})
    return app


def _page_source(page_bytes: int) -> str:
    rendered = len(PAGE) + CARDS * 140  # the page without filler, near enough
    return PAGE.replace("FILLER", FILLER_LINE * max(0, (page_bytes - rendered) // len(FILLER_LINE)))


def create_bare_app(page_bytes: int) -> Flask:
    """The same page and nothing else."""
    app = _page_app(page_bytes)

    @app.route("/", methods=["GET", "POST"])
    def page():
        return render_template("page.html", title="Floor", seen=1, rows=ROWS, csrf_token=lambda: "-")

    return app


def create_plain_app(db_path: str, page_bytes: int, folder: str) -> Flask:
    """The floor's work as flaskr would write it (templates in `folder`, written here)."""
    Path(folder, "page.html").write_text(_page_source(page_bytes), encoding="utf-8")
    app = Flask(__name__, template_folder=folder)
    app.config.update(SECRET_KEY="plain", WTF_CSRF_TIME_LIMIT=12 * 3600)
    CSRFProtect(app)
    _make_tables(db_path)

    pool: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()

    def get_db() -> sqlite3.Connection:
        if "db" not in g:
            try:
                g.db = pool.get_nowait()
            except queue.Empty:
                g.db = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
                g.db.execute("PRAGMA synchronous = NORMAL")
        return g.db

    @app.teardown_appcontext
    def give_back(_exc):
        conn = g.pop("db", None)
        if conn is not None:
            pool.put(conn)

    @app.route("/", methods=["GET", "POST"])
    def page():
        (title,) = get_db().execute("SELECT title FROM pages WHERE id = 1").fetchone()
        if request.method == "POST":
            get_db().execute("INSERT INTO hits (who, at) VALUES (?, julianday('now'))", [session.get("who", "")])
        session["who"] = session.get("who", "pupil")
        session["seen"] = session.get("seen", 0) + 1
        return render_template("page.html", title=title, seen=session["seen"], rows=ROWS)

    @app.route("/token")
    def token():
        return generate_csrf()

    return app


def _make_tables(db_path: str) -> None:
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA journal_mode = wal")
    conn.execute("CREATE TABLE IF NOT EXISTS hits (id INTEGER PRIMARY KEY, who TEXT, at REAL)")
    conn.execute("CREATE TABLE IF NOT EXISTS pages (id INTEGER PRIMARY KEY, title TEXT)")
    conn.execute("INSERT OR IGNORE INTO pages (id, title) VALUES (1, 'Floor')")
    conn.commit()
    conn.close()


def create_floor_app(db_path: str, page_bytes: int) -> Flask:
    app = _page_app(page_bytes)
    app.config.update(SECRET_KEY="floor", WTF_CSRF_TIME_LIMIT=12 * 3600)
    CSRFProtect(app)
    kept = threading.local()

    _make_tables(db_path)

    def db() -> sqlite3.Connection:
        if getattr(kept, "conn", None) is None:
            kept.conn = sqlite3.connect(db_path, check_same_thread=False, isolation_level=None)
            kept.conn.execute("PRAGMA synchronous = NORMAL")
            kept.conn.execute("PRAGMA busy_timeout = 5000")
        return kept.conn

    @app.route("/", methods=["GET", "POST"])
    def page():
        conn = db()
        (title,) = conn.execute("SELECT title FROM pages WHERE id = 1").fetchone()
        if request.method == "POST":
            conn.execute("INSERT INTO hits (who, at) VALUES (?, julianday('now'))", [session.get("who", "")])
        session["who"] = session.get("who", "pupil")
        session["seen"] = session.get("seen", 0) + 1
        return render_template("page.html", title=title, seen=session["seen"], rows=ROWS)

    @app.route("/token")
    def token():
        return generate_csrf()

    return app
