"""`trainer serve`: run the web app on an embedded SQLite file (demo data on first start).

One process (waitress, threads: trainer.cli.one_process) by default, which is what `make run`
and a laptop need.
`--workers N` runs N worker processes under gunicorn for a school's server. The database is
prepared (migrations, demo data, puzzle bank) in this process first and its connection
closed, so no SQLite connection is ever inherited across a fork: each worker opens its own.

`--schools DIR` serves every school of a folder instead (issue 19, docs/schools.md): the same
two servers, in front of trainer.web.schools' dispatcher.

Beside either, the live channel (issue 36.1, trainer.push) runs as a process of its own on
`--push-port` (default: the next port), started and, should it die, started again by this
one; the pages learn from it when a table changed (docs/class-play.md, "Push").
"""

from __future__ import annotations

import atexit
import errno
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

from trainer.cli.errors import UsageError

ACCESS_LOG_FORMAT = '%(h)s "%(m)s %(U)s" %(s)s %(B)s %(M)sms'  # path only: no query strings in logs


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "serve",
        help="run the web app",
        description="Serve TWEAK Trainer over HTTP: waitress for one process, gunicorn with --workers N for several.",
    )
    p.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for the classroom)"
    )
    p.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    p.add_argument("--db", metavar="PATH", help="SQLite file (default: instance/trainer.db)")
    p.add_argument("--threads", type=int, default=8, help="threads per process (default 8)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1; 2 or more run under gunicorn)")
    p.add_argument(
        "--timeout", type=int, default=30, help="seconds before a stuck worker is restarted (gunicorn; default 30)"
    )
    p.add_argument(
        "--no-demo", action="store_true", help="do not create the demo teacher and class on an empty database"
    )
    p.add_argument(
        "--schools",
        metavar="DIR",
        help="serve every school of this folder (one <slug>.sqlite3 each, made by "
        "`trainer school add`) instead of the one --db",
    )
    p.add_argument(
        "--school-by",
        choices=("host", "path"),
        default="host",
        help="with --schools: choose the school by host name <slug>.<domain> (default) "
        "or by path prefix /<slug>/ on one host",
    )
    p.add_argument(
        "--domain",
        default="localhost",
        help="with --school-by host: the domain after the slug (default localhost, "
        "so http://<slug>.localhost:PORT/ on this machine)",
    )
    p.add_argument(
        "--push-port",
        type=int,
        default=None,
        help="port of the live channel (default: --port + 1; 0: none, the pages poll). "
        "Behind a proxy that routes /push/ to it, set TRAINER_PUSH=proxy (docs/deploy.md)",
    )
    p.set_defaults(run=run)


def run(args) -> int:
    _check_options(args)
    _ports_free(args)
    if args.schools:
        return _run_schools(args)
    if args.db:
        folder = os.path.dirname(os.path.abspath(args.db))
        if not os.path.isdir(folder):
            raise UsageError(f"--db: folder {folder} does not exist")
        os.environ["TRAINER_DATABASE"] = os.path.abspath(args.db)
    os.environ.setdefault("TRAINER_DAILY_HOUSEKEEPING", "true")
    os.environ.setdefault("TRAINER_KEEP_CONNECTIONS", "true")
    _push_setting(args)

    app = _prepare(args)
    _start_push(args, {"db": app.config["DATABASE"], "secret": app.config["SECRET_KEY"], "app_port": args.port})
    print(f"Database: {app.config['DATABASE']}", flush=True)
    print(f"TWEAK Trainer on http://{args.host}:{args.port}/", flush=True)
    if args.workers == 1:
        from trainer.cli import one_process

        one_process.serve(app, args.host, args.port, args.threads, app.config["TRUST_PROXY"])
    else:
        _warn_if_exposed(args)
        _gunicorn(args).run()
    return 0


def _check_options(args) -> None:
    """The numbers given are usable; the live channel's port defaults to the next one."""
    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be between 1 and 65535, not {args.port}")
    if args.threads < 1:
        raise UsageError("--threads must be at least 1")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if args.timeout < 1:
        raise UsageError("--timeout must be at least 1 second")
    if args.push_port is None:
        args.push_port = args.port + 1 if args.port < 65535 else 0
    if not 0 <= args.push_port < 65536 or args.push_port == args.port:
        raise UsageError(f"--push-port must be 0 (none) or another port between 1 and 65535, not {args.push_port}")


def _run_schools(args) -> int:
    """Every school of a folder (issue 19): one WSGI dispatcher, an app per school made as each
    process starts (by host name) or at the school's first request (by path). Each school's file is brought up to date here first
    (migrations, puzzle bank), so workers that start together never migrate one file at once."""
    from trainer.config import file_config
    from trainer.ops import schools
    from trainer.store import migrations, puzzles
    from trainer.store.db import connect

    if args.db:
        raise UsageError("give either --db or --schools, not both")
    if args.school_by == "host" and not all(
        re.fullmatch(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?", label) for label in args.domain.lower().split(".")
    ):
        raise UsageError(f"--domain {args.domain!r} is not a host name")
    try:
        folder = schools.check_folder(args.schools)
        slugs = schools.slugs(folder)
    except schools.SchoolError as err:
        raise UsageError(str(err)) from None
    os.environ.setdefault("TRAINER_DAILY_HOUSEKEEPING", "true")
    os.environ.setdefault("TRAINER_KEEP_CONNECTIONS", "true")
    _push_setting(args)
    generated = file_config()["PUZZLE_BANK_GENERATED"]
    for slug in slugs:
        db = connect(schools.database_path(folder, slug))
        try:
            migrations.apply(db)
            puzzles.ensure_bank(db, generated=generated)
        finally:
            db.close()
    _start_push(
        args,
        {
            "folder": folder,
            "by": args.school_by,
            "domain": args.domain,
            "app_port": args.port,
            "trust_proxy": bool(file_config().get("TRUST_PROXY")),
        },
    )
    print(f"Schools: {len(slugs)} in {folder}", flush=True)
    where = (
        f"http://<slug>.{args.domain}:{args.port}/"
        if args.school_by == "host"
        else f"http://{args.host}:{args.port}/<slug>/"
    )
    print(f"TWEAK Trainer on {where}", flush=True)
    if args.workers == 1:
        from trainer.cli import one_process

        app = _schools_app(args, folder)
        one_process.serve(app, args.host, args.port, args.threads, app.trust_proxy)
    else:
        _warn_if_exposed(args)
        _gunicorn(args, lambda: _schools_app(args, folder)).run()
    return 0


def exposed_workers_note(host: str) -> str | None:
    """gunicorn's threads read each request themselves: a few sockets sending a header a byte
    at a time hold them all (issue 45: 8 stalled 2 workers × 4 threads). Behind the proxy of
    docs/deploy.md, which reads requests whole, the workers listen on the loopback address."""
    if host in ("localhost", "::1") or host.startswith("127."):
        return None
    return (
        f"Note: --workers listens on {host} with no proxy in front; slow clients can hold its "
        "threads. Put the proxy of docs/deploy.md in front, or serve without --workers."
    )


def _warn_if_exposed(args) -> None:
    note = exposed_workers_note(args.host)
    if note:
        print(note, flush=True)


def _ports_free(args) -> None:
    """A port in use is one clear line and exit status 2 (issue 47.7), before anything starts:
    not a traceback after "TWEAK Trainer on ..." has been printed. The live channel takes the
    next port too, so it is checked as well. (A port taken in the moment between this check and
    the server's start still ends in the server's own error.)"""
    for port, option in ((args.port, "--port"), (args.push_port, "--push-port")):
        if not port:
            continue
        with socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET) as probe:
            # As the servers themselves bind: a port whose last connections are in TIME_WAIT is
            # free to them, only one that something listens on is not.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((args.host, port))
            except OSError as error:
                if error.errno != errno.EADDRINUSE:
                    raise UsageError(f"{option}: cannot listen on {args.host}:{port}: {error.strerror}") from None
                raise UsageError(
                    f"Port {port} on {args.host} is in use: choose another with "
                    f"`make run PORT=...` or `trainer serve {option} ...`"
                ) from None


def _push_setting(args) -> None:
    """Every worker's pages point at the channel (trainer.web.core.push_link); a proxy's
    setting (TRAINER_PUSH=proxy) wins. Set only once the options are known to be good."""
    if args.push_port:
        os.environ.setdefault("TRAINER_PUSH", str(args.push_port))


def _start_push(args, given: dict) -> None:
    """The live channel's process (`python -m trainer.push`), what it serves written to its
    standard input (the school's key never in a process list). A thread starts it again
    when it dies (a SIGKILL loses nothing: it keeps no state; the pages poll meanwhile);
    it ends with this process."""
    if not args.push_port:
        return
    running: list[subprocess.Popen] = []
    command = [sys.executable, "-m", "trainer.push", "--host", args.host, "--port", str(args.push_port)]
    owner = os.getpid()

    def stop() -> None:
        if os.getpid() != owner:  # a gunicorn worker, forked from this process, exiting
            return
        for proc in running:
            if proc.poll() is None:
                proc.terminate()

    atexit.register(stop)
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        # waitress leaves SIGTERM to Python's default, which skips atexit (gunicorn's master
        # handles it by exiting, which runs it).
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    threading.Thread(target=_keep_running, args=(command, given, running), name="push", daemon=True).start()
    print(f"Live channel on port {args.push_port}", flush=True)


def _keep_running(command: list[str], given: dict, running: list[subprocess.Popen]) -> None:
    """Runs the live channel, and again whenever it ends: a second later after a long life,
    twice as long after each quick death (30 seconds at most). `running` holds the process of
    the moment."""
    wait = 1.0
    while True:
        started = time.monotonic()
        proc = subprocess.Popen(command, stdin=subprocess.PIPE)
        proc.stdin.write(json.dumps(given).encode("utf-8") + b"\n")
        proc.stdin.close()
        running[:] = [proc]
        try:
            proc.wait()
        except ChildProcessError:  # gunicorn's master reaped it first: it is gone all the same
            pass
        wait = 1.0 if time.monotonic() - started > 10 else min(wait * 2, 30.0)
        time.sleep(wait)


def _schools_app(args, folder):
    from trainer import create_schools_app

    app = create_schools_app(folder, select_by=args.school_by, domain=args.domain if args.school_by == "host" else None)
    app.make_all()
    return app


def _prepare(args):
    """Migrations (create_app), demo data and the puzzle bank, before any worker starts."""
    from trainer import create_app
    from trainer.demo import seed as demo
    from trainer.store import puzzles
    from trainer.store.db import connect

    app = create_app()
    db = connect(app.config["DATABASE"])
    try:
        # The first start fills the puzzle bank, so the first child's drill does not wait for it
        # (and the demo class's history is made from it).
        if not db["puzzles"].count:
            puzzles.ensure_bank(db, generated=app.config["PUZZLE_BANK_GENERATED"])
            print(f"Puzzle bank ready: {db['puzzles'].count} puzzles", flush=True)
        shown = None if args.no_demo else demo.ensure_demo_data(db, demo.login_file_for(app.config["DATABASE"]))
    finally:
        db.close()
    if shown and "password" in shown:
        print(
            f"Demo teacher: {shown['email']}  password: {shown['password']}"
            f"  (shown once; also in {demo.login_file_for(app.config['DATABASE'])})",
            flush=True,
        )
    elif shown:
        print(f"Demo teacher: {shown['email']}  (password in {shown['file']}, readable by its owner only)", flush=True)
    return app


def _masking_logger():
    """Gunicorn's logger, with every address it writes passed through trainer.ops.log_paths
    (an invitation's token is part of its path: issue 38.2)."""
    from gunicorn.glogging import Logger

    from trainer.ops.log_paths import mask

    class MaskingLogger(Logger):
        def atoms(self, resp, req, environ, request_time):
            atoms = super().atoms(resp, req, environ, request_time)
            for key in (
                "r",
                "U",
                "q",
                "f",
                "{raw_uri}e",
                "{path_info}e",
                "{request_uri}e",
                "{query_string}e",
                "{referer}i",
                "{http_referer}e",
            ):
                if isinstance(atoms.get(key), str):
                    atoms[key] = mask(atoms[key])
            return atoms

    return MaskingLogger


def _gunicorn(args, make_app=None):
    """`make_app`: what each worker serves, made in the worker after the fork (default: the
    one-school app)."""
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):
        def load_config(self):
            for key, value in {
                "bind": f"{args.host}:{args.port}",
                "workers": args.workers,
                "worker_class": "gthread",
                "threads": args.threads,
                "timeout": args.timeout,
                "graceful_timeout": 20,
                "keepalive": 5,
                # Workers are not recycled after N requests: a recycle under load dropped
                # answers in flight on kept-alive connections (bench/load_test.py), and the
                # worker's memory is bounded (caches have limits; the load test reports RSS).
                "max_requests": 0,
                "accesslog": "-",
                "errorlog": "-",
                "access_log_format": ACCESS_LOG_FORMAT,
                "logger_class": _masking_logger(),
                "preload_app": False,
                "proc_name": "tweak-trainer",
                # No control socket: nothing here uses gunicornc, and every server of one user
                # shared ~/.gunicorn/gunicorn.ctl, which the first to exit removed (issue 45).
                "control_socket_disable": True,
            }.items():
                self.cfg.set(key, value)

        def load(self):
            if make_app is not None:
                return make_app()
            from trainer import create_app

            return create_app()

    return Server()
