"""`trainer play --players N --bots LEVEL,... --seed S [--rounds K]`: one round record per line."""

from __future__ import annotations

import json
import random
import sys

from trainer.bots import NAMES_HELP, make_bot
from trainer.bots.play import play_round
from trainer.cli.errors import UsageError
from trainer.engine.records import round_record
from trainer.engine.state import check_colors, deal, shuffled_setup


def register(sub) -> None:
    p = sub.add_parser("play", help="bots play rounds; prints each round record as a JSON line")
    p.add_argument("--players", type=int, required=True, help="2 to 6")
    p.add_argument(
        "--bots", required=True, help=f"one level for all seats or one per seat, comma-separated ({NAMES_HELP})"
    )
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--colors", help="colours in play, e.g. ROYG (default: R3.1); red must be in")
    p.set_defaults(run=run)


def bots_for_seats(spec: str, players: int) -> list:
    levels = [name.strip() for name in spec.split(",") if name.strip()]
    if len(levels) == 1:
        levels *= players
    if len(levels) != players:
        raise UsageError(f"--bots names {len(levels)} levels for {players} players: give one or {players}")
    try:
        return [make_bot(level) for level in levels]
    except ValueError as err:
        raise UsageError(str(err)) from None


def run(args) -> int:
    if not 2 <= args.players <= 6:
        raise UsageError(f"--players must be 2 to 6, not {args.players}")
    if args.rounds < 1:
        raise UsageError("--rounds must be at least 1")
    colors = None
    if args.colors:
        try:
            colors = check_colors(args.colors.upper())
        except ValueError as err:
            raise UsageError(str(err)) from None
    bots = bots_for_seats(args.bots, args.players)
    rng = random.Random(args.seed)
    dealer = rng.randrange(args.players)
    out = sys.stdout
    for _ in range(args.rounds):
        state = deal(shuffled_setup(args.players, rng, colors, dealer))
        state = play_round(state, bots, rng)
        out.write(json.dumps(round_record(state)) + "\n")
        dealer = (dealer + 1) % args.players  # R3.2
    return 0
