"""Friendly error pages, never a traceback."""

import pytest

from web_helpers import make_app


def test_404_is_friendly(client):
    response = client.get("/nothing-here")
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert "Page not found" in html
    assert "Go to the start page" in html


def test_405_is_friendly(client):
    response = client.get("/logout")
    assert response.status_code == 405
    assert "This page cannot be used like that." in response.get_data(as_text=True)


def test_unexpected_error_shows_a_calm_500_page_without_traceback(tmp_path):
    app = make_app(tmp_path / "e.db", TESTING=False)

    @app.route("/boom")
    def boom():
        raise ZeroDivisionError("secret detail")

    response = app.test_client().get("/boom")
    assert response.status_code == 500
    html = response.get_data(as_text=True)
    assert "Something went wrong" in html
    assert "Traceback" not in html and "secret detail" not in html and "ZeroDivisionError" not in html


def test_too_large_upload_is_a_clear_413(client, auth, make):
    teacher = auth.login_new_teacher()
    class_id = make.klass(teacher)
    import io

    big = io.BytesIO(b"Name\n" + b"x" * (600 * 1024))
    response = client.post(
        f"/classes/{class_id}/upload", data={"file": (big, "big.csv")}, content_type="multipart/form-data"
    )
    assert response.status_code == 413
    assert "That file is too big" in response.get_data(as_text=True)


@pytest.mark.parametrize("lang, title", [("de", "Seite nicht gefunden"), ("cs", "Stránka nenalezena")])
def test_error_pages_are_translated(client, lang, title):
    response = client.get("/nothing-here", headers={"Accept-Language": lang})
    assert title in response.get_data(as_text=True)
