"""Whatever the puzzle page (or anyone) posts, the answer is a page or a 4xx, never a crash,
and a stored answer is never changed."""

import json

from hypothesis import HealthCheck, example, given, settings, strategies as st

from drill_helpers import DrillWorld

junk = st.one_of(
    st.text(max_size=60),
    st.sampled_from(
        [
            "",
            "[]",
            "{}",
            "null",
            "1e999",
            "-1",
            "NaN",
            "[{}]",
            '[{"none": true}]',
            '[{"play": "B4", "capture": ["R1a"]}]',
            '[{"ms": 1, "action": "tap", "card": "' + "x" * 50 + '"}]',
        ]
    ),
    st.lists(
        st.dictionaries(
            st.sampled_from(["play", "capture", "delta", "none", "ms", "action"]),
            st.one_of(st.integers(), st.text(max_size=5), st.booleans(), st.lists(st.text(max_size=4), max_size=3)),
            max_size=4,
        ),
        max_size=4,
    ).map(json.dumps),
    # Shapes that once crashed (issue 21.6): deep nesting, digits that are not ASCII.
    st.integers(min_value=100, max_value=6000).map(lambda n: "[" * n + "]" * n),
    st.text(alphabet="0123456789²³¹⁵٣３", min_size=1, max_size=4),
)
FIELDS = [
    "answer",
    "answer_ms",
    "taps",
    "client_ms",
    "final",
    "action",
    "tap",
    "delta",
    "remove",
    "time_up",
    "mode",
    "hide",
]
form = st.dictionaries(st.sampled_from(FIELDS), junk, max_size=6)

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def test_the_pupil_routes_survive_junk(client, db, make):
    world = DrillWorld(client, db, make)
    world.login()
    world.set_drill(puzzles=50)
    world.next()

    @SETTINGS
    @given(data=form, with_attempt=st.booleans())
    @example(data={"answer": "[" * 5000 + "]" * 5000}, with_attempt=True)
    @example(data={"answer": "[]", "taps": "[" * 5000 + "]" * 5000}, with_attempt=True)
    @example(data={"remove": "²"}, with_attempt=True)
    def check(data, with_attempt):
        attempt = world.pending()
        if with_attempt and attempt is not None:
            data = dict(data, attempt=attempt["id"])
        for url in ("/practice/answer", "/practice/next", "/me/countdown"):
            assert client.post(url, data=data).status_code < 500, (url, data)
        assert client.get("/practice").status_code < 500
        assert client.get("/me").status_code < 500
        for row in db.execute("SELECT outcome FROM attempts WHERE answered_at IS NOT NULL"):
            assert json.loads(row[0])["grade"] is not None

    check()


def test_a_stored_answer_survives_junk_posted_after_it(client, db, make):
    world = DrillWorld(client, db, make)
    world.login()
    world.set_drill(puzzles=50)
    world.next()
    attempt_id, _ = world.answer_right()
    first = world.stored(attempt_id)

    @SETTINGS
    @given(data=form)
    def check(data):
        assert client.post("/practice/answer", data=dict(data, attempt=attempt_id)).status_code < 500
        assert world.stored(attempt_id) == first

    check()
