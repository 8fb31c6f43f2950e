"""The family table (issue 37.4): pass-and-play on one tablet. A hand-over screen that shows
no card between two people's turns (R9 on one screen), the family's names kept on the device
only, and only the child's own plays analysed."""

import json
import re


def _start(client, **rows):
    data = {"length": "round", **rows}
    response = client.post("/games/family/new", data=data)
    assert response.status_code == 303, response.data
    return int(response.headers["Location"].rstrip("/").split("/")[-1])


def _state(db, game_id):
    row = db.execute("SELECT state, settings FROM games WHERE id = ?", [game_id]).fetchone()
    return json.loads(row[0]), row[1]


def _cards_shown(html: str) -> set[str]:
    return set(re.findall(r'data-card="([A-Z][1-6][ab]?)"', html))


def _hand_over_to(html: str) -> str | None:
    found = re.search(r"Pass the tablet to ([^<]+)</h1>", html)
    return found.group(1) if found else None


def _version(html):
    return re.search(r'name="version" value="([^"]+)"', html).group(1)


def _play_a_turn(client, game_id):
    """Whoever holds the tablet taps "It's me" when asked, then puts their first card down."""
    html = client.get(f"/games/family/{game_id}").get_data(as_text=True)
    if _hand_over_to(html):
        client.post(f"/games/family/{game_id}/ready", data={"version": _version(html)})
        html = client.get(f"/games/family/{game_id}").get_data(as_text=True)
    if "data-pick-card" not in html:
        discard = re.search(r'name="card" value="([^"]+)"', html)
        return client.post(
            f"/games/family/{game_id}/move",
            data={"kind": "discard", "card": discard.group(1), "version": _version(html)},
        )
    card = re.findall(r'data-pick-card="([^"]+)"', html)[-1]  # the hand comes after the table
    client.post(
        f"/games/family/{game_id}/tap", data={"tap": card, "version": _version(html)}, headers={"HX-Request": "true"}
    )
    return client.post(f"/games/family/{game_id}/move", data={"kind": "lay", "version": _version(html)})


def test_names_stay_on_the_device_not_in_the_database(client, db, pupil):
    game_id = _start(client, name2="Anna", name3="Bram")
    state, settings = _state(db, game_id)
    stored = json.dumps(state) + settings + db.execute("SELECT record FROM games WHERE id = ?", [game_id]).fetchone()[0]
    assert "Anna" not in stored and "Bram" not in stored
    assert json.loads(settings)["seats"] == ["pupil", "pupil", "pupil"]


def test_the_hand_over_screen_shows_no_card(client, db, pupil):
    game_id = _start(client, name2="Anna", name3="Bram")
    html = client.get(f"/games/family/{game_id}").get_data(as_text=True)
    # Whoever plays first, nobody holds the tablet yet: it is passed to them first.
    assert _hand_over_to(html) in ("Noor", "Anna", "Bram")
    assert _cards_shown(html) == set()


def test_after_a_move_the_next_person_gets_the_hand_over_not_the_last_hand(client, db, pupil):
    game_id = _start(client, name2="Anna")
    first = _hand_over_to(client.get(f"/games/family/{game_id}").get_data(as_text=True))
    response = _play_a_turn(client, game_id)
    html = (
        client.get(f"/games/family/{game_id}").get_data(as_text=True)
        if response.status_code == 303
        else response.get_data(as_text=True)
    )
    nxt = _hand_over_to(html)
    assert nxt is not None and nxt != first  # R9: two people, one screen
    assert _cards_shown(html) == set()


def test_a_move_before_the_tap_is_refused_and_changes_nothing(client, db, pupil):
    game_id = _start(client, name2="Anna")
    html = client.get(f"/games/family/{game_id}").get_data(as_text=True)
    before = _state(db, game_id)
    response = client.post(f"/games/family/{game_id}/move", data={"kind": "lay", "version": _version(html)})
    assert response.status_code == 409
    assert _state(db, game_id) == before


def test_a_whole_round_only_the_childs_plays_are_analysed(client, db, pupil):
    game_id = _start(client, name2="Anna", bot3="beginner")
    for _ in range(200):
        if db.execute("SELECT status FROM games WHERE id = ?", [game_id]).fetchone()[0] != "active":
            break
        response = _play_a_turn(client, game_id)
        assert response.status_code in (200, 303), response.data
    assert db.execute("SELECT status FROM games WHERE id = ?", [game_id]).fetchone()[0] == "finished"
    record = json.loads(db.execute("SELECT record FROM games WHERE id = ?", [game_id]).fetchone()[0])
    child_plays = sum(1 for m in record["moves"] if m["player"] == 0)
    analysed = db.execute("SELECT count(*) FROM game_moves WHERE game_id = ?", [game_id]).fetchone()[0]
    assert analysed == child_plays > 0
    timed = db.execute(
        "SELECT count(*) FROM game_moves WHERE game_id = ? AND server_ms IS NOT NULL", [game_id]
    ).fetchone()[0]
    assert timed == analysed  # the server's clock runs for the child's turns, as in bot games
    # A game with family members is no measure of the child against bots (issue 17).
    assert db.execute("SELECT count(*) FROM pupil_game_levels").fetchone()[0] == 0


def test_a_name_with_digits_is_refused_kindly(client, db, pupil):
    response = client.post("/games/family/new", data={"name2": "x1<script>", "length": "round"})
    assert response.status_code == 400
    assert b"letters only" in response.data
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 0


def test_one_person_alone_is_not_a_family_table(client, db, pupil):
    response = client.post("/games/family/new", data={"bot2": "beginner", "length": "round"})
    assert response.status_code == 400
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 0


def test_continue_your_game_opens_the_family_table(client, db, pupil):
    game_id = _start(client, name2="Anna")
    response = client.get(f"/games/{game_id}")
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/games/family/{game_id}")
    assert client.post(f"/games/{game_id}/move", data={"kind": "lay"}).status_code == 404


def _holding_the_tablet(client, game_id):
    """Whoever's turn it is taps "It's me": the page of their turn."""
    html = client.get(f"/games/family/{game_id}").get_data(as_text=True)
    if _hand_over_to(html):
        client.post(f"/games/family/{game_id}/ready", data={"version": _version(html)})
        html = client.get(f"/games/family/{game_id}").get_data(as_text=True)
    return html


def test_a_move_made_offline_and_sent_twice_is_applied_once_with_its_card(client, db, pupil):
    """A home Wi-Fi drop (issue 36.2 for the family table): the tablet chose the card itself
    (its tap could not reach the server) and sends the move with it; the answer is lost and
    the outbox sends it again. The card chosen is the one laid, and only once."""
    game_id = _start(client, name2="Anna")
    html = _holding_the_tablet(client, game_id)
    card = re.findall(r'data-pick-card="([^"]+)"', html)[-1]  # from the hand, never tapped
    token = re.search(r'name="token" value="([^"]+)"', html).group(1)
    form = {"kind": "lay", "hand": card, "version": _version(html), "token": token, "queued_ms": "4000"}
    moves_before = len(_state(db, game_id)[0]["current"]["log"])
    first = client.post(f"/games/family/{game_id}/move", data=form)
    assert first.status_code == 303, first.data
    after, _ = _state(db, game_id)
    assert len(after["current"]["log"]) == moves_before + 1
    assert card in json.dumps(after["current"]["log"][-1])
    again = client.post(f"/games/family/{game_id}/move", data=form)
    assert again.status_code == 303  # the game as it is now, nothing refused
    assert _state(db, game_id)[0] == after
    other = client.post(f"/games/family/{game_id}/move", data={**form, "token": "another-page"})
    assert other.status_code == 409 and _state(db, game_id)[0] == after


def test_a_move_held_longer_than_a_wifi_drop_changes_nothing(client, db, pupil):
    game_id = _start(client, name2="Anna")
    html = _holding_the_tablet(client, game_id)
    card = re.findall(r'data-pick-card="([^"]+)"', html)[-1]
    before = _state(db, game_id)
    response = client.post(
        f"/games/family/{game_id}/move",
        data={"kind": "lay", "hand": card, "version": _version(html), "queued_ms": str(11 * 60 * 1000)},
    )
    assert response.status_code == 409
    assert "did not count" in response.get_data(as_text=True)
    assert _state(db, game_id) == before
