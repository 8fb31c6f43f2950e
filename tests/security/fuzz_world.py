"""The world the fuzzer crawls (tests/security/fuzzing.py): the security suite's hostile world
(conftest.build_world) plus the states some forms only show in, so that the crawl meets them:
an archived class and an archived pupil (restore), more answers than a page shows (older ones),
a pupil locked out by wrong pictures (unlock), a game whose round is over (next round), and a
teacher's puzzle waiting for review (accept, keep out).

A form that only shows in a state not made here fails the coverage guard
(test_fuzzing.py::test_the_crawl_reaches_every_route): add the state here.
"""

from __future__ import annotations

import hashlib
import re
import time
from datetime import datetime

from game_helpers import find_game, greedy_move, store_game
from trainer.engine.positions import Position
from trainer.engine.rules import legal_moves
from trainer.games.family import FamilySettings
from trainer.games.service import decide, new_game
from trainer.games.settings import PERSON, GameSettings
from trainer.play import tables as play_tables
from trainer.puzzles.puzzle import make_puzzle
from trainer.store import class_tables, oidc_providers, oidc_teacher_names, puzzle_review, tournaments
from trainer.web.dashboard.queries import attempt_log
from trainer.web.signin import pupil_link
from web_helpers import Make, PupilActions

from .conftest import build_world

WRONG = ("moon", "moon", "moon")


def build_fuzz_world(app, db) -> dict:
    """{visitor: test client}: nobody, a pupil entering the class code, a pupil, a teacher."""
    make = Make(db)
    world = build_world(app, make, db)
    teacher = world.clients["teacher"]
    # A roster file uploaded, not applied: its preview and "apply" are there to fuzz.
    import io

    from rosters.district import zip_of
    from rosters.test_oneroster import SMALL

    assert (
        teacher.post(
            "/school/rosters", data={"file": (io.BytesIO(zip_of(SMALL)), "r.zip")}, content_type="multipart/form-data"
        ).status_code
        == 303
    )
    response = teacher.post("/classes", data={"name": "Last year"})
    old_class = int(re.search(r"/classes/(\d+)", response.headers["Location"]).group(1))
    assert teacher.post(f"/classes/{old_class}/archive").status_code == 303
    archived = make.pupil(world.class_id, "Archie")
    assert teacher.post(f"/pupils/{archived}/archive").status_code == 303
    # Wrong pictures from one tablet until it is refused: the class page lists her as locked.
    locked = make.pupil(world.class_id, "Lou", password="sun,tree,boat")
    tablet = app.test_client()
    for _ in range(6):
        PupilActions(tablet, make).login(world.class_id, locked, WRONG)
    # More answers than the pupil's page shows, so that it links to the older ones (?before=).
    answered = db.execute(
        "SELECT * FROM attempts WHERE pupil_id = ? AND answered_at IS NOT NULL", [world.pupil_id]
    ).fetchone()
    columns = (
        answered.keys()
        if hasattr(answered, "keys")
        else [d[0] for d in db.execute("SELECT * FROM attempts LIMIT 0").description]
    )
    row = dict(zip(columns, answered))
    for n in range(attempt_log.RECENT + 1):
        db.execute(
            f"INSERT INTO attempts ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
            [
                *(
                    {
                        **row,
                        "id": f"{row['id']}-{n}",
                        "answered_at": row["answered_at"] - 60 * (n + 1),
                        "issued_at": row["issued_at"] - 60 * (n + 1),
                        # Copies of one puzzle in one sitting: only as rows from before m3805 can be.
                        "issued_by": None,
                    }.values()
                )
            ],
        )
    # A teacher's own puzzle waiting for the administrator (issue 38.1): the review's Accept and
    # Keep out forms show only for one.
    waiting = make_puzzle("all", Position(10, ("R1a", "O2a", "Y3a", "G4"), ("B6", "P5")))
    assert puzzle_review.store_own(db, world.ids["teacher_id"], [waiting]).own == 1
    # An invitation link whose token the crawl knows (fuzzing.ENTRY_PAGES): links are random,
    # so this one is stored as invitations.create stores any, by the token's SHA-256.
    db.execute(
        "INSERT INTO invitations (token_hash, role, created_by, created_at, expires_at)"
        " VALUES (?, 'teacher', NULL, ?, ?)",
        [hashlib.sha256(b"fuzz-invitation-token").hexdigest(), "2000-01-01T00:00:00", "9999-01-01T00:00:00"],
    )
    # A teacher's first provider sign-in, waiting for the password (trainer.web.signin.views):
    # the nobody visitor has one pending, so the crawl meets the form at /signin/link.
    # A service that finds teachers by uniid, with one teacher's value (issue 34): its add and
    # remove forms are on the administrator's sign-in services page.
    uniid_service = oidc_providers.add(
        db,
        secret_key=app.config["SECRET_KEY"],
        secret="fuzz-secret",
        now=datetime(2026, 12, 1),
        name="Fuzz full login",
        issuer="http://127.0.0.1:9",
        client_id="fuzz-full",
        teacher_claim="role",
        teacher_value="staff",
        teacher_match="uniid",
    )
    oidc_teacher_names.add(
        db, provider_id=uniid_service, teacher_id=world.ids["teacher_id"], value="fuzz0001", now=datetime(2026, 12, 1)
    )
    with world.clients["anonymous"].session_transaction() as pending:
        pending["oidc_teacher"] = {
            "provider": world.ids["provider_id"],
            "issuer": "http://127.0.0.1:9",
            "sub": "fuzz-sub",
            "teacher": world.ids["teacher_id"],
            "id_token": "",
            "at": time.time(),
        }
    # A pupil's first sign-in with the school's login, asking "was that you?" (issue 34): the
    # pupil visitor's session holds the question, so the crawl meets its form.
    with world.clients["pupil"].session_transaction() as asked:
        asked[pupil_link.QUESTION] = {
            "provider": world.ids["provider_id"],
            "issuer": "http://127.0.0.1:9",
            "sub": "fuzz-new-sub",
            "id_token": "",
            "pupil": world.pupil_id,
            "at": time.time(),
            "session": pupil_link.session_digest(asked["auth"]),
        }
    over = find_game(lambda g: g.round_over and not g.over, GameSettings(("random",), length="short"))
    store_game(db, world.pupil_id, over)
    # Class play (issue 16): the pupil's open table with a classmate (Start, Leave), a game at
    # another table played to the pupil's turn (the move forms; a second seat is made in SQL,
    # as the store seats a child at one table at a time), and another child's table to join.
    class_tables.join(db, world.ids["table_id"], world.bypass_pupil_id, now=1.0)
    playing = class_tables.open_table(db, world.class_id, locked, 3, "round", "beginner", now=2.0)
    db.execute("INSERT INTO class_table_seats (table_id, seat, pupil_id) VALUES (?, 1, ?)", [playing, world.pupil_id])
    play_tables.start(db, playing, locked, with_bots=True, seed=3, now=3.0)
    while True:
        row = class_tables.get(db, playing)
        if class_tables.seat_of(db, playing, locked) != class_tables.load(row).to_act:
            break
        play_tables.play(
            db,
            playing,
            locked,
            row["version"],
            f"m{row['version']}",
            lambda game, seat: legal_moves(game.state)[0],
            now=4.0,
        )
    class_tables.open_table(db, world.class_id, archived, 4, "round", None, now=5.0)
    # A class tournament running in a second class (issue 16.5): its standings poll and its
    # "End the tournament now" form (the first class keeps the start form).
    cup_class = make.klass(world.ids["teacher_id"], "Cup class")
    cup = [[make.pupil(cup_class, n) for n in ("Ada", "Bo", "Cy")]]
    tournaments.start(db, cup_class, cup, play_tables.tournament_games(cup, "round", 7), now=6.0)
    # And one ended in a third class: its standings link to the certificates (issue 45: every
    # route of the route table is fuzzed).
    ended_class = make.klass(world.ids["teacher_id"], "Ended cup class")
    ended = [[make.pupil(ended_class, n) for n in ("Di", "Ed", "Fay")]]
    tournaments.end(
        db, tournaments.start(db, ended_class, ended, play_tables.tournament_games(ended, "round", 8), now=6.5), now=6.6
    )
    _family_tables(db, world)
    # A home QR held by a device (issue 47.2): the At home tab's "Free …" form shows only then.
    # In a class of its own: with practice at home on, the class code works only in school
    # hours, and the crawl's joining visitor must reach the first class's names at any hour.
    home_class = make.klass(world.ids["teacher_id"], "Home class")
    home_pupil = make.pupil(home_class, "Hana")
    from trainer.pupils.home_hours import HomeHours
    from trainer.store import home_practice

    home_practice.save_hours(db, home_class, HomeHours(enabled=True))
    db.execute(
        "INSERT INTO pupil_home_keys (pupil_id, device, device_kind, first_used_at)"
        " VALUES (?, 'a-device-digest', 'ipad', '2026-12-02T15:00:00+00:00')",
        [home_pupil],
    )
    return {
        "nobody": world.clients["anonymous"],
        "joining": world.clients["joining"],
        "pupil": world.clients["pupil"],
        "teacher": teacher,
    }


def _family_tables(db, world) -> None:
    """The family table (issue 37.4), linked from its new-game page: one whose tablet is in the
    hands of the person to act (the board's tap, move and stop forms), one waiting for the
    hand-over (its "It's me" form), and a match between rounds (next round). Who holds the
    tablet is in the pupil's session, as on the device."""
    import random

    held = new_game(FamilySettings((PERSON, PERSON, "beginner")), 5)
    passing = new_game(FamilySettings((PERSON, PERSON)), 6)
    between = new_game(FamilySettings((PERSON, PERSON), length="full"), 7)
    rng = random.Random(7)
    while not between.round_over:
        between, _ = decide(between, greedy_move(between.state, rng), seat=between.to_act)
    kept = {}
    for game, holder in ((held, held.to_act), (passing, None), (between, None)):
        game_id = store_game(db, world.pupil_id, game)
        # Older than the bot games: "Continue your game" on the pupil's page opens those.
        db.execute("UPDATE games SET created_at = 0, updated_at = 0 WHERE id = ?", [game_id])
        kept[str(game_id)] = {"names": [None, "Anna", None], "holder": holder}
    with world.clients["pupil"].session_transaction() as session:
        session["family_tables"] = kept
