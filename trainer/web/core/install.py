"""An installable web app for tablets: the manifest, the service worker, the offline page.

The service worker keeps only two kinds of thing: the hashed static files (they hold nothing
personal and never change under a name) and one offline page fetched without cookies. It never
stores a page or an answer of a pupil, so on a shared tablet no child can be shown another
child's screen from the cache; every other request goes to the network as if it were not there.
"""

from __future__ import annotations

import hashlib
import json

from flask import Blueprint, current_app, render_template, request, url_for

from trainer.web.core.i18n import gettext as _

bp = Blueprint("install", __name__)

# Files worth having before the first tap: what every pupil page links.
PRECACHE = (
    "css/app.css",
    "css/games.css",
    "css/worksheets.css",
    "js/app.js",
    "js/games.js",
    "js/drill.js",
    "js/editor.js",
    "js/outbox.js",
    "vendor/htmx-2.0.11.min.js",
    "favicon.svg",
)


@bp.route("/manifest.webmanifest")
def manifest():
    body = {
        "name": "TWEAK Trainer",
        "short_name": "TWEAK",
        "description": _("Mental arithmetic with the TWEAK cards"),
        "start_url": url_for("pages.home"),
        "scope": request.script_root + "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#ffffff",
        "theme_color": "#1d5fa8",
        "icons": [
            {
                "src": url_for("static", filename="icons/icon-192.png"),
                "sizes": "192x192",
                "type": "image/png",
                "purpose": "any maskable",
            },
            {
                "src": url_for("static", filename="icons/icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "any maskable",
            },
            {"src": url_for("static", filename="icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return current_app.response_class(json.dumps(body), mimetype="application/manifest+json")


@bp.route("/sw.js")
def service_worker():
    precache = [url_for("static", filename=name) for name in PRECACHE]
    offline = url_for("install.offline")
    # The cache's name changes with the files, so a new release empties the old cache.
    version = hashlib.sha256(json.dumps(precache).encode()).hexdigest()[:12]
    script = render_template(
        "install/sw.js", version=version, precache=precache, offline=offline, root=request.script_root
    )
    # Sent with no-store like every page: browsers check for a new worker on each visit.
    return current_app.response_class(script, mimetype="text/javascript")


@bp.route("/offline")
def offline():
    return render_template("install/offline.html")
