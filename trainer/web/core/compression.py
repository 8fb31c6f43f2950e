"""Pages compressed on the way out (issue 18): brotli or gzip, by Flask-Compress.

A puzzle screen with the two puzzles handed out ahead is about 19 KB of HTML; compressed it is
a few KB, which is what thirty tablets on one school Wi-Fi at 9:00 feel. Static files are
compressed ahead of time by WhiteNoise (static_files.py) and never pass through here.

BREACH (a compressed page holding a secret next to text an attacker chose) finds nothing to
read: the page's one secret is the CSRF token, which Flask-WTF signs with a timestamp, so its
signature — the part an attacker would need — changes every second, and the signed value is
useless without the server's key. Pages do not echo query strings either.
"""

from __future__ import annotations

from flask_compress import Compress

SETTINGS = {
    "COMPRESS_MIMETYPES": ["text/html", "application/json", "application/manifest+json", "text/javascript"],
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_MIN_SIZE": 1024,
    # Streamed responses (the dashboard's CSV downloads) go out as they are made.
    "COMPRESS_STREAMS": False,
}


def init_app(app) -> None:
    for name, value in SETTINGS.items():
        app.config.setdefault(name, value)
    Compress(app)
