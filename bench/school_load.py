"""A school's morning against the production server: pupils doing drills, teachers watching.

Shared by bench/load_test.py and bench/crash_test.py. The client is plain asyncio over
keep-alive HTTP/1.1 connections (one per pupil, as one tablet each), so a few hundred pupils
cost the client little of the machine's two cores. Each pupil logs in with class code, name
and picture password, then loops: start the next puzzle (htmx POST, follow the redirect),
think about 3 s, answer (htmx POST, follow the redirect). An answer counts as acknowledged
when the server answered its POST with a redirect (303): those are the ones that must be in
the database exactly once.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRAINER = str(Path(sys.executable).with_name("trainer"))
PASSWORD = ("sun", "tree", "boat")
TEACHER_PASSWORD = "load-test-teacher-pw"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
ATTEMPT = re.compile(r'name="attempt" value="([^"]+)"')


# ---------------------------------------------------------------- the school


def build_school(path: str, classes: int, pupils_per_class: int, teachers: int = 5) -> dict:
    """A database with `classes` classes of pupils (picture password sun, tree, boat), spread
    over `teachers` teachers, a drill of 200 quick puzzles a day, and the puzzle bank."""
    os.environ["TRAINER_DATABASE"] = path
    from trainer import create_app
    from trainer.store import classes as class_model, drills, passwords, pupils, puzzles, teachers as teacher_model
    from trainer.store.db import connect

    create_app({"DATABASE": path, "SECRET_KEY": "build"})  # migrations
    db = connect(path)
    puzzles.ensure_bank(db)
    hashed = passwords.hash_password(TEACHER_PASSWORD)
    school = {"teachers": [], "pupils": []}
    teacher_ids = [
        teacher_model.create(db, f"teacher{t}@school.example", f"Teacher {t}", hashed) for t in range(teachers)
    ]
    school["teachers"] = [{"email": f"teacher{t}@school.example", "classes": []} for t in range(teachers)]
    settings = drills.DrillSettings(
        puzzles=200, minutes=None, kinds=("all", "tweak", "best", "joker", "quick"), time_limit=20
    )
    for c in range(classes):
        owner = c % teachers
        class_id = class_model.create(db, teacher_ids[owner], f"Class {c}")
        drills.save(db, class_id, settings)
        code = class_model.get(db, class_id)["join_code"]
        names = [f"Pupil {chr(65 + i % 26)}{chr(97 + i // 26)}" for i in range(pupils_per_class)]
        ids = pupils.create_many(db, class_id, names, [",".join(PASSWORD)] * len(names))
        school["teachers"][owner]["classes"].append(class_id)
        school["pupils"] += [{"id": pid, "class_id": class_id, "code": code} for pid in ids]
    db.close()
    return school


# ---------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(
    db: str, port: int, workers: int, threads: int, log_path: str, extra: tuple[str, ...] = ("--push-port", "0")
) -> subprocess.Popen:
    """`extra`: more options of `trainer serve` (default: no live channel, issue 36.1)."""
    env = dict(os.environ, TRAINER_INSTANCE_PATH=os.path.join(os.path.dirname(db), "instance"))
    env.pop("TRAINER_DATABASE", None)
    env.pop("TRAINER_PUSH", None)
    log = open(log_path, "a")
    proc = subprocess.Popen(
        [
            TRAINER,
            "serve",
            "--db",
            db,
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--no-demo",
            *extra,
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
        start_new_session=True,
    )
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def kill_server(proc: subprocess.Popen, sig=signal.SIGKILL) -> None:
    """SIGKILL the whole process group: the master and every worker, mid-request."""
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass
    proc.wait()


# ---------------------------------------------------------------- a tiny HTTP/1.1 client


class Closed(Exception):
    pass


class Browser:
    """One tablet: a keep-alive connection, a cookie jar, the CSRF token of the last page."""

    def __init__(self, port: int, stats: "Stats", host: str | None = None):
        self.port, self.stats = port, stats
        # The Host header: a school's own name behind a reverse proxy (bench/multi_host.py).
        self.host = host or f"127.0.0.1:{port}"
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.reader = self.writer = None

    async def _connect(self):
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def request(
        self, name: str, method: str, path: str, form: dict | None = None, htmx: bool = True, record: bool = True
    ) -> tuple[int, dict, str]:
        body = b""
        headers = [f"{method} {path} HTTP/1.1", f"Host: {self.host}", "Connection: keep-alive"]
        if form is not None:
            from urllib.parse import urlencode

            body = urlencode(form).encode()
            headers += [
                "Content-Type: application/x-www-form-urlencoded",
                f"Content-Length: {len(body)}",
                f"Origin: http://{self.host}",
            ]
        if htmx:
            headers.append("HX-Request: true")
        if self.csrf:
            headers.append(f"X-CSRFToken: {self.csrf}")
        if self.cookies:
            headers.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        raw = ("\r\n".join(headers) + "\r\n\r\n").encode() + body
        start = time.perf_counter()
        for attempt in (1, 2):
            try:
                if self.writer is None:
                    await self._connect()
                self.writer.write(raw)
                await self.writer.drain()
                status, head, text = await self._response()
                break
            except (OSError, Closed, asyncio.IncompleteReadError):
                self.writer = None
                if attempt == 2 or method == "POST":
                    # A POST that may or may not have arrived is not retried blindly: the
                    # caller decides (answers carry their attempt id, so a retry is safe).
                    if record:
                        self.stats.error(name)
                    raise Closed(name) from None
        elapsed = time.perf_counter() - start
        if record:
            self.stats.add(name, elapsed, status)
        for cookie in head.get("set-cookie", []):
            key, _, rest = cookie.partition("=")
            self.cookies[key.strip()] = rest.split(";", 1)[0]
        token = CSRF.search(text)
        if token:
            self.csrf = token.group(1)
        return status, head, text

    async def _response(self):
        line = await self.reader.readline()
        if not line:
            raise Closed()
        status = int(line.split()[1])
        head: dict = {}
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            key, _, value = line.decode("latin-1").partition(":")
            head.setdefault(key.strip().lower(), []).append(value.strip())
        length = int(head.get("content-length", ["0"])[0])
        text = (await self.reader.readexactly(length)).decode("utf-8", "replace") if length else ""
        if head.get("connection", [""])[0].lower() == "close":
            self.writer.close()
            self.writer = None
        return status, head, text

    async def follow(self, name: str, status: int, head: dict, text: str = "") -> str:
        """The page a response leads to: the redirect's target, or the response itself (htmx
        gets the new screen in the response to its POST)."""
        if status in (302, 303):
            location = head["location"][0].split(self.host, 1)[-1]
            _, _, text = await self.request(name, "GET", location)
        return text

    def close(self):
        if self.writer is not None:
            self.writer.close()


# ---------------------------------------------------------------- statistics


@dataclass
class Stats:
    times: dict = field(default_factory=dict)  # name -> [seconds]
    errors: dict = field(default_factory=dict)  # name -> count
    acknowledged: set = field(default_factory=set)  # attempt ids whose answer got a 303
    drops: int = 0  # answers held through a Wi-Fi drop (--flaky)
    recording: bool = True

    def add(self, name, seconds, status):
        if status >= 400:
            self.error(name)
        if self.recording:
            self.times.setdefault(name, []).append(seconds)

    def error(self, name):
        self.errors[name] = self.errors.get(name, 0) + 1

    def all_times(self):
        return [t for ts in self.times.values() for t in ts]


# ---------------------------------------------------------------- pupils and teachers


def right_answer(db_path: str, attempt_id: str) -> list[dict]:
    """What a pupil who knows the answer would enter (read from the database, read-only)."""
    conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=30)
    try:
        row = conn.execute(
            "SELECT p.data FROM attempts a JOIN puzzles p ON p.id = a.puzzle_id WHERE a.id = ?", [attempt_id]
        ).fetchone()
    finally:
        conn.close()
    if row is None:
        return []
    puzzle = json.loads(row[0])
    if not puzzle["answer"]:
        return [{"none": True}]
    combos = puzzle["answer"] if puzzle["kind"] == "all" else puzzle["answer"][:1]
    base = puzzle["position"]["target"]
    out = []
    for c in combos:
        entry = {"play": c["play"], "capture": c["capture"]}
        if puzzle["kind"] == "joker":
            entry["delta"] = c["target"] - base
        out.append(entry)
    return out


async def pupil_login(browser: Browser, pupil: dict) -> None:
    await browser.request("login", "GET", "/join", htmx=False)
    status, head, _ = await browser.request("login", "POST", "/join", {"code": pupil["code"]}, htmx=False)
    await browser.follow("login", status, head)
    for picture in PASSWORD:
        status, head, _ = await browser.request(
            "login", "POST", f"/join/pupil/{pupil['id']}", {"pick": picture}, htmx=False
        )
    await browser.follow("login", status, head)
    await browser.request("login", "GET", "/me", htmx=False)


DROP_SECONDS = (5.0, 20.0)


def drop_chance(flaky: float, think: float) -> float:
    """The chance per answer that a pupil's Wi-Fi drops, so that at any moment about `flaky`
    of the pupils are in a drop of DROP_SECONDS (issue 18's flaky mode)."""
    if flaky <= 0:
        return 0.0
    mean_drop = sum(DROP_SECONDS) / 2
    return min(1.0, flaky * think / ((1 - flaky) * mean_drop))


async def held_through_a_drop(browser: Browser, form: dict, rng: random.Random):
    """What the page's outbox does when the network drops as the answer is sent: half the time
    the answer got through and only the reply was lost, half the time it never left; either way
    the tablet waits out the drop and sends it again, saying how long it held it."""
    browser.stats.drops += 1
    if rng.random() < 0.5:
        await browser.request("answer (POST, reply lost)", "POST", "/practice/answer", form)
    held = rng.uniform(*DROP_SECONDS)
    await asyncio.sleep(held)
    browser.close()  # the drop took the connection with it: the tablet opens a new one
    browser.writer = None
    return await browser.request(
        "answer (POST, resent)", "POST", "/practice/answer", {**form, "queued_ms": str(int(held * 1000))}
    )


async def pupil_loop(
    browser: Browser,
    db_path: str,
    think: float,
    rng: random.Random,
    stop: asyncio.Event,
    accuracy: float = 0.75,
    flaky: float = 0.0,
) -> None:
    stats = browser.stats
    drops = drop_chance(flaky, think)
    while not stop.is_set():
        try:
            status, head, text = await browser.request(
                "next puzzle (POST)", "POST", "/practice/next", {"mode": "drill"}
            )
            text = await browser.follow("puzzle page (GET)", status, head, text)
            found = ATTEMPT.search(text)
            if found is None:  # drill done: practise on
                status, head, text = await browser.request(
                    "next puzzle (POST)", "POST", "/practice/next", {"mode": "practice"}
                )
                text = await browser.follow("puzzle page (GET)", status, head, text)
                found = ATTEMPT.search(text)
                if found is None:
                    await asyncio.sleep(think)
                    continue
            attempt_id = found.group(1)
            seconds = think * rng.uniform(0.7, 1.3)
            await asyncio.sleep(seconds)
            answer = right_answer(db_path, attempt_id) if rng.random() < accuracy else []
            form = {
                "attempt": attempt_id,
                "answer": json.dumps(answer),
                "final": "done" if answer else "pass",
                "client_ms": str(int(seconds * 1000) - 30),
                "taps": json.dumps([]),
                "answer_ms": json.dumps([int(seconds * 1000) - 40] * len(answer)),
            }
            for attempt in (1, 2, 3):
                try:
                    if attempt == 1 and rng.random() < drops:
                        status, head, text = await held_through_a_drop(browser, form, rng)
                    else:
                        status, head, text = await browser.request("answer (POST)", "POST", "/practice/answer", form)
                    break
                except Closed:
                    # Unknown whether it arrived (a killed server): send it again, the attempt
                    # id makes that safe, as a real tablet's retry would.
                    await asyncio.sleep(1 + attempt)
            else:
                continue
            if status in (200, 303):
                stats.acknowledged.add(attempt_id)
            await browser.follow("feedback page (GET)", status, head, text)
        except Closed:
            await asyncio.sleep(1)


async def teacher_loop(browser: Browser, teacher: dict, pages, every: float, stop: asyncio.Event) -> None:
    await browser.request("teacher login", "GET", "/login", htmx=False, record=False)
    status, head, _ = await browser.request(
        "teacher login",
        "POST",
        "/login",
        {"email": teacher["email"], "password": TEACHER_PASSWORD},
        htmx=False,
        record=False,
    )
    await browser.follow("teacher login", status, head)
    while not stop.is_set():
        for class_id in teacher["classes"]:
            for page in pages:
                try:
                    await browser.request("teacher dashboard (GET)", "GET", page.format(class_id=class_id), htmx=False)
                except Closed:
                    pass
        await asyncio.sleep(every)


def teacher_pages() -> tuple[str, ...]:
    """The dashboard when this version has one, else the class page."""
    from trainer import create_app

    rules = {r.endpoint: r.rule for r in create_app({"DATABASE": ":memory:", "SECRET_KEY": "x"}).url_map.iter_rules()}
    pages = [
        rule.replace("<int:class_id>", "{class_id}")
        for endpoint, rule in rules.items()
        if endpoint.startswith("dashboard.")
        and rule.count("<") == 1
        and "<int:class_id>" in rule
        and not any(word in rule for word in ("csv", "export", "print", "report"))
    ]
    return tuple(pages[:1]) or ("/classes/{class_id}",)
