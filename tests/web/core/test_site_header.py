"""The site header, drawn once per kind of viewer and filled in per page (issue 50,
trainer/web/core/site_header.py): each viewer sees their own name, their own form token and
this page's path, in their own language; the menu is the one for who they are."""

import re

from web_helpers import AuthActions, PupilActions

HEADER = re.compile(r'<header class="site-header">.*?</header>', re.S)
TOKEN = re.compile(r'"X-CSRFToken": "([^"]+)"')


def header_of(client, path):
    response = client.get(path)
    assert response.status_code == 200
    html = response.get_data(as_text=True).replace("&#34;", '"')
    return HEADER.search(html).group(0), TOKEN.search(html).group(1)


def test_each_pupil_sees_their_own_name_token_and_page_in_their_language(app, make, db):
    from trainer.store import pupils

    teacher = make.teacher()
    class_id = make.klass(teacher)
    seen = {}
    for name, language in (("Zoë & <Bo>", "en"), ("Ada", "nl"), ("Cem", "en")):
        pupil_id = make.pupil(class_id, name)
        pupils.set_language(db, pupil_id, language)
        client = app.test_client()
        PupilActions(client, make).login(class_id, pupil_id)
        seen[name] = (*header_of(client, "/me"), *header_of(client, "/how-to-play"))

    for me, me_token, rules, rules_token in seen.values():
        # The header's two forms carry this page's own token, as the page's htmx does.
        assert re.findall(r'name="csrf_token" value="([^"]+)"', me) == [me_token, me_token]
        assert re.findall(r'name="csrf_token" value="([^"]+)"', rules) == [rules_token, rules_token]
        assert 'name="next" value="/me"' in me and 'name="next" value="/how-to-play"' in rules
        assert "My page" in me or "Mijn pagina" in me
    zoe, ada, cem = (seen[n][0] for n in ("Zoë & <Bo>", "Ada", "Cem"))
    assert "Log out Zoë &amp; &lt;Bo&gt;" in zoe and "<Bo>" not in zoe
    assert "Log out Cem" in cem and "Zoë" not in cem
    assert "Ada" in ada and "Log out" not in ada  # in Dutch
    assert '<option value="nl" lang="nl" selected>' in ada and '<option value="en" lang="en" selected>' in cem


def test_the_menu_is_the_viewers_own(app, make):
    make.teacher(email="head@school.example", name="Head")  # the school's first account: its administrator
    make.teacher(email="ben@school.example", name="Ben")
    menus = {}
    for who, email in (("head", "head@school.example"), ("ben", "ben@school.example")):
        client = app.test_client()
        assert AuthActions(client, make).login(email).status_code == 303
        menus[who] = header_of(client, "/classes")[0]
    menus["visitor"] = header_of(app.test_client(), "/join")[0]

    assert "Log out Head" in menus["head"] and ">School<" in menus["head"]
    assert "Log out Ben" in menus["ben"] and ">School<" not in menus["ben"] and "Head" not in menus["ben"]
    assert "Teachers: log in" in menus["visitor"] and "Log out" not in menus["visitor"]


def test_the_first_paint_waits_for_the_page_the_header_is_styled_by(app):
    """The stylesheets draw the header by the <main> under it; Chromium is asked to paint
    nothing before <main> is read (tests/browser/test_no_layout_shift.py is the behaviour)."""
    html = app.test_client().get("/join").get_data(as_text=True)
    head, body = html.split("</head>")
    assert '<link rel="expect" href="#main" blocking="render">' in head
    assert body.count('id="main"') == 1 and body.index('<header class="site-header">') < body.index('id="main"')
