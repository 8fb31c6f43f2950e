"""The floor (issue 36.3): the least a real page of the trainer must do, as a Flask app.

One POST: the signed session read and written again, Flask-WTF's CSRF check, one SQLite read
and one write (a WAL file, synchronous=NORMAL, a connection kept per thread, as `trainer serve`
runs), and a Jinja page of a given size. bench/request_cost.py measures every hot route of the
trainer as a ratio to it, in the same run: what a route costs above this is the route's own work.
"""
from __future__ import annotations

import sqlite3
import threading

from flask import Flask, render_template_string, request, session
from flask_wtf.csrf import CSRFProtect, generate_csrf

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
FILLER_LINE = '<svg class="card__face" viewBox="0 0 60 90" aria-hidden="true"><rect width="60" height="90" rx="6"/></svg>\n'


def create_floor_app(db_path: str, page_bytes: int) -> Flask:
    app = Flask(__name__)
    app.config.update(SECRET_KEY="floor", WTF_CSRF_TIME_LIMIT=12 * 3600)
    CSRFProtect(app)
    rows = [{"colour": ("red", "blue", "green", "yellow")[i % 4], "key": "ABCDEFGHIJKL"[i],
             "value": i % 10 + 1, "name": f"Card <{i}> & co"} for i in range(CARDS)]
    rendered = len(PAGE) + CARDS * 140      # the page without filler, near enough
    template = PAGE.replace("FILLER", FILLER_LINE * max(0, (page_bytes - rendered) // len(FILLER_LINE)))
    kept = threading.local()

    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA journal_mode = wal")
    conn.execute("CREATE TABLE IF NOT EXISTS hits (id INTEGER PRIMARY KEY, who TEXT, at REAL)")
    conn.execute("CREATE TABLE IF NOT EXISTS pages (id INTEGER PRIMARY KEY, title TEXT)")
    conn.execute("INSERT OR IGNORE INTO pages (id, title) VALUES (1, 'Floor')")
    conn.commit()
    conn.close()

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
        return render_template_string(template, title=title, seen=session["seen"], rows=rows)

    @app.route("/token")
    def token():
        return generate_csrf()

    return app
