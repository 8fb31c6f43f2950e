"""Where the app sends a browser next (after login, after a language change) is always one of
its own addresses, and never breaks the response.

The login's basic cases are in tests/web/teachers/test_login.py::test_login_goes_to_a_local_next_page_only.
"""

from urllib.parse import urlsplit

from web_helpers import TEACHER_PASSWORD

HOSTILE_NEXT = [
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    " //evil.example",
    "https:evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/x\r\nSet-Cookie: stolen=1",
    "/x\x00y",
    "\u3002evil.example",
    "/\u202e/evil",
]


# A path of this site whose encoded CR LF must stay encoded (so it is allowed).
ENCODED = "/%0d%0aSet-Cookie:x=1"


def test_language_change_never_leaves_the_site(client):
    # ASVS 5.0 V3.7.2: automatic redirects only to allowed (here: our own) addresses;
    # ASVS 5.0 V1.2.1 for headers: nothing in `next` can add a header or a 500 (before the
    # fix a newline in next= raised in Werkzeug's header check).
    for target in HOSTILE_NEXT + [ENCODED]:
        for htmx in (False, True):
            response = client.post(
                "/language", data={"lang": "de", "next": target}, headers={"HX-Request": "true"} if htmx else {}
            )
            assert response.status_code == (200 if htmx else 303), target
            location = response.headers["HX-Redirect" if htmx else "Location"]
            # A path on this site, as a browser reads it (it drops tabs and newlines first).
            seen = "".join(ch for ch in location if ch not in "\t\r\n")
            assert seen.startswith("/") and not seen.startswith(("//", "/\\")), target
            assert "\\" not in seen and urlsplit(seen).netloc == "", target
            assert not any(ord(ch) < 32 for ch in location), target
            # No header was added: the only cookie set is ours.
            cookies = response.headers.getlist("Set-Cookie")
            assert all(c.startswith("tweak_session=") for c in cookies), target


def test_login_never_leaves_the_site(client, make):
    # ASVS 5.0 V3.7.2 after a successful login, as a plain post and the htmx way.
    make.teacher(email="a@school.example")
    for target in HOSTILE_NEXT:
        for headers, header in (({}, "Location"), ({"HX-Request": "true"}, "HX-Redirect")):
            response = client.post(
                "/login",
                headers=headers,
                data={"email": "a@school.example", "password": TEACHER_PASSWORD, "next": target},
            )
            assert response.headers[header] == "/classes", target
            client.post("/logout")


def test_a_local_next_page_still_works(client, make):
    make.teacher(email="a@school.example")
    response = client.post(
        "/login", data={"email": "a@school.example", "password": TEACHER_PASSWORD, "next": "/classes/7?tab=cards"}
    )
    assert response.headers["Location"] == "/classes/7?tab=cards"
