"""Beyond one machine, for real (issue 19): 20 schools on two app servers behind nginx.

    .venv/bin/python bench/multi_host.py [--schools 20] [--pupils 8] [--seconds 20] [--outage 10]
        [--after 20] [--keep DIR]  # --keep: make the schools once in DIR, later runs reuse them

What it does. The load phases take about 2.5 minutes (2 × (logins + 5 s warm-up + 20 s) plus
10 s down and 20 s after the restart); making the twenty schools takes about 45 s of two
quiet cores (about 4.4 s of CPU each) and took 160-210 s on the shared test machine, where the
whole run took 11 minutes (--keep skips the making on later runs). `--schools 4 --pupils 3
--seconds 5` is a quick check of the machinery.
1. `trainer school add "School N" --demo` twenty times, half into folder a/, half into b/, and
   a class of --pupils pupils (picture password sun, tree, boat) and a drill in each (the load
   client's school, bench/school_load.py). A copy of all twenty goes into all/.
2. nginx from Debian (`apt-get install nginx`), run as this user with a config generated in
   the work folder: `map $host $backend` sends each school's host name <slug>.localhost to
   the upstream of the app server holding it. Unknown hosts get 404 from nginx.
3. One server: `trainer serve --schools all/ --workers 2` holds all twenty; the load client
   (pupils answering drill puzzles, one teacher a school refreshing the dashboard) runs
   across all schools through nginx with each school's Host header. Measured: requests and
   answers a second, p50/p95.
4. Two servers: `trainer serve --schools a/ --workers 2` and `... b/` on two ports; the same load.
5. While it runs, server b is killed (SIGKILL, master and workers) and restarted after
   --outage seconds: what b's schools saw (answers by status code; 502 is nginx's "bad
   gateway"), what a's schools saw, the time from the restart until b's first success and
   first answer, and how many answers b's pupils got through afterwards (with the sessions
   they had: the load client never logs in again).

Prints a Markdown table and writes bench/results/multi_host.json. Not part of `make test`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import percentile, save_result
from school_load import (
    TRAINER,
    Browser,
    Stats,
    build_school,
    free_port,
    kill_server,
    pupil_login,
    pupil_loop,
    teacher_loop,
    teacher_pages,
)

DOMAIN = "localhost"


# ---------------------------------------------------------------- statistics per app server


@dataclass
class ServerStats(Stats):
    """Stats with every answer's status and moment, for the outage's timeline."""

    codes: Counter = field(default_factory=Counter)
    events: list = field(default_factory=list)  # (monotonic time, status (0 = no answer), request)

    def add(self, name, seconds, status):
        self.codes[status] += 1
        self.events.append((time.monotonic(), status, name))
        if status >= 400:
            self.errors[name] = self.errors.get(name, 0) + 1
        if self.recording:
            self.times.setdefault(name, []).append(seconds)

    def error(self, name):  # the client got no HTTP answer at all (connection lost)
        self.codes[0] += 1
        self.events.append((time.monotonic(), 0, name))
        self.errors[name] = self.errors.get(name, 0) + 1


# ---------------------------------------------------------------- the schools


def make_school(job) -> dict:
    """One school, in a pool worker: `trainer school add --demo` (its CLI, in this process),
    then the load client's class. Returns the load client's teachers and pupils."""
    import contextlib
    import io

    from trainer.cli.main import main as trainer

    slug, folder, pupils = job
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        status = trainer(
            [
                "school",
                "add",
                f"School {slug}",
                "--slug",
                slug,
                "--schools",
                folder,
                "--demo",
                "--base-url",
                "http://{slug}." + DOMAIN,
            ]
        )
    if status != 0:
        raise SystemExit(f"trainer school add {slug} failed")
    school = build_school(os.path.join(folder, f"{slug}.sqlite3"), classes=1, pupils_per_class=pupils, teachers=1)
    os.environ.pop("TRAINER_DATABASE", None)
    return school


def make_schools(work: Path, count: int, pupils: int) -> dict:
    """slug -> {"folder", "path", "school"}: half the schools in a/, half in b/, and a copy of
    all of them in all/ (for the one-server run)."""
    import multiprocessing

    slugs = [f"s{n + 1:02d}" for n in range(count)]
    folders = {slug: work / ("a" if i < count // 2 else "b") for i, slug in enumerate(slugs)}
    for folder in set(folders.values()):
        folder.mkdir()
    # Fork before any database is open here; each worker makes whole schools, one at a time.
    with multiprocessing.get_context("fork").Pool(4) as pool:
        made = pool.map(make_school, [(slug, str(folders[slug]), pupils) for slug in slugs])
    out = {
        slug: {"folder": folders[slug], "path": str(folders[slug] / f"{slug}.sqlite3"), "school": school}
        for slug, school in zip(slugs, made)
    }
    everything = work / "all"
    everything.mkdir()
    for slug in slugs:  # the online-backup API: a consistent copy, WAL and all
        src, dst = sqlite3.connect(out[slug]["path"]), sqlite3.connect(everything / f"{slug}.sqlite3")
        src.backup(dst)
        src.close()
        dst.close()
    return out


# ---------------------------------------------------------------- app servers and nginx


def start_schools_server(folder: Path, port: int, workers: int, threads: int) -> tuple[subprocess.Popen, float]:
    """`trainer serve --schools DIR` under gunicorn; returns it and the seconds until it listened."""
    env = dict(os.environ)
    env.pop("TRAINER_DATABASE", None)
    log = open(folder.parent / f"server-{folder.name}.log", "a")
    started = time.monotonic()
    proc = subprocess.Popen(
        [
            TRAINER,
            "serve",
            "--schools",
            str(folder),
            "--domain",
            DOMAIN,
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--threads",
            str(threads),
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
        start_new_session=True,
    )
    while time.monotonic() - started < 60:
        if proc.poll() is not None:
            raise SystemExit(f"the server on {folder} stopped: see {log.name}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc, time.monotonic() - started
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the server did not start")


def nginx_map(mapping: dict) -> str:
    """The generated map: school host name -> upstream (one upstream per app server)."""
    lines = ["map $host $backend {", "    hostnames;", '    default "";']
    lines += [f"    {slug}.{DOMAIN} {upstream};" for slug, upstream in sorted(mapping.items())]
    return "\n".join(lines + ["}", ""])


def nginx_conf(folder: Path, port: int, upstreams: dict) -> str:
    # max_fails=0: nginx would otherwise call a lone server "down" for 10 s after one failure,
    # and a restarted server would get no request for that long.
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers as this user, not nobody
    blocks = "".join(
        f"    upstream {name} {{ server 127.0.0.1:{p} max_fails=0; keepalive 32; }}\n"
        for name, p in sorted(upstreams.items())
    )
    temp = "".join(
        f"    {kind}_temp_path {folder}/tmp-{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return f"""{user}worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 2048; }}
http {{
    access_log off;
{temp}{blocks}    include {folder}/schools.map;
    server {{
        listen 127.0.0.1:{port};
        location / {{
            if ($backend = "") {{ return 404; }}
            proxy_pass http://$backend;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_connect_timeout 2s;
            proxy_read_timeout 30s;
        }}
    }}
}}
"""


def start_nginx(folder: Path, port: int, upstreams: dict, mapping: dict) -> subprocess.Popen:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.path.exists(nginx):
        raise SystemExit("nginx is not installed: apt-get install -y nginx")
    folder.mkdir(exist_ok=True)
    (folder / "schools.map").write_text(nginx_map(mapping))
    (folder / "nginx.conf").write_text(nginx_conf(folder, port, upstreams))
    proc = subprocess.Popen(
        [nginx, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=open(folder / "stderr.log", "a"),
        start_new_session=True,
    )
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            if proc.poll() is not None:
                raise SystemExit(f"nginx did not start: {(folder / 'stderr.log').read_text()}") from None
            time.sleep(0.05)
    raise SystemExit("nginx did not start")


# ---------------------------------------------------------------- a phase of load


def ok_per_second(stats: list, start: float, end: float) -> float:
    return sum(1 for s in stats for t, code, _ in s.events if start <= t < end and 0 < code < 400) / (end - start)


def answers_per_second(stats: list, seconds: float) -> float:
    return sum(len(s.times.get("answer (POST)", [])) for s in stats) / seconds


async def load(schools: dict, mapping: dict, proxy_port: int, args, outage=None, acknowledged=None) -> dict:
    """Pupils and teachers of every school through nginx; `outage(stats)` runs during the window
    when given (the kill and restart)."""
    stats = {server: ServerStats() for server in set(mapping.values())}
    stop = asyncio.Event()
    rng = random.Random(19)
    browsers, tasks, logins = [], [], []
    pages = teacher_pages()
    for slug, school in schools.items():
        own = stats[mapping[slug]]
        host = f"{slug}.{DOMAIN}:{proxy_port}"
        for teacher in school["school"]["teachers"]:
            browser = Browser(proxy_port, own, host=host)
            browsers.append(browser)
            tasks.append(asyncio.create_task(teacher_loop(browser, teacher, pages, 10.0, stop)))
        for pupil in school["school"]["pupils"]:
            browser = Browser(proxy_port, own, host=host)
            browsers.append(browser)
            logins.append((browser, pupil, school["path"]))
    for i in range(0, len(logins), 25):
        await asyncio.gather(*(pupil_login(b, p) for b, p, _ in logins[i : i + 25]))
        for b, _, path in logins[i : i + 25]:
            tasks.append(asyncio.create_task(pupil_loop(b, path, args.think, random.Random(rng.random()), stop)))
    await asyncio.sleep(args.warmup)
    for s in stats.values():
        s.times, s.errors, s.codes = {}, {}, Counter()
    start = time.monotonic()
    await asyncio.sleep(args.seconds)
    end = time.monotonic()
    every = [t for s in stats.values() for name, ts in s.times.items() if name != "login" for t in ts]
    result = {
        "window_s": round(end - start, 1),
        "pupils": len(logins),
        "ok_requests_per_s": round(ok_per_second(list(stats.values()), start, end), 1),
        "answers_per_s": round(answers_per_second(list(stats.values()), end - start), 1),
        "p50_ms": round(percentile(every, 0.5) * 1e3, 1),
        "p95_ms": round(percentile(every, 0.95) * 1e3, 1),
        "errors": sum(sum(s.errors.values()) for s in stats.values()),
    }
    times = await outage(stats) if outage is not None else None
    stop.set()
    await asyncio.sleep(args.think * 1.5)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for browser in browsers:
        browser.close()
    if times is not None:
        result["outage"] = outage_summary(stats, times)
    if acknowledged is not None:
        for s in stats.values():
            acknowledged |= s.acknowledged
    return result


def kill_and_restart(servers: dict, victim: str, args):
    async def outage(stats: dict) -> dict:
        for s in stats.values():
            s.codes = Counter()
        killed = time.monotonic()
        kill_server(servers[victim]["proc"], signal.SIGKILL)
        await asyncio.sleep(args.outage)
        restarted = time.monotonic()
        proc, listen_s = await asyncio.to_thread(
            start_schools_server, servers[victim]["folder"], servers[victim]["port"], args.workers, args.threads
        )
        servers[victim]["proc"] = proc
        await asyncio.sleep(args.after)
        # Summed up by outage_summary once the phase is over: answers still in flight count too.
        return {"victim": victim, "killed": killed, "restarted": restarted, "listen_s": listen_s}

    return outage


def outage_summary(stats: dict, times: dict) -> dict:
    """What each server's schools saw while server `victim` was down, and after its restart."""
    killed, restarted, victim = times["killed"], times["restarted"], times["victim"]
    out = {}
    for name, s in stats.items():
        down = Counter(code for t, code, _ in s.events if killed <= t < restarted)
        after = [(t, code, request) for t, code, request in s.events if t >= restarted]
        first_ok = next((t for t, code, _ in after if 0 < code < 400), None)
        answers = [t for t, code, request in after if request == "answer (POST)" and 0 < code < 400]
        mine = name == victim
        out[name] = {
            "killed": mine,
            "codes_while_down": dict(sorted(down.items())),
            "failed_while_down": sum(n for code, n in down.items() if code == 0 or code >= 400),
            "ok_while_down": sum(n for code, n in down.items() if 0 < code < 400),
            "restart_to_listening_s": round(times["listen_s"], 2) if mine else None,
            "restart_to_first_ok_s": round(first_ok - restarted, 2) if mine and first_ok else None,
            "restart_to_first_answer_s": round(answers[0] - restarted, 2) if mine and answers else None,
            "ok_answers_after_restart": len(answers),
        }
    return out


def check_answers(schools: dict, stats_acknowledged: set) -> dict:
    answered = set()
    for school in schools.values():
        conn = sqlite3.connect(school["path"], timeout=30)
        answered |= {row[0] for row in conn.execute("SELECT id FROM attempts WHERE answered_at IS NOT NULL")}
        conn.close()
    return {"acknowledged": len(stats_acknowledged), "missing": len(stats_acknowledged - answered)}


# ---------------------------------------------------------------- the run


def run(args) -> dict:
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="tweak-multi-"))
    saved = work / "schools.json"
    procs, servers = [], {}  # whatever runs is stopped at the end, also after an error
    load_average = [round(x, 2) for x in os.getloadavg()]  # other work on the machine skews it
    try:
        t0 = time.monotonic()
        if saved.exists():  # --keep of an earlier run: its schools (and their answers) again
            schools = {slug: {**s, "folder": Path(s["folder"])} for slug, s in json.loads(saved.read_text()).items()}
        else:
            work.mkdir(parents=True, exist_ok=True)
            schools = make_schools(work, args.schools, args.pupils)
            if args.keep:
                saved.write_text(json.dumps({slug: {**s, "folder": str(s["folder"])} for slug, s in schools.items()}))
        setup_s = time.monotonic() - t0
        print(f"{args.schools} schools made in {setup_s:.0f} s ({work})", file=sys.stderr, flush=True)
        proxy_port = free_port()

        # One server holding all twenty (their copies in all/).
        port_all = free_port()
        one, _ = start_schools_server(work / "all", port_all, args.workers, args.threads)
        procs.append(one)
        procs.append(
            nginx := start_nginx(
                work / "nginx-one", proxy_port, {"app_all": port_all}, {slug: "app_all" for slug in schools}
            )
        )
        copies = {slug: {**s, "path": str(work / "all" / f"{slug}.sqlite3")} for slug, s in schools.items()}
        one_server = asyncio.run(load(copies, {slug: "app_all" for slug in schools}, proxy_port, args))
        print(f"one server: {one_server}", file=sys.stderr, flush=True)
        kill_server(nginx, signal.SIGTERM)
        kill_server(one, signal.SIGTERM)

        # Two servers, half the schools each; then server b is killed and restarted.
        for name in ("app_a", "app_b"):
            folder = work / name[-1]
            port = free_port()
            proc, _ = start_schools_server(folder, port, args.workers, args.threads)
            servers[name] = {"folder": folder, "port": port, "proc": proc}
        mapping = {slug: f"app_{s['folder'].name}" for slug, s in schools.items()}
        procs.append(
            nginx := start_nginx(work / "nginx-two", proxy_port, {n: s["port"] for n, s in servers.items()}, mapping)
        )
        acknowledged = set()
        two_servers = asyncio.run(
            load(
                schools,
                mapping,
                proxy_port,
                args,
                outage=kill_and_restart(servers, "app_b", args),
                acknowledged=acknowledged,
            )
        )
        print(f"two servers: {two_servers}", file=sys.stderr, flush=True)
        kill_server(nginx, signal.SIGTERM)
        for s in servers.values():
            kill_server(s["proc"], signal.SIGTERM)
        return {
            "schools": args.schools,
            "load_average_at_start": load_average,
            "pupils_per_school": args.pupils,
            "setup_s": round(setup_s, 1),
            "one_server": one_server,
            "two_servers": two_servers,
            "map": nginx_map(mapping),
            "settings": vars(args),
            "answers": check_answers(schools, acknowledged),
        }
    finally:
        for proc in procs + [s["proc"] for s in servers.values()]:
            if proc.poll() is None:
                kill_server(proc, signal.SIGTERM)
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


def table(report: dict) -> str:
    one, two = report["one_server"], report["two_servers"]
    rows = [
        "| setup | pupils | ok requests/s | answers/s | p50 ms | p95 ms | errors |",
        "|---|---|---|---|---|---|---|",
    ]
    n, w = report["schools"], report["settings"]["workers"]
    for name, r in (
        (f"1 server, {n} schools, {w} workers", one),
        (f"2 servers, {n // 2} schools each, {w} workers each", two),
    ):
        rows.append(
            f"| {name} | {r['pupils']} | {r['ok_requests_per_s']} | {r['answers_per_s']} | {r['p50_ms']} "
            f"| {r['p95_ms']} | {r['errors']} |"
        )
    rows += [
        "",
        f"Server b killed (SIGKILL) for {report['settings']['outage']} s, then restarted:",
        "",
        "| schools on | killed | requests while down, by status | failed | ok | restart → listening s "
        "| restart → first ok s | restart → first answer s | ok answers after |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, o in sorted(two["outage"].items()):
        codes = ", ".join(f"{'no answer' if c == 0 else c}: {n}" for c, n in o["codes_while_down"].items())
        rows.append(
            f"| {name} | {'yes' if o['killed'] else 'no'} | {codes} | {o['failed_while_down']} "
            f"| {o['ok_while_down']} | {o['restart_to_listening_s'] or '–'} "
            f"| {o['restart_to_first_ok_s'] or '–'} | {o['restart_to_first_answer_s'] or '–'} "
            f"| {o['ok_answers_after_restart']} |"
        )
    rows += [
        "",
        f"Answers acknowledged: {report['answers']['acknowledged']}, missing from the files: "
        f"{report['answers']['missing']}. Load average at start: {report['load_average_at_start']}.",
    ]
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schools", type=int, default=20)
    parser.add_argument("--pupils", type=int, default=8, help="pupils per school")
    parser.add_argument("--think", type=float, default=1.0, help="seconds between a pupil's answers")
    parser.add_argument("--seconds", type=float, default=20, help="measured window per setup")
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--outage", type=float, default=10, help="seconds server b stays down")
    parser.add_argument("--after", type=float, default=20, help="seconds measured after the restart")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument(
        "--keep", metavar="DIR", help="make the schools in DIR and keep them; a later run with the same DIR reuses them"
    )
    args = parser.parse_args()
    if args.schools < 2 or args.schools > 99:
        parser.error("--schools must be 2..99")
    report = run(args)
    save_result("multi_host", report)
    print(table(report))
    print("\nThe generated nginx map:\n\n" + report["map"])


if __name__ == "__main__":
    main()
