"""Printable login cards: name, class code, a QR code to the login page, the pictures."""

import re

from trainer.web.core.qr import qr_svg


def test_cards_show_every_active_pupil_with_code_qr_and_pictures(client, auth, make, db):
    class_id = make.klass(auth.login_new_teacher(), "Owls")
    make.pupil(class_id, "Noor", password="sun,tree,boat")
    make.pupil(class_id, "Sem", password="moon,star,fish")
    gone = make.pupil(class_id, "Gone")
    db.execute("UPDATE pupils SET archived_at = 'x' WHERE id = ?", [gone])
    code = make.class_row(class_id)["join_code"]
    html = client.get(f"/classes/{class_id}/cards").get_data(as_text=True)
    assert html.count('class="login-card"') == 2
    assert "Gone" not in html
    assert html.count(f"<strong>{code}</strong>") == 2
    assert html.count('<svg role="img"') == 2 and 'class="qr"' in html
    noor = html[html.index(">Noor<") : html.index(">Sem<")]
    assert noor.index(">Sun<") < noor.index(">Tree<") < noor.index(">Boat<")


def test_qr_code_holds_the_login_page_with_the_token_in_the_fragment(client, auth, make):
    class_id = make.klass(auth.login_new_teacher())
    make.pupil(class_id, "Noor")
    row = make.class_row(class_id)
    html = client.get(f"/classes/{class_id}/cards").get_data(as_text=True)
    expected = qr_svg(f"http://localhost/join#k={row['qr_token']}", "x")
    path = re.search(r' d="([^"]+)"', expected).group(1)
    assert path in html  # same QR modules as the expected URL
    assert row["join_code"] not in f"http://localhost/join#k={row['qr_token']}"


def test_public_url_setting_is_used_in_the_qr_code(tmp_path):
    from trainer.store.db import connect
    from web_helpers import AuthActions, Make, make_app

    app = make_app(tmp_path / "c.db", PUBLIC_URL="https://tweak.school.example")
    client = app.test_client()
    db = connect(app.config["DATABASE"])
    make = Make(db)
    class_id = make.klass(AuthActions(client, make).login_new_teacher())
    make.pupil(class_id, "Noor")
    token = make.class_row(class_id)["qr_token"]
    html = client.get(f"/classes/{class_id}/cards").get_data(as_text=True)
    expected = qr_svg(f"https://tweak.school.example/join#k={token}", "x")
    assert re.search(r' d="([^"]+)"', expected).group(1) in html
    db.close()


def test_qr_svg_is_inline_without_styles_or_external_references():
    svg = str(qr_svg("http://localhost/join#k=abc", 'label "quoted"'))
    assert svg.startswith('<svg role="img" aria-label="label &#34;quoted&#34;"')
    assert "style=" not in svg and "http" not in svg.replace("http://localhost", "")
    assert "xlink" not in svg


def test_cards_page_has_a_print_stylesheet_and_print_button(client, auth, make):
    class_id = make.klass(auth.login_new_teacher())
    html = client.get(f"/classes/{class_id}/cards").get_data(as_text=True)
    assert "data-print" in html
    css = client.get("/static/css/app.css").get_data(as_text=True)
    assert "@media print" in css and "break-inside: avoid" in css
