"""`trainer tournament --bots LEVEL,... --rounds K --seed S [--players N] [--jobs J]`; a level may
be a strength dial `dial:X`.

Duplicate deals (trainer.bots.tournament): K deals, each played once per seat rotation.
Prints one JSON document; progress goes to stderr.
"""

from __future__ import annotations

import json
import sys

from trainer.bots import NAMES_HELP, check_bot_name
from trainer.bots.tournament import run_games, summarize
from trainer.cli.errors import UsageError


def register(sub) -> None:
    p = sub.add_parser(
        "tournament", help="bots play duplicate deals; prints win rates (95%% intervals), mean points, Elo as JSON"
    )
    p.add_argument("--bots", required=True, help=f"two or more different levels, comma-separated ({NAMES_HELP})")
    p.add_argument("--rounds", type=int, required=True, help="number of deals; each is played once per seat rotation")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--players", type=int, help="2 to 6 (default: one seat per bot); the bots fill the seats in turn")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(run=run)


def parse_bots(spec: str) -> list[str]:
    names = [name.strip() for name in spec.split(",")]
    if any(not name for name in names):
        raise UsageError("--bots has an empty name: give levels separated by commas")
    for name in names:
        try:
            check_bot_name(name)
        except ValueError as err:
            raise UsageError(str(err)) from None
    if len(set(names)) != len(names):
        raise UsageError("--bots names a level twice: each bot must be different")
    if len(names) < 2:
        raise UsageError("--bots needs at least two levels to compare")
    return names


def run(args) -> int:
    bots = parse_bots(args.bots)
    players = args.players if args.players is not None else len(bots)
    if not 2 <= players <= 6:
        raise UsageError(f"--players must be 2 to 6, not {players}")
    if players < len(bots):
        raise UsageError(f"{len(bots)} bots do not fit at a table of {players} players")
    if args.rounds < 1:
        raise UsageError("--rounds must be at least 1")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")

    step = max(1, args.rounds // 20)

    def progress(done: int, total: int) -> None:
        if not args.quiet and (done % step == 0 or done == total or done < step):
            print(f"tournament: {done}/{total} deals", file=sys.stderr, flush=True)

    games = run_games(bots, players, args.rounds, args.seed, jobs=args.jobs, progress=progress)
    sys.stdout.write(json.dumps(summarize(games, bots, players, args.rounds)) + "\n")
    return 0
