"""Input shapes that used to crash the app (500 with a traceback) now get a clear 4xx:
JSON nested thousands deep in every posted JSON field, ids of 2^63 and more in every id route,
and digits that are not ASCII (² passes str.isdigit() but not int()).

ASVS 5.0 V16.5.3 (fail securely, no unhandled exception), V2.2.1 (input validated against
its expected structure), V1.5.x (untrusted structured data parsed with limits). The property
test over every route is tests/web/test_bad_input_never_crashes.py.
"""

import io
import json

import pytest

from trainer.cli.main import main
from trainer.puzzles.loader import PuzzleFileError, parse_puzzle_text

DEEP = "[" * 5000 + "]" * 5000
DEEP_OBJECT = '{"a":' * 5000 + "1" + "}" * 5000
HUGE_IDS = (2**63, 2**64, 10**30)
NOT_ASCII = ("²", "¹", "⁵", "٣", "３", "1_0", " 7")


def _attempt(db, pupil_id):
    return db.execute("SELECT id FROM attempts WHERE pupil_id = ? AND answered_at IS NULL", [pupil_id]).fetchone()[0]


@pytest.mark.parametrize("field", ["answer", "taps", "answer_ms"])
@pytest.mark.parametrize("deep", [DEEP, DEEP_OBJECT])
def test_deeply_nested_json_in_an_answer_is_a_clear_400(hostile_world, db, field, deep):
    # ASVS 5.0 V16.5.3: before, `answer=` of 5,000 "[" then 5,000 "]" raised RecursionError.
    pupil = hostile_world.clients["pupil"]
    attempt = _attempt(db, hostile_world.pupil_id)
    form = {"attempt": attempt, "answer": "[]", "taps": "[]", "client_ms": "4000", "final": "done", field: deep}
    response = pupil.post("/practice/answer", data=form)
    assert response.status_code == 400, response.status_code
    assert db.execute("SELECT answered_at FROM attempts WHERE id = ?", [attempt]).fetchone()[0] is None


def test_too_many_json_values_in_an_answer_are_refused(hostile_world, db):
    # The size limit: a flat list of 100,000 taps is not a child's answer.
    pupil = hostile_world.clients["pupil"]
    attempt = _attempt(db, hostile_world.pupil_id)
    taps = json.dumps([{"ms": 1, "action": "tap"}] * 20000)
    response = pupil.post("/practice/answer", data={"attempt": attempt, "answer": "[]", "final": "done", "taps": taps})
    assert response.status_code in (400, 413)


@pytest.mark.parametrize("deep", [DEEP, DEEP_OBJECT])
def test_deeply_nested_json_in_a_puzzle_upload_names_the_line(hostile_world, deep):
    # ASVS 5.0 V16.5.3 for the teacher's puzzle upload (trainer/puzzles/loader.py).
    teacher = hostile_world.clients["teacher"]
    response = teacher.post(
        "/puzzles/upload", data={"file": (io.BytesIO(deep.encode()), "deep.jsonl")}, content_type="multipart/form-data"
    )
    assert response.status_code == 400
    with pytest.raises(PuzzleFileError) as found:
        parse_puzzle_text("\n" + deep)
    assert found.value.line == 2 and "nested" in found.value.message


def test_deeply_nested_json_on_the_command_line_is_exit_2(tmp_path, capsys):
    # The same loader behind `trainer puzzles import`, and the JSON reader of solve and replay.
    path = tmp_path / "deep.jsonl"
    path.write_text(DEEP + "\n")
    for argv in (["puzzles", "import", str(path)], ["replay", str(path)], ["solve", "--lines", str(path)]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert "Traceback" not in err and "nested" in err, (argv, err)


def _int_rules(app):
    from werkzeug.routing import IntegerConverter

    for rule in app.url_map.iter_rules():
        if any(isinstance(conv, IntegerConverter) for conv in rule._converters.values()):
            yield rule


def test_every_id_route_is_bounded(app):
    rules = list(_int_rules(app))
    assert len(rules) > 20
    from werkzeug.routing import IntegerConverter

    for rule in rules:
        for converter in rule._converters.values():
            if isinstance(converter, IntegerConverter):
                assert converter.max == 2**63 - 1, rule.rule


@pytest.mark.parametrize("big", HUGE_IDS)
def test_ids_past_sqlites_integers_are_404_on_every_route(app, hostile_world, big):
    # ASVS 5.0 V16.5.3: /classes/99999999999999999999999 raised OverflowError at the SQLite
    # bind. Each route family as the visitor who may use it: teacher, pupil, choosing a name.
    who = {
        "classes": "teacher",
        "pupils": "teacher",
        "teachers": "teacher",
        "sets": "teacher",
        "games": "pupil",
        "join": "joining",
        "school": "teacher",
        "signin": "anonymous",
        "play": "pupil",
    }
    tried = set()
    for rule in _int_rules(app):
        role = who[rule.rule.strip("/").split("/")[0]]
        client = hostile_world.clients[role]
        address = rule.rule
        for name in rule.arguments:
            address = address.replace(f"<int:{name}>", str(big))
        for method in sorted(rule.methods & {"GET", "POST"}):
            response = client.get(address) if method == "GET" else client.post(address, data={})
            assert response.status_code == 404, (method, address, response.status_code)
            tried.add(rule.rule.split("/")[1])
    assert tried == {"classes", "pupils", "teachers", "sets", "games", "join", "school", "signin", "play"}


@pytest.mark.parametrize("digits", NOT_ASCII)
def test_digits_that_are_not_ascii_are_refused_everywhere(hostile_world, db, digits):
    # ASVS 5.0 V2.2.1: whole numbers are ASCII digits only. "²".isdigit() is True but int("²")
    # raises: each of these was a 500; "٣" and "３" were read as 3 (and "1_0" as 10).
    teacher, pupil = hostile_world.clients["teacher"], hostile_world.clients["pupil"]
    class_id, pupil_id = hostile_world.class_id, hostile_world.pupil_id
    game_id = hostile_world.ids["game_id"]
    for address in (
        f"/classes/{class_id}/dashboard/hard?days={digits}",
        f"/pupils/{pupil_id}/progress?days={digits}",
        f"/pupils/{pupil_id}/replay?game={digits}",
        f"/pupils/{pupil_id}/replay?game={game_id}&round={digits}",
        f"/pupils/{pupil_id}/replay?game={game_id}&step={digits}",
    ):
        assert teacher.get(address).status_code == 400, address
    before = db.execute("SELECT retention_days FROM classes WHERE id = ?", [class_id]).fetchone()[0]
    response = teacher.post(f"/classes/{class_id}/retention", data={"days": "3" + digits if digits != " 7" else "30 "})
    assert response.status_code == 400
    assert db.execute("SELECT retention_days FROM classes WHERE id = ?", [class_id]).fetchone()[0] == before
    response = teacher.post(
        f"/classes/{class_id}/drill/extra-time", data={f"extra-{pupil_id}": "1" + digits, f"extra-{digits}": "5"}
    )
    assert response.status_code == 400
    assert pupil.get(f"/games/{game_id}?step={digits}").status_code == 200  # read as "from the start"
    response = pupil.post(
        "/practice/answer", data={"attempt": _attempt(db, pupil_id), "remove": digits, "action": "add"}
    )
    assert response.status_code < 500
    response = pupil.post(
        "/practice/answer",
        data={"attempt": _attempt(db, pupil_id), "answer": "[]", "final": "pass", "client_ms": "4" + digits},
    )
    assert response.status_code < 500
    assert (
        db.execute(
            "SELECT client_ms FROM attempts WHERE pupil_id = ? AND answered_at IS NOT NULL ORDER BY answered_at DESC",
            [pupil_id],
        ).fetchone()[0]
        is None
    )


ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def test_a_class_tournament_takes_pupil_ids_in_ascii_digits_only(client, db, make, teacher):
    # Issue 38.9 (ASVS 5.0 V2.2.1): `present=²` answered 500 (str.isdigit, then int) and the
    # ids written in another script's digits seated those pupils.
    class_id = make.klass(teacher, "Cup")
    ids = [make.pupil(class_id, name) for name in ("Ada", "Bo", "Cy")]
    for present in (["²", "¹"], [str(i).translate(ARABIC_INDIC) for i in ids], ["３", "1_0", " 7"]):
        response = client.post(
            f"/classes/{class_id}/play/tournament", data={"present": present, "seating": "random", "length": "round"}
        )
        assert response.status_code == 400, present
        assert db.execute("SELECT COUNT(*) FROM class_tournaments").fetchone()[0] == 0, present


def test_the_fitted_bots_aim_and_the_older_answers_link_take_ascii_digits_only(client, db, make, teacher):
    # int("٥٠") is 50 and float("١٧٠٠٠٠٠٠٠٠") a time: both were taken as typed.
    class_id = make.klass(teacher, "Aims")
    pupil_id = make.pupil(class_id, "Ada")
    form = {"levels": "beginner", "lengths": "round", "max_bots": "3", "aim": "٥٠"}
    assert client.post(f"/classes/{class_id}/games", data=form).status_code == 400
    assert db.execute("SELECT COUNT(*) FROM class_game_settings").fetchone()[0] == 0
    for before in ("١٧٠٠٠٠٠٠٠٠", "1_700_000_000", " 1700000000", "1e9"):
        assert client.get(f"/pupils/{pupil_id}/attempts?before={before}").status_code == 400, before
    assert client.get(f"/pupils/{pupil_id}/attempts?before=1700000000.1234567").status_code == 200
