"""`trainer serve`: run the web app on an embedded SQLite file (demo data on first start)."""
from __future__ import annotations

import os

from trainer.cli.errors import UsageError


def register(subparsers) -> None:
    p = subparsers.add_parser("serve", help="run the web app",
                              description="Serve TWEAK Trainer over HTTP with waitress.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for the classroom)")
    p.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    p.add_argument("--db", metavar="PATH", help="SQLite file (default: instance/trainer.db)")
    p.add_argument("--threads", type=int, default=8, help="worker threads (default 8)")
    p.add_argument("--no-demo", action="store_true",
                   help="do not create the demo teacher and class on an empty database")
    p.set_defaults(run=run)


def run(args) -> int:
    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be between 1 and 65535, not {args.port}")
    if args.threads < 1:
        raise UsageError("--threads must be at least 1")
    if args.db:
        folder = os.path.dirname(os.path.abspath(args.db))
        if not os.path.isdir(folder):
            raise UsageError(f"--db: folder {folder} does not exist")
        os.environ["TRAINER_DATABASE"] = os.path.abspath(args.db)

    import waitress

    from trainer import create_app
    from trainer.web import demo
    from trainer.web.db import connect
    from trainer.web.models import puzzles

    app = create_app()
    db = connect(app.config["DATABASE"])
    try:
        shown = None if args.no_demo else demo.ensure_demo_data(db, demo.login_file_for(app.config["DATABASE"]))
        # The first start fills the puzzle bank, so the first child's drill does not wait for it.
        if not db["puzzles"].count:
            puzzles.ensure_bank(db, generated=app.config["PUZZLE_BANK_GENERATED"])
            print(f"Puzzle bank ready: {db['puzzles'].count} puzzles", flush=True)
    finally:
        db.close()
    if shown:
        print(f"Demo teacher: {shown['email']}  password: {shown['password']}", flush=True)
    print(f"Database: {app.config['DATABASE']}", flush=True)
    print(f"TWEAK Trainer on http://{args.host}:{args.port}/", flush=True)
    waitress.serve(app, host=args.host, port=args.port, threads=args.threads,
                   ident="TWEAK Trainer")
    return 0
