"""Every page, for every kind of visitor, carries the security headers, runs no inline script
and loads nothing from elsewhere; and no template or script file could add any.

The walk (tests/security/walk.py) GETs every route in app.url_map as anonymous, teacher, a
pupil choosing their name, and a logged-in pupil, as full pages and as htmx fragments; error
pages and redirects are responses too and are checked the same way.
(Moved here from tests/web/core/test_security_headers.py, which checked six public pages.)
"""

import base64
import hashlib
import re
from pathlib import Path

import pytest
from flask import url_for

from .walk import get_rules, scan

ROOT = Path(__file__).resolve().parents[2]
REQUIRED_CSP = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "frame-ancestors": "'none'",
    "form-action": "'self'",
}


def _csp(header: str) -> dict:
    return {d.split()[0]: " ".join(d.split()[1:]) for d in header.split(";") if d.strip()}


# Pages with a CSP of their own, stricter than the app's: nothing loads, no script runs, and the
# one <style> allowed is the page's own, by its SHA-256 (checked below against the page's text).
OWN_CSP = {"parent_page.show": "the parent page (issue 37.3): one request for the whole page"}
STRICT_CSP = {"default-src": "'none'", "base-uri": "'none'", "form-action": "'none'", "frame-ancestors": "'none'"}


def _style_hashes(body: str) -> list[str]:
    styles = re.findall(r"<style>(.*?)</style>", body, re.S)
    return [f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in styles]


def _check_own_csp(v, where: str) -> None:
    csp = _csp(v.headers["Content-Security-Policy"])
    assert {k: csp.get(k) for k in STRICT_CSP} == STRICT_CSP, where
    assert set(csp) == set(STRICT_CSP) | {"style-src"}, where
    assert re.fullmatch(r"'sha256-[A-Za-z0-9+/]{43}='", csp["style-src"]), where
    if v.is_html and v.body:
        assert _style_hashes(v.body) == [csp["style-src"]], where
    # The link is the key: no Referer carries it on, and no cache anywhere keeps the page.
    assert v.headers["Referrer-Policy"] == "no-referrer", where
    assert v.headers["Cache-Control"] == "private, no-store", where


# GET routes that are no page of their own (their headers are checked all the same).
NEVER_200 = {
    "signin.start": "sends the browser on to the school's sign-in service (issue 25)",
    "signin.callback": "answers only the service sending the browser back (tests/oidc)",
    "invitations.accept": "the invitation link: keeps its token in the session and sends the "
    "browser on to /invitation (issue 38.2)",
    "signin.link_teacher": "only after a service's first sign-in of a teacher (tests/browser/test_oidc_signin.py)",
    "school_signin.test": "the administrator's test sign-in: sends the browser on to the service "
    "(tests/oidc/test_saving_a_service.py)",
    "home_login.closed": "only a home session outside its hours sees it; every other visitor is sent "
    "on (tests/web/pupils/test_home_login.py, issue 37.1)",
}


def test_the_walk_reaches_every_page(walked):
    app, _, visits = walked
    # Not a requirement itself: it proves the checks below saw every page's real content
    # (each GET route answered 200 to at least one kind of visitor), not only redirects.
    reached = {v.endpoint for v in visits if v.status == 200}
    assert reached | set(NEVER_200) == {r.endpoint for r in get_rules(app)}
    assert {v.endpoint for v in visits} >= set(NEVER_200)  # walked all the same
    assert {v.status for v in visits} >= {200, 302, 404}


def test_every_response_has_the_csp_and_friends(visits):
    # ASVS 5.0 V3.4.3: a CSP on every response, with object-src 'none' and base-uri 'none'.
    # ASVS 5.0 V3.4.4: X-Content-Type-Options: nosniff on every response.
    # ASVS 5.0 V3.4.5: a Referrer-Policy that keeps our addresses on our own site.
    # ASVS 5.0 V3.4.6: frame-ancestors 'none': no page can be framed (clickjacking).
    # ASVS 5.0 V14.3.2: Cache-Control: no-store, so a shared tablet keeps no child's page.
    assert len(visits) > 40
    for v in visits:
        where = f"{v.role} {v.url} fragment={v.fragment} -> {v.status}"
        csp = _csp(v.headers["Content-Security-Policy"])
        if v.endpoint in OWN_CSP:
            _check_own_csp(v, where)
        else:
            for directive, value in REQUIRED_CSP.items():
                assert csp.get(directive) == value, f"{where}: {directive}"
        for value in csp.values():
            assert "unsafe-" not in value and "http" not in value and "data:" not in value, where
            assert "*" not in value, where
        assert v.headers["X-Content-Type-Options"] == "nosniff", where
        assert v.headers["Referrer-Policy"] in ("same-origin", "no-referrer"), where
        assert v.headers["X-Frame-Options"] == "DENY", where  # for browsers without CSP 2
        assert v.headers["Cache-Control"] in (("private, no-store",) if v.endpoint in OWN_CSP else ("no-store",)), where
        # Plain http: no HSTS (test_hsts_only_over_https shows it is there over https).
        assert "Strict-Transport-Security" not in v.headers, where
        # ASVS 5.0 V3.4.2: no CORS allowance anywhere.
        assert "Access-Control-Allow-Origin" not in v.headers, where


def test_no_page_runs_inline_script_or_style_or_loads_from_elsewhere(visits):
    # ASVS 5.0 V3.4.3 / V1.3.2: the CSP holds because the pages need nothing it forbids:
    # no inline <script>, no on*= or hx-on handlers, no style= or <style>, no javascript: or
    # data: addresses, and nothing from another origin.
    html_pages = [v for v in visits if v.is_html and v.body]
    assert len(html_pages) > 30
    for v in html_pages:
        where = f"{v.role} {v.url} fragment={v.fragment}"
        page = scan(v.body)
        assert page.inline_scripts == [], where
        assert page.handlers == [], where
        # A page with its own CSP may hold its one <style>, allowed there by hash (_check_own_csp).
        assert page.styles == (["<style>"] if v.endpoint in OWN_CSP else []), where
        for address in page.urls:
            assert not re.match(r"\s*(javascript|data|vbscript):", address, re.I), where
            assert not re.match(r"\s*(https?:)?//", address), f"{where}: {address}"


def test_static_files_have_the_headers_too(app, client):
    # ASVS 5.0 V3.4.3 / V3.4.4: "every HTTP response", the scripts and styles included, under
    # their hashed names (served by WhiteNoise) and their plain ones; they may be cached (they
    # hold nothing personal).
    names = ("js/app.js", "css/app.css", "favicon.svg", "vendor/htmx-2.0.11.min.js")
    with app.test_request_context():
        hashed = [url_for("static", filename=name) for name in names]
    for path in [f"/static/{name}" for name in names] + hashed:
        response = client.get(path)
        assert response.status_code == 200, path
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"], path
        assert response.headers["X-Content-Type-Options"] == "nosniff", path
        assert response.headers.get("Cache-Control") != "no-store", path


@pytest.mark.parametrize("path", ["/", "/login", "/join", "/no-such-page"])
def test_hsts_only_over_https(client, path):
    # ASVS 5.0 V3.4.1: Strict-Transport-Security with a max-age of at least a year on https
    # responses (over plain http browsers ignore it, and classrooms on http must work).
    response = client.get(path, base_url="https://localhost")
    hsts = response.headers["Strict-Transport-Security"]
    assert int(re.search(r"max-age=(\d+)", hsts).group(1)) >= 365 * 24 * 3600
    assert "includeSubDomains" in hsts


TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
OWN_STYLE_TEMPLATE = "templates/parents/_head.html"
SCRIPTS = sorted((ROOT / "static" / "js").rglob("*.js"))


def test_no_template_holds_inline_script_handlers_or_styles():
    # ASVS 5.0 V3.4.3 / V1.3.2, at the source: also templates no walk renders yet (branches
    # of a page that need data the walk has not made).
    assert len(TEMPLATES) > 20
    problems = []
    for path in TEMPLATES:
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(ROOT)
        for tag in re.findall(r"<script\b[^>]*>", text, re.I):
            if "src=" not in tag:
                problems.append(f"{name}: inline {tag}")
        # The parent page's head (OWN_CSP) holds its one <style>, allowed by hash, and nothing else.
        style = None if str(name) == OWN_STYLE_TEMPLATE else (r"<style\b", "<style>")
        for pattern, what in [
            (r"\son[a-z]+\s*=", "on*= handler"),
            (r"\shx-on", "hx-on handler"),
            (r"\sstyle\s*=", "style= attribute"),
            *([style] if style else []),
            (r"javascript:", "javascript: address"),
            (r"""(src|href|action)\s*=\s*["']?(https?:)?//""", "another origin"),
        ]:
            if re.search(pattern, text, re.I):
                problems.append(f"{name}: {what}")
        # ASVS 5.0 V1.2.1: output is escaped by Jinja; `|safe` only for our own picture SVGs.
        for use in re.findall(r"\{\{[^}]*\|\s*safe[^}]*\}\}", text):
            if use.replace(" ", "") != "{{p.svg|safe}}":
                problems.append(f"{name}: {use}")
        if re.search(r"\{%-?\s*autoescape\s+false", text):
            problems.append(f"{name}: autoescape false")
    assert problems == []


def test_scripts_never_build_html_from_strings_or_eval():
    # ASVS 5.0 V3.2.2: text is put in the page with safe functions (textContent), never as
    # HTML; ASVS 5.0 V1.3.2: no eval or other dynamic code.
    assert SCRIPTS
    for path in SCRIPTS:
        text = path.read_text(encoding="utf-8")
        for risky in (
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "eval(",
            "new Function",
            'setTimeout("',
            'setInterval("',
        ):
            assert risky not in text, f"{path.name}: {risky}"


def test_htmx_runs_without_eval_or_inline_styles(client):
    # ASVS 5.0 V1.3.2 / V3.4.3: htmx's own configuration switches off what the CSP forbids.
    html = client.get("/").get_data(as_text=True)
    config = re.search(r'<meta name="htmx-config" content=\'([^\']+)\'', html).group(1)
    assert '"allowEval":false' in config and '"allowScriptTags":false' in config
    assert '"includeIndicatorStyles":false' in config and '"selfRequestsOnly":true' in config
    assert '"historyCacheSize":0' in config
