"""A fuzzer that knows what the pages render (issue 23; docs/security.md).

1. `crawl`: as each kind of visitor, start from their entry pages and follow the app's own
   links, redirects, htmx `hx-get`s and GET forms, like a scanner; every form (action, method,
   enctype, every field including hidden ones, select options, radio and button values, file
   inputs) and every link with a query string becomes a `Target`. Nothing here names a route
   or a field: a new page, form or field is fuzzed because a page renders it.
2. `mutations(fuzzer)`: a Hypothesis strategy for (target, one change): one field's value
   (non-ASCII, emoji, invalid UTF-8 escapes, NUL and control characters, CR/LF, 100 kB, Unicode
   digits, huge/negative/float/NaN numbers, deep JSON), a repeated, missing or extra field, one
   header (X-CSRFToken, HX-*, Accept-Language, Origin, Cookie: garbage, oversized, another
   visitor's) or a body of the wrong content type.
3. `Fuzzer.send`: the request, from the world as it was after the crawl (the database is put
   back after any request that changed it, cookies are the visitor's own), and `Fuzzer.check`:
   no 5xx, no exception or logged traceback, and a refused (4xx) request or any GET changed no
   stored row.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
import traceback
from collections import deque
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import parse_qsl, quote_from_bytes, unquote_to_bytes, urljoin, urlsplit

from hypothesis import strategies as st

from .walk import snapshot

ENTRY_PAGES = {
    "nobody": [
        "/",
        "/login",
        "/register",
        "/join",
        "/how-to-play",
        "/at-home",  # where a home QR opens (issue 37.1)
        "/invitations/" + "fuzz-invitation-token",  # made in fuzz_world (issue 19)
        "/signin/link",  # pending in fuzz_world (issue 25)
        "/signin/1/callback?state=fuzz&code=fuzz",  # where a provider sends people back
        # Read by the browser, not linked (issue 45: every route is fuzzed): the app's
        # manifest and service worker, the offline page, home practice out of hours, a
        # parent's link (an unknown one: the view's lookup is what hostile input meets).
        "/manifest.webmanifest",
        "/sw.js",
        "/offline",
        "/at-home/closed",
        "/family/fuzz-parent-link",
    ],
    "joining": ["/join/names"],  # a pupil who has entered the class code
    # A question waits in fuzz_world (issue 34); My page asks for the tournament's call when
    # the live channel says a table changed (issue 46.6), and the fuzz world runs no channel.
    "pupil": ["/", "/signin/was-that-you", "/play/call"],
    "teacher": ["/"],
}
# Tables a refused request may still change, each for its own reason (compared nowhere else):
VOLATILE_TABLES = {
    # a wrong password or picture is refused *and* counted: that is the throttle's job
    "login_failures",
    "login_throttle",
    # the daily purge runs on the first request of the day, whatever that request is
    "maintenance",
    # a browser seen at a login is remembered for the per-device limits (trainer.web.core.device)
    "known_devices",
}
# Columns a request may change without changing anything stored (as in walk.snapshot).
WATCHED_COLUMNS = {
    "auth_sessions": ["id", "teacher_id", "pupil_id", "created_at"],
    "games": ["id", "pupil_id", "settings", "state", "record", "status"],
}
CHANGES = "zz_fuzz_changes"
MAX_PAGES_PER_ENDPOINT = 5  # pages of one endpoint the crawl reads (ids differ, forms alike)
MAX_PAGES_PER_ROLE = 400


@dataclass
class Field:
    name: str
    kind: str  # input type, "select", "textarea", "button"
    values: list[str]  # the value the page gives, or every option it offers

    @property
    def value(self) -> str:
        return self.values[0] if self.values else ""


@dataclass
class Target:
    role: str
    method: str
    path: str
    endpoint: str
    fields: list[Field]
    multipart: bool = False
    source: str = ""  # the page it was found on
    cookie: str = ""  # the visitor's cookies when it was found (its CSRF token's)
    csrf_header: str = ""  # sent by htmx as X-CSRFToken (hx-post, hx-get)

    @property
    def key(self):
        return (self.role, self.method, self.endpoint, tuple(f.name for f in self.fields), bool(self.csrf_header))


class _Forms(HTMLParser):
    """Forms, links and htmx requests of one page."""

    def __init__(self):
        super().__init__()
        self.forms: list[dict] = []
        self.links: list[str] = []
        self.hx: list[tuple[str, str, dict]] = []  # (method, url, hx-vals) outside forms
        self._form = None
        self._select = None
        self._textarea = None
        self.csrf_header = ""

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "body" and a.get("hx-headers"):
            try:
                self.csrf_header = str(json.loads(a["hx-headers"]).get("X-CSRFToken", ""))
            except ValueError:
                pass
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if a.get("hx-get") and tag != "form":
            self.links.append(a["hx-get"])
        if tag == "form":
            # what a browser submits (action, method), and what htmx sends instead
            actions = []
            if "action" in a or not (a.get("hx-post") or a.get("hx-get")):
                actions.append((a.get("method", "GET").upper(), a.get("action", ""), False))
            if a.get("hx-post"):
                actions.append(("POST", a["hx-post"], True))
            if a.get("hx-get"):
                actions.append(("GET", a["hx-get"], True))
            self._form = {"enctype": a.get("enctype", ""), "fields": [], "actions": actions}
            self.forms.append(self._form)
            return
        if self._form is None:
            if a.get("hx-post"):
                try:
                    vals = json.loads(a.get("hx-vals") or "{}")
                except ValueError:
                    vals = {}
                self.hx.append(("POST", a["hx-post"], vals if isinstance(vals, dict) else {}))
            return
        form = self._form
        # a button (or input) that posts elsewhere is a form of its own
        other = a.get("formaction") or a.get("hx-post")
        if other and tag in ("button", "input"):
            form["actions"].append(("POST", other, bool(a.get("hx-post"))))
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text").lower()
            if kind in ("submit", "image", "reset") and not a.get("value"):
                return
            form["fields"].append(Field(name, kind, [a.get("value", "")]))
        elif tag == "button" and name:
            form["fields"].append(Field(name, "button", [a.get("value", "")]))
        elif tag == "select" and name:
            self._select = Field(name, "select", [])
            form["fields"].append(self._select)
        elif tag == "option" and self._select is not None:
            self._select.values.append(a.get("value", ""))
        elif tag == "textarea" and name:
            self._textarea = Field(name, "textarea", [""])
            form["fields"].append(self._textarea)

    def handle_data(self, data):
        if self._textarea is not None:
            self._textarea.values[0] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def _merge(fields: list[Field]) -> list[Field]:
    """Radio buttons and submit buttons of one name are one field with several values."""
    merged: dict[str, Field] = {}
    for f in fields:
        if f.name in merged and f.kind in ("radio", "button", "submit") and merged[f.name].kind == f.kind:
            merged[f.name].values += [v for v in f.values if v not in merged[f.name].values]
        elif f.name not in merged:
            merged[f.name] = Field(f.name, f.kind, list(f.values))
    return list(merged.values())


def baseline(f: Field) -> str:
    """What a visitor would send for a field the page leaves for them to fill in."""
    if f.value or f.kind in ("hidden", "select", "radio", "button", "submit", "checkbox"):
        return f.value
    return {"number": "3", "email": "fuzz@school.example", "date": "2026-12-02", "file": "name\nAnna\n"}.get(
        f.kind, "Fuzz 1"
    )


class Crawler:
    """Reads pages as one visitor and turns what they render into targets."""

    def __init__(self, app):
        self.app = app
        self.adapter = app.url_map.bind("localhost")
        self.targets: dict = {}
        self.pages: dict[str, list[str]] = {}
        self._read: dict = {}  # (role, endpoint) -> pages of it read
        # A fragment htmx swaps in has no <body>: its hx-posts send the header of the page
        # they land in, which is the session's token as every page of that session had it.
        # Keyed by the role, not its cookie: a fragment's answer may re-sign the cookie, and
        # the forms are submitted from fresh clients holding the role's session.
        self._csrf_of_role: dict[str, str] = {}

    def endpoint(self, method: str, path: str) -> str | None:
        try:
            rule, _ = self.adapter.match(urlsplit(path).path, method=method, return_rule=True)
        except Exception:  # 404, 405, a RequestRedirect: not a page of its own
            return None
        return rule.endpoint if rule.endpoint != "static" else None

    def crawl(self, role: str, client, entry_pages, limit=MAX_PAGES_PER_ROLE, cap=MAX_PAGES_PER_ENDPOINT):
        """GET from the entry pages outwards, like a scanner (breadth first)."""
        queue, seen = deque(entry_pages), set()
        pages = self.pages.setdefault(role, [])
        while queue and len(pages) < limit:
            address = queue.popleft()
            endpoint = self.endpoint("GET", address)
            if address in seen or endpoint is None:
                continue
            seen.add(address)
            # a few pages of each endpoint (and of each set of query parameters it takes)
            kind = (role, endpoint, frozenset(k for k, _ in parse_qsl(urlsplit(address).query)))
            if self._read.get(kind, 0) >= cap:
                continue
            self._read[kind] = self._read.get(kind, 0) + 1
            for fragment in (False, True):
                response = client.get(address, headers={"HX-Request": "true"} if fragment else {})
                pages.append(address)
                queue.extend(self.harvest(role, client, address, endpoint, response))

    def harvest(self, role, client, address, endpoint, response) -> list[str]:
        """Targets from one response; returns the links it has."""
        links = []
        location = response.headers.get("Location") or response.headers.get("HX-Redirect")
        if location:
            links.append(self._local(location, address))
        cookie = "; ".join(f"{c.key}={c.value}" for c in client._cookies.values())
        # Every page read is a target, with a query string or without (issue 45: the route
        # table is the fuzzer's list): a page without parameters still gets hostile headers,
        # cookies and extra parameters.
        if endpoint:
            self._add(
                Target(
                    role,
                    "GET",
                    address,
                    endpoint,
                    [Field(k, "text", [v]) for k, v in parse_qsl(urlsplit(address).query, keep_blank_values=True)],
                    source=address,
                    cookie=cookie,
                )
            )
        body = response.get_data(as_text=True)
        response.close()
        if not (response.content_type or "").startswith("text/html"):
            return links
        page = _Forms()
        page.feed(body)
        if page.csrf_header:
            self._csrf_of_role[role] = page.csrf_header
        else:
            page.csrf_header = self._csrf_of_role.get(role, "")
        links += [self._local(link, address) for link in page.links]
        for form in page.forms:
            fields = _merge(form["fields"])
            multipart = "multipart" in form["enctype"] or any(f.kind == "file" for f in fields)
            for method, action, htmx in form["actions"]:
                header = page.csrf_header if htmx else ""
                url = self._local(action or address, address)
                ep = self.endpoint(method, url)
                if ep is None:
                    continue
                if method == "GET":
                    links.append(urlsplit(url).path + "?" + "&".join(f"{f.name}={baseline(f)}" for f in fields))
                    self._add(
                        Target(
                            role,
                            "GET",
                            urlsplit(url).path,
                            ep,
                            fields,
                            source=address,
                            cookie=cookie,
                            csrf_header=header,
                        )
                    )
                else:
                    self._add(Target(role, method, url, ep, fields, multipart, address, cookie, header))
        for method, url, vals in page.hx:
            url = self._local(url, address)
            ep = self.endpoint(method, url)
            if ep:
                self._add(
                    Target(
                        role,
                        method,
                        url,
                        ep,
                        [Field(k, "hidden", [str(v)]) for k, v in vals.items()],
                        source=address,
                        cookie=cookie,
                        csrf_header=page.csrf_header,
                    )
                )
        return links

    @staticmethod
    def _local(link: str, base: str) -> str:
        parts = urlsplit(urljoin("http://localhost" + base, link))
        if parts.netloc not in ("localhost", ""):
            return "/external"
        return parts.path + ("?" + parts.query if parts.query else "")

    def _add(self, target: Target) -> None:
        self.targets.setdefault(target.key, target)


# ---------------------------------------------------------------------------------------------
# What gets sent

DEEP_JSON = "[" * 20000 + "]" * 20000
TEXT_PAYLOADS = [
    "é",
    "Zoë",
    "🦄👩‍👩‍👧",
    "\u202e\u0301",
    "\ufeff",
    "\x00",
    "a\x00b",
    "\x01\x08\x1b\x7f",
    "\r\n",
    "x\r\nSet-Cookie: a=b",
    "\t",
    " ",
    "",
    "A" * 100_000,
    "😀" * 25_000,
    "٣",
    "１２",
    "৭",
    "²",
    "Ⅻ",
    "𝟗",
    "1e309",
    "-1",
    "0",
    "-0",
    "-9223372036854775809",
    "9223372036854775808",
    "9" * 400,
    "1.5",
    "NaN",
    "nan",
    "inf",
    "-Infinity",
    "0x1F",
    "1_000",
    DEEP_JSON,
    '{"a":' * 5000 + "1" + "}" * 5000,
    "[1, 2",
    "{}",
    "null",
    '"x"',
    '[{"card": null}]',
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%s%n%x",
    "{{7*7}}",
    "' OR 1=1 --",
]
# Sent as they are, unquoted: not valid UTF-8 once decoded (or not a valid escape at all).
RAW_ESCAPES = ["%FF", "%ED%A0%80", "%C0%AF", "%C3", "%E2%82", "%F4%90%80%80", "%", "%G1", "%00", "%0D%0A"]
HEADER_NAMES = [
    "X-CSRFToken",
    "HX-Request",
    "HX-Target",
    "HX-Current-URL",
    "HX-Trigger",
    "HX-Boosted",
    "Accept-Language",
    "Origin",
    "Referer",
    "Sec-Fetch-Site",
    "User-Agent",
]
# Header values are latin-1 strings in WSGI: bytes >= 0x80 arrive as these characters.
HEADER_PAYLOADS = [
    "é",
    "\xff\xfe",
    "\xc3\xa9",
    "\x00",
    "x\r\ny: z",
    "A" * 20_000,
    "",
    " ",
    "true",
    "false",
    "null",
    "*",
    "de;q=NaN",
    "xx-YY,*;q=2",
    "de-DE-u-ca-\xff",
    ";;;,,,q=",
    "http://evil.example",
    "null",
    "http://localhost",
    "https://localhost",
    "/classes",
    "javascript:alert(1)",
    "#" * 5000,
]
CONTENT_TYPES = [
    "application/json",
    "text/plain",
    "multipart/form-data",
    "multipart/form-data; boundary=",
    "multipart/form-data; boundary=x",
    "application/x-www-form-urlencoded; charset=utf-16",
    "application/xml",
    "",
]


@dataclass(frozen=True)
class Mutation:
    kind: str  # value, raw, repeat, drop, extra, header, cookie, content-type
    name: str = ""  # field or header
    value: str = ""

    def __str__(self):
        shown = self.value if len(self.value) < 60 else f"{self.value[:20]!r}…({len(self.value)} chars)"
        return f"{self.kind} {self.name} {shown!r}".strip()


TEXT_VALUES = st.one_of(
    st.sampled_from(TEXT_PAYLOADS),
    st.text(max_size=30),
    st.integers().map(str),
    st.floats(allow_nan=True).map(repr),
    st.builds(lambda a, b: a + b, st.sampled_from(TEXT_PAYLOADS[:20]), st.text(max_size=5)),
)
HEADER_VALUES = st.one_of(st.sampled_from(HEADER_PAYLOADS), st.text(st.characters(max_codepoint=255), max_size=20))
EXTRA_NAMES = st.sampled_from(["x", "é", "a[b]", "csrf_token2", "\x00"])
FILE_CONTENTS = st.sampled_from(
    [
        "\xff\xfe\x00garbage",
        "A" * 600_000,
        "",
        "name\n" + "[" * 20000,
        "=cmd|' /C calc'!A0\n",
        '\ufeffname;é\r\n\x00;"\n',
    ]
)


def mutations(fuzzer: "Fuzzer", targets=None):
    """One target, one change to it. (Each target's strategy is built once: building them per
    draw costs Hypothesis more than the request itself.)"""
    targets = targets or fuzzer.targets
    headers = st.builds(Mutation, st.just("header"), st.sampled_from(HEADER_NAMES), HEADER_VALUES)
    cookies = st.builds(Mutation, st.just("cookie"), st.sampled_from(fuzzer.cookie_kinds), st.just(""))
    content_types = st.builds(Mutation, st.just("content-type"), st.sampled_from(CONTENT_TYPES))
    extras = st.builds(Mutation, st.just("extra"), EXTRA_NAMES, TEXT_VALUES)

    def for_target(target):
        field_names = st.sampled_from([f.name for f in target.fields] or ["q"])
        choices = [
            st.builds(Mutation, st.just("value"), field_names, TEXT_VALUES),
            st.builds(Mutation, st.just("raw"), field_names, st.sampled_from(RAW_ESCAPES)),
            st.builds(Mutation, st.just("repeat"), field_names, TEXT_VALUES),
            st.builds(Mutation, st.just("drop"), field_names),
            extras,
            headers,
            cookies,
            content_types,
        ]
        files = [f.name for f in target.fields if f.kind == "file"]
        if files:
            choices.append(st.builds(Mutation, st.just("file"), st.sampled_from(files), FILE_CONTENTS))
        return st.tuples(st.just(target), st.one_of(choices))

    return st.one_of([for_target(t) for t in targets])


def _q(text: str) -> str:
    return quote_from_bytes(text.encode("utf-8", "surrogatepass"), safe="")


def _encode(pairs: list[tuple[str, str, bool]]) -> str:
    """name=value&...; a raw value is sent as it is (already escaped, perhaps badly)."""
    return "&".join(f"{_q(n)}={v if raw else _q(v)}" for n, v, raw in pairs)


def _multipart(pairs: list[tuple[str, str, bool]], files: dict) -> tuple[bytes, str]:
    boundary = "fuzzboundary7MA4YWxkTrZu0gW"
    out = b""
    for name, value, raw in pairs:
        data = unquote_to_bytes(value) if raw else value.encode("utf-8", "surrogatepass")
        head = f'Content-Disposition: form-data; name="{name}"'
        if name in files:
            head += f'; filename="{files[name]}"\r\nContent-Type: text/csv'
        out += f"--{boundary}\r\n".encode() + head.encode("utf-8", "surrogatepass") + b"\r\n\r\n" + data + b"\r\n"
    return out + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


@dataclass
class Result:
    target: Target
    mutation: Mutation
    status: int | None = None
    error: str | None = None  # an exception out of the app
    logged: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    response: object = None


class _Errors(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record):
        if record.exc_info or record.levelno >= logging.ERROR:
            self.lines.append(self.format(record))


class Fuzzer:
    """The world after the crawl, and requests sent from it."""

    def __init__(self, app, clients: dict):
        self.app = app
        self.cookie_name = app.config.get("SESSION_COOKIE_NAME", "session")
        self.cookies = {
            role: "; ".join(f"{c.key}={c.value}" for c in client._cookies.values()) for role, client in clients.items()
        }
        self.db = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
        self.pristine = sqlite3.connect(":memory:")
        self.errors = _Errors()
        self.sent = 0
        self.covered: set = set()
        self.failures: list[str] = []
        crawler = Crawler(app)
        for role, client in clients.items():
            crawler.crawl(role, client, ENTRY_PAGES[role])
        self._watch_changes()
        self.db.backup(self.pristine)
        self.before = self._rows()
        self._submit_forms(crawler)
        self.targets: list[Target] = sorted(crawler.targets.values(), key=lambda t: (t.role, t.method, t.path))
        self.pages = crawler.pages
        self.cookie_kinds = [
            "none",
            "garbage",
            "oversized",
            "non-ascii",
            "doubled",
            "truncated",
            *(f"role:{r}" for r in self.cookies),
        ]

    def _submit_forms(self, crawler: Crawler, rounds: int = 3) -> None:
        """As a scanner does: submit each form once as the page fills it in, and read where that
        leads (a drill's puzzle, an archived class's page); the world is put back afterwards."""
        done = set()
        for _ in range(rounds):
            for target in [t for t in crawler.targets.values() if t.method == "POST" and t.key not in done]:
                done.add(target.key)
                client = self.app.test_client()
                for part in filter(None, (p.strip() for p in target.cookie.split(";"))):
                    key, _, value = part.partition("=")
                    client.set_cookie(key, value)
                result = self.send(target, Mutation("form"), client=client)
                if failure := self.check(result):
                    self.failures.append(failure)
                if result.response is not None:
                    links = crawler.harvest(target.role, client, target.path, target.endpoint, result.response)
                    crawler.crawl(target.role, client, links[:1], limit=10**6, cap=MAX_PAGES_PER_ENDPOINT + 3)
                    crawler.crawl(target.role, client, links[1:], limit=10**6)
                self._restore()

    def close(self):
        self.db.close()
        self.pristine.close()

    def _watch_changes(self) -> None:
        """Triggers note which table a request wrote (cheaper than reading every table after
        every request); the columns walk.snapshot leaves out (when a session was last used, a
        game's decision clock) are not watched either."""
        self.db.execute("PRAGMA synchronous = OFF")  # a throw-away database: restores need no fsync
        self.db.execute(f"CREATE TABLE {CHANGES} (tbl TEXT)")
        tables = [
            r[0]
            for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        ]
        for table in (t for t in tables if t != CHANGES):
            columns = WATCHED_COLUMNS.get(table)
            note = f"BEGIN INSERT INTO {CHANGES} VALUES ('{table}'); END"
            for event in ("INSERT", "DELETE", f"UPDATE OF {', '.join(columns)}" if columns else "UPDATE"):
                name = f"{CHANGES}_{table}_{event.split()[0].lower()}"
                self.db.execute(f"CREATE TRIGGER {name} AFTER {event} ON [{table}] {note}")

    def _rows(self, tables=None) -> dict:
        rows = {t: r for t, r in snapshot(self.db).items() if t not in VOLATILE_TABLES and t != CHANGES}
        return rows if tables is None else {t: rows.get(t) for t in tables}

    def _written(self) -> list[str]:
        return [r[0] for r in self.db.execute(f"SELECT DISTINCT tbl FROM {CHANGES}")]

    def _cookie(self, target: Target, kind: str) -> str:
        own = target.cookie
        value = own.split(f"{self.cookie_name}=", 1)[-1].split(";")[0] if own else "x"
        return {
            "none": "",
            "garbage": f"{self.cookie_name}=!!not.a.cookie!!; other=\x01",
            "oversized": f"{self.cookie_name}={'A' * 16000}",
            "non-ascii": f"{self.cookie_name}=é\xff🦄".encode("utf-8").decode("latin-1"),
            "doubled": f"{own}; {own}; {self.cookie_name}=x",
            "truncated": f"{self.cookie_name}={value[: len(value) // 2]}",
        }.get(kind) or self.cookies.get(kind.removeprefix("role:"), "")

    def send(self, target: Target, mutation: Mutation, client=None) -> Result:
        """One request; with `client` (a cookie jar of its own) the response is kept and the
        world is left as the request made it (the caller puts it back)."""
        result = Result(target, mutation)
        self.covered.add((target.role, target.endpoint, mutation.kind, mutation.name))
        pairs = [(f.name, baseline(f), False) for f in target.fields]
        files = {f.name: "pupils.csv" for f in target.fields if f.kind == "file"}
        m = mutation
        if m.kind in ("value", "raw", "file"):
            pairs = [(n, m.value if n == m.name else v, m.kind == "raw" and n == m.name) for n, v, _ in pairs]
            if m.name not in [p[0] for p in pairs]:
                pairs.append((m.name, m.value, m.kind == "raw"))
        elif m.kind == "repeat":
            pairs = pairs + [(m.name, m.value, False)]
        elif m.kind == "drop":
            pairs = [p for p in pairs if p[0] != m.name]
        elif m.kind == "extra":
            pairs = pairs + [(m.name, m.value, False)]
        own = client is None
        environ = {"REMOTE_ADDR": "10.9.8.7"}
        if own:
            environ["HTTP_COOKIE"] = target.cookie
        if target.csrf_header:
            environ.update(HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=target.csrf_header)
        if m.kind == "header":
            environ["HTTP_" + m.name.upper().replace("-", "_")] = m.value
        if m.kind == "cookie":
            environ["HTTP_COOKIE"] = self._cookie(target, m.name)
        path, _, action_query = target.path.partition("?")
        kwargs = {}
        if target.method == "GET":
            query = _encode(pairs)
            kwargs["query_string"] = query
        elif m.kind == "content-type":
            plain = {n: v for n, v, _ in pairs}
            body = json.dumps(plain) if "json" in m.name else _encode(pairs)
            kwargs.update(data=body.encode("utf-8", "surrogatepass"), content_type=m.name or None)
            if action_query:
                kwargs["query_string"] = action_query
        else:
            if target.multipart:
                body, content_type = _multipart(pairs, files)
            else:
                body, content_type = _encode(pairs).encode(), "application/x-www-form-urlencoded"
            kwargs.update(data=body, content_type=content_type)
            if action_query:
                kwargs["query_string"] = action_query
        client = client or self.app.test_client(use_cookies=False)
        self._keep_visitors_logged_in()
        root = logging.getLogger()
        root.addHandler(self.errors)
        self.errors.lines = []
        try:
            response = client.open(path, method=target.method, environ_overrides=environ, **kwargs)
            result.status = response.status_code
            if own:
                response.get_data()
                response.close()
            else:
                result.response = response
        except Exception:
            result.error = traceback.format_exc(limit=-6)
        finally:
            root.removeHandler(self.errors)
        self.sent += 1
        result.logged = list(self.errors.lines)
        written = [t for t in self._written() if t not in VOLATILE_TABLES]
        if written and (result.error or target.method == "GET" or (result.status and 400 <= result.status < 500)):
            after = self._rows(written)  # a write may have put back what was there
            result.changed = sorted(t for t in written if after[t] != self.before.get(t))
        if own:
            self._restore()
        return result

    def _keep_visitors_logged_in(self) -> None:
        """The world is put back as it was after the crawl, sessions' last use included: an
        hour into a long run every visitor's session was idle past IDLE_TIMEOUT_SECONDS, so
        each request ended it (a write, on a GET or a refusal) and 903 such "failures" came in
        the run's second hour. The visitors are busy: their sessions were used just now.
        (`last_seen` is not watched, so this notes no change.)"""
        now = time.time()
        for db in (self.db, self.pristine):
            db.execute("UPDATE auth_sessions SET last_seen = ?", [now])
        self.pristine.commit()

    def _restore(self) -> None:
        """The next request starts from the same world."""
        if self._written():
            self.pristine.backup(self.db)

    @staticmethod
    def check(result: Result) -> str | None:
        """Why this request is a failure, or None."""
        what = (
            f"{result.target.method} {result.target.path} as {result.target.role} "
            f"({result.target.endpoint}) with {result.mutation}"
        )
        if result.error:
            return f"{what}: exception\n{result.error}"
        if result.status >= 500:
            return f"{what}: HTTP {result.status}"
        if result.logged:
            return f"{what}: logged\n{result.logged[0][:2000]}"
        if result.changed:
            return f"{what}: HTTP {result.status} but changed {', '.join(result.changed)}"
        return None

    def fields_covered(self) -> int:
        return len({(r, e, n) for r, e, k, n in self.covered if k not in ("header", "cookie", "content-type", "form")})
