"""Security headers on every page: CSP without inline script or other origins, and friends."""
import re

import pytest

PAGES = ["/", "/login", "/register", "/join", "/how-to-play", "/no-such-page"]


@pytest.mark.parametrize("path", PAGES)
def test_headers_on_every_page(client, path):
    response = client.get(path)
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "http" not in csp  # no external origins
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["Cache-Control"] == "no-store"
    assert "HX-Request" in response.headers["Vary"]


@pytest.mark.parametrize("path", PAGES)
def test_pages_have_no_inline_script_style_or_external_resources(client, path):
    html = client.get(path).get_data(as_text=True)
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    assert " style=" not in html and "<style" not in html
    assert not re.search(r"\son[a-z]+=", html)  # no inline event handlers
    assert not re.search(r'(src|href)="(https?:)?//', html)


def test_static_files_are_served_with_nosniff_and_cacheable(client):
    response = client.get("/static/vendor/htmx-2.0.11.min.js")
    assert response.status_code == 200
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers.get("Cache-Control") != "no-store"


def test_one_htmx_version_is_vendored_with_its_licence():
    from pathlib import Path
    vendor = Path(__file__).parent.parent / "static" / "vendor"
    scripts = sorted(p.name for p in vendor.glob("htmx-*.js"))
    assert scripts == ["htmx-2.0.11.min.js"]
    assert (vendor / "htmx-2.0.11.LICENSE").exists()
