"""One way to find the school from a request (issue 46.2): the web app's dispatcher
(trainer.web.schools) and the live channel (trainer.push.server) ask the same rule
(trainer.ops.schools), so a page and its stream always name the same school, whatever the
host header says: a port, upper case, an IPv6 address, a deeper name, a proxy's forwarded host."""

from __future__ import annotations

import pytest
from starlette.requests import Request

from school_helpers import DOMAIN, add_school
from trainer.push.server import Schools
from trainer.web.schools import SchoolsDispatcher

HOSTS = [
    (f"north.{DOMAIN}", None),
    (f"NORTH.{DOMAIN}:8080", None),
    (f"north.{DOMAIN}.", None),
    (f"a.north.{DOMAIN}", None),
    (DOMAIN, None),
    (f".{DOMAIN}", None),
    ("[::1]:5000", None),
    ("127.0.0.1:5000", None),
    ("localhost", f"north.{DOMAIN}"),
    (f"south.{DOMAIN}", f"north.{DOMAIN}, proxy.example"),
    ("", None),
]


def _push_request(path: str, host: str, forwarded: str | None) -> Request:
    headers = [(b"host", host.encode())] + ([(b"x-forwarded-host", forwarded.encode())] if forwarded else [])
    return Request(
        {"type": "http", "method": "GET", "path": path, "headers": headers, "query_string": b"", "path_params": {}}
    )


@pytest.fixture
def folder(tmp_path):
    add_school(tmp_path, "North School", "north")
    add_school(tmp_path, "South School", "south")
    return str(tmp_path)


@pytest.mark.parametrize("trust_proxy", [False, True])
@pytest.mark.parametrize("host, forwarded", HOSTS)
def test_the_web_app_and_the_channel_find_the_same_school_by_host(folder, host, forwarded, trust_proxy):
    web = SchoolsDispatcher(folder, "host", DOMAIN, test_config={"TESTING": True}, trust_proxy=trust_proxy)
    environ = {"HTTP_HOST": host, **({"HTTP_X_FORWARDED_HOST": forwarded} if forwarded else {})}
    channel = Schools.folder(folder, "host", DOMAIN, trust_proxy=trust_proxy)
    assert channel.slug(_push_request("/push/stream", host, forwarded)) == web.slug_for_host(web._host(environ))


@pytest.mark.parametrize("path, slug", [("/north/push/stream", "north"), ("/south/push/stream", "south")])
def test_by_path_the_first_part_names_the_school(folder, path, slug):
    assert Schools.folder(folder, "path").slug(_push_request(path, "localhost", None)) == slug
