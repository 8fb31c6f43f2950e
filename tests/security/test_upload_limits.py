"""Requests larger than MAX_CONTENT_LENGTH (512 KiB) are refused before they are read, with a
friendly 413 page, on every POST route and through both real servers.

Already proved elsewhere: an oversized class list gets "That file is too big"
(tests/web/core/test_error_pages.py::test_too_large_upload_is_a_clear_413); a class list must be UTF-8
text, at most 100 names, or it is refused with a clear message and nothing is stored
(tests/web/classes/test_roster_csv.py::test_unusable_files_get_a_clear_message, ASVS 5.0 V5.2.2).
"""

import http.client
import io

import pytest

from .walk import post_rules, snapshot, url

LIMIT = 512 * 1024
TOO_BIG = "That file is too big"


def test_the_limit_is_configured(app):
    # ASVS 5.0 V5.1.1 / V5.2.1: a documented maximum size (docs/web.md: MAX_CONTENT_LENGTH).
    assert app.config["MAX_CONTENT_LENGTH"] == LIMIT


@pytest.mark.parametrize("kind", ["form", "file"])
def test_every_post_route_refuses_an_oversized_body_with_a_friendly_413(app, hostile_world, db, kind):
    # ASVS 5.0 V5.2.1: only sizes the app can handle without a denial of service: checked
    # before the CSRF check or any view reads the body, on every route.
    before = snapshot(db)
    client = hostile_world.clients["teacher"]
    for rule in post_rules(app):
        address = url(app, rule, hostile_world.ids)
        if kind == "form":
            response = client.post(address, data={"name": "x" * (LIMIT + 1024)})
        else:
            response = client.post(
                address,
                content_type="multipart/form-data",
                data={"file": (io.BytesIO(b"Noor\n" * (LIMIT // 4)), "big.csv")},
            )
        assert response.status_code == 413, address
        assert TOO_BIG in response.get_data(as_text=True), address
    assert snapshot(db) == before


def test_the_real_servers_refuse_oversized_bodies(real_servers):
    # ASVS 5.0 V5.2.1 through waitress and gunicorn: with a Content-Length (every browser
    # form) the friendly 413; sent in chunks without one (only scripts do that) the body is
    # refused too (gunicorn: 400, for want of a readable CSRF token) and reading stops.
    db = real_servers.db()
    before = db.execute("SELECT count(*) FROM classes").fetchone()[0]
    db.close()
    for server in (real_servers.single, real_servers.workers):
        browser = real_servers.browser()
        browser.get(server, "/classes")
        response = browser.post(server, "/classes", {"name": "x" * (LIMIT + 1024)})
        assert response.status == 413 and TOO_BIG in response.text, server.name

        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        chunks = (b"name=" + b"x" * 16379 for _ in range(40))  # 640 KiB
        try:
            conn.request(
                "POST",
                "/join",
                body=chunks,
                encode_chunked=True,
                headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": browser.cookie_header()},
            )
            status = conn.getresponse().status
        except (BrokenPipeError, ConnectionResetError):
            status = "closed"  # the server stopped reading and hung up: refused as well
        finally:
            conn.close()
        assert status in (413, 400, "closed"), server.name
    db = real_servers.db()
    assert db.execute("SELECT count(*) FROM classes").fetchone()[0] == before
    db.close()
