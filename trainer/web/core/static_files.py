"""Static files served as a CDN would: content-hashed names, cached for a year, gzip and brotli.

WhiteNoise (a well-kept WSGI static-file server) does the serving: Accept-Encoding negotiation,
ETags, Range, and the Cache-Control headers. What it leaves to Django's storage classes — naming
files by their content — is done here, once per process: every file under static/ is copied to
the build folder as `<name>.<hash>.<ext>` with its `.gz` and `.br` beside it, and
`url_for('static', filename=...)` answers the hashed name. A changed file gets a new name, so a
year's `immutable` is safe; a tablet that already has this week's files asks for nothing but the
page. The original names stay served (by Flask, revalidated) for anything that links them.

A process serving many schools makes an app per school (trainer.web.schools), and the test suite
about 1,500: WhiteNoise's table of the files (a stat, a media type and headers per file, about
10 ms) is read once per process and set of files, not once per app.
"""

from __future__ import annotations

import copy
import hashlib
import os
import re
import shutil
import threading
from pathlib import Path

from flask import has_request_context, request, url_for as flask_url_for
from whitenoise import WhiteNoise
from whitenoise.compress import Compressor

from trainer.web.core.headers import EVERY_RESPONSE

HASH_LENGTH = 12
ONE_YEAR = 365 * 24 * 3600
_HASHED = re.compile(r"\.[0-9a-f]{%d}\.[A-Za-z0-9]+$" % HASH_LENGTH)


def hashed_name(relative: str, content: bytes) -> str:
    digest = hashlib.sha256(content).hexdigest()[:HASH_LENGTH]
    folder, _, name = relative.rpartition("/")
    stem, dot, ext = name.rpartition(".")
    name = f"{stem}.{digest}.{ext}" if dot and stem else f"{name}.{digest}"
    return f"{folder}/{name}" if folder else name


def is_hashed(url: str) -> bool:
    return bool(_HASHED.search(url))


def _publish(source: Path, target: Path, staging: Path, compressor: Compressor) -> None:
    """Copies and compresses in `staging`, then moves each file into place, compressed forms
    first: a name in the build folder is always complete, its compressed forms with it.
    Several server processes (or the test suite's workers) may build at once, and another's
    WhiteNoise may be reading the folder meanwhile: files half made there vanished under it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = staging / target.name
    shutil.copyfile(source, tmp)
    compressed = list(compressor.compress(str(tmp))) if compressor.should_compress(target.name) else []
    for path in compressed:
        os.replace(path, str(target) + path[len(str(tmp)) :])
    os.replace(tmp, target)


def build(source_dir: str | Path, build_dir: str | Path) -> dict[str, str]:
    """Returns {name under static/: hashed name}, publishing what the build folder lacks."""
    source, build = Path(source_dir), Path(build_dir)
    compressor = Compressor(quiet=True, log=lambda *args, **kwargs: None)
    # Beside the build folder, so on its file system (os.replace), and never inside it.
    staging = build.parent / f".{build.name}.{os.getpid()}-{threading.get_ident()}.tmp"
    manifest = {}
    try:
        for path in sorted(p for p in source.rglob("*") if p.is_file()):
            relative = path.relative_to(source).as_posix()
            hashed = hashed_name(relative, path.read_bytes())
            target = build / hashed
            if not target.exists():
                staging.mkdir(parents=True, exist_ok=True)
                _publish(path, target, staging, compressor)
            manifest[relative] = hashed
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return manifest


_servers: dict[tuple, WhiteNoise] = {}


def _static_server(application, build_dir: str, prefix: str, manifest: dict[str, str]) -> WhiteNoise:
    """WhiteNoise in front of `application`. Its table of files is read from the build folder
    once per process and set of files; each app gets a copy pointing at its own app."""
    key = (build_dir, prefix, tuple(sorted(manifest.items())))
    if key not in _servers:
        _servers[key] = WhiteNoise(
            None,
            root=build_dir,
            prefix=prefix,
            max_age=60,  # only hashed names are in root: they all get immutable
            immutable_file_test=lambda path, url: is_hashed(url),
            # Our pages are same-origin only; no reason to invite other sites to read the files.
            allow_all_origins=False,
            add_headers_function=_file_headers,
        )
    server = copy.copy(_servers[key])  # shares the read-only table of files
    server.application = application
    return server


def init_app(app) -> None:
    build_dir = app.config.get("STATIC_BUILD_DIR") or os.path.join(
        os.path.dirname(app.static_folder), "build", "static"
    )
    manifest = build(app.static_folder, build_dir)
    app.extensions["static_manifest"] = manifest

    @app.url_defaults
    def _hashed_static(endpoint, values):
        if endpoint == "static" and values.get("filename") in manifest:
            values["filename"] = manifest[values["filename"]]

    static_prefix = app.static_url_path.strip("/") + "/"
    app.wsgi_app = _static_server(app.wsgi_app, build_dir, static_prefix, manifest)

    # A file's address is built once per school prefix (issue 50): every page links twenty
    # files and the boards a face per player, and Flask builds each through the URL map.
    static_urls: dict[tuple[str, str], str] = {}

    def url_for(endpoint: str, **values) -> str:
        if endpoint != "static" or len(values) != 1 or "filename" not in values or not has_request_context():
            return flask_url_for(endpoint, **values)
        key = (values["filename"], request.script_root)
        found = static_urls.get(key)
        if found is None:
            found = static_urls[key] = flask_url_for(endpoint, **values)
        return found

    app.jinja_env.globals["url_for"] = url_for


def _file_headers(headers, path, url) -> None:
    if is_hashed(url):
        headers["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
    # WhiteNoise answers before Flask's after_request runs.
    for name, value in EVERY_RESPONSE.items():
        headers[name] = value
