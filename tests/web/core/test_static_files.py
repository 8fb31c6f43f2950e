"""Static files as a CDN would serve them (issue 18): hashed names, a year's immutable cache,
gzip and brotli negotiated by WhiteNoise."""

from __future__ import annotations

import gzip
import re

import brotli
from flask import url_for

from trainer.web.core.static_files import build, hashed_name, is_hashed
from web_helpers import make_app


def _static_url(app, filename):
    with app.test_request_context():
        return url_for("static", filename=filename)


def _source(app, filename):
    with open(f"{app.static_folder}/{filename}", "rb") as f:
        return f.read()


def test_pages_link_every_stylesheet_and_script_by_a_hashed_name(client):
    page = client.get("/").get_data(as_text=True)
    linked = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert linked, "the home page links its CSS and JS"
    assert all(is_hashed(url) for url in linked), linked


def test_a_hashed_file_is_cached_for_a_year_and_never_revalidated(app, client):
    response = client.get(_static_url(app, "css/app.css"))
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.data == _source(app, "css/app.css")


def test_brotli_when_the_browser_takes_it_else_gzip(app, client):
    url = _static_url(app, "vendor/htmx-2.0.11.min.js")
    source = _source(app, "vendor/htmx-2.0.11.min.js")

    br = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert br.headers["Content-Encoding"] == "br"
    assert brotli.decompress(br.data) == source
    assert len(br.data) < len(source) / 2

    gz = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert gz.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(gz.data) == source
    assert "Accept-Encoding" in gz.headers["Vary"]

    plain = client.get(url)
    assert "Content-Encoding" not in plain.headers
    assert plain.data == source


def test_files_are_not_readable_by_other_sites_and_not_sniffed(app, client):
    response = client.get(_static_url(app, "css/app.css"), headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in response.headers
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_the_plain_name_still_answers_but_must_be_revalidated(app, client):
    response = client.get("/static/css/app.css")
    assert response.status_code == 200
    assert "immutable" not in response.headers.get("Cache-Control", "")


def test_a_changed_file_gets_a_new_name_and_the_old_one_stays(tmp_path):
    source, out = tmp_path / "static", tmp_path / "build"
    (source / "css").mkdir(parents=True)
    (source / "css" / "a.css").write_text("body { color: black; }\n" * 40)
    first = build(source, out)["css/a.css"]
    assert build(source, out)["css/a.css"] == first, "same content, same name"

    (source / "css" / "a.css").write_text("body { color: navy; }\n" * 40)
    second = build(source, out)["css/a.css"]
    assert second != first
    # A tablet still holding yesterday's page can fetch yesterday's file.
    assert (out / first).exists() and (out / second).exists()
    assert (out / (second + ".gz")).exists()
    assert not list(out.rglob("*.tmp*")), "no half-built files left behind"


def test_while_a_build_publishes_the_build_folder_holds_only_finished_files(tmp_path, monkeypatch):
    """Another worker's WhiteNoise may read the folder while this one builds: once, in CI, a
    half-made file it listed was gone before it could look at it, and its app failed to start."""
    from trainer.web.core import static_files

    source, out = tmp_path / "static", tmp_path / "build"
    (source / "js").mkdir(parents=True)
    for name in ("a", "b", "c"):
        (source / "js" / f"{name}.js").write_text(f"var {name} = 1;\n" * 80)
    seen_mid_build = []

    class Watching(static_files.Compressor):
        def compress(self, path):
            seen_mid_build.extend(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
            yield from super().compress(path)

    monkeypatch.setattr(static_files, "Compressor", Watching)
    manifest = build(source, out)
    finished = {name + ending for name in manifest.values() for ending in ("", ".gz", ".br")}
    assert seen_mid_build, "the folder was looked at while the build published"
    assert set(seen_mid_build) <= finished, seen_mid_build
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "static"], "the staging folder is gone"


def test_hashed_names_keep_folder_and_extension():
    assert re.fullmatch(r"js/app\.[0-9a-f]{12}\.js", hashed_name("js/app.js", b"x"))
    assert re.fullmatch(r"LICENSE\.[0-9a-f]{12}", hashed_name("LICENSE", b"x"))
    assert hashed_name("js/app.js", b"x") != hashed_name("js/app.js", b"y")
    assert not is_hashed("/static/js/app.js")


def test_pages_travel_compressed_to_browsers_that_take_it(client):
    page = client.get("/join", headers={"Accept-Encoding": "gzip, br"})
    assert page.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in page.headers["Vary"]
    html = brotli.decompress(page.data).decode()
    assert "<!doctype html>" in html and len(page.data) < len(html) / 2
    assert client.get("/join", headers={"Accept-Encoding": "gzip"}).headers["Content-Encoding"] == "gzip"
    assert "Content-Encoding" not in client.get("/join").headers


def test_apps_of_one_process_share_the_table_of_files_and_each_answers_for_itself(app, tmp_path):
    """A process serving many schools makes an app per school: WhiteNoise reads the build
    folder once, and what is not a static file still reaches the app it was sent to."""
    other = make_app(tmp_path / "other.db")
    assert other.wsgi_app.files is app.wsgi_app.files
    assert other.wsgi_app.application is not app.wsgi_app.application
    for each in (app, other):
        client = each.test_client()
        assert client.get(_static_url(each, "css/app.css")).status_code == 200
        assert client.get("/").status_code == 200
    assert app.wsgi_app.application.__self__ is app and other.wsgi_app.application.__self__ is other
