"""The family table's live region (issue 49, point 3): the same words as a bot game's, the
person taking the tablet hears what the others did and "Your turn!", and the hand-over screen
says nothing about any card, in the live region either; R reads only the holder's own hand."""

import re

from trainer.store import games

HX = {"HX-Request": "true"}
OOB = '<div id="game-live" hx-swap-oob="innerHTML">'
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")


def live_text(page: str) -> str:
    return " ".join(page.split(OOB)[1].split("</div>")[0].split())


def table_say(page: str) -> str:
    return " ".join(re.search(r"<p hidden data-table-say>(.*?)</p>", page, re.S).group(1).split())


def version(page: str) -> str:
    return re.search(r'name="version" value="([^"]+)"', page).group(1)


def hands(db, game_id) -> list[tuple[str, ...]]:
    return list(games.load(next(db.query("SELECT * FROM games WHERE id = ?", [game_id]))).state.hands)


def card_words(card: str) -> str:
    return f"{dict(zip('ROYGBP', COLOURS))[card[0]]} {card[1]}"


def test_r9_the_hand_over_says_no_card_and_the_holder_hears_the_others_moves(client, db, pupil):
    response = client.post("/games/family/new", data={"length": "round", "name2": "Anna", "name3": "Bram"})
    game_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    page = client.get(f"/games/family/{game_id}").get_data(as_text=True)
    first = re.search(r"Pass the tablet to ([^<]+)</h1>", page).group(1)
    ready = client.post(f"/games/family/{game_id}/ready", data={"version": version(page)}, headers=HX)
    board = ready.get_data(as_text=True)
    assert live_text(board) == "Your turn!"
    # R: this person's own hand, never another's (R9 on one screen).
    said = table_say(board)
    seat = ["Noor", "Anna", "Bram"].index(first)
    mine = hands(db, game_id)[seat]
    assert f"Your hand: {', '.join(card_words(c) for c in mine)}." in said
    others = {card_words(c) for s, hand in enumerate(hands(db, game_id)) if s != seat for c in hand} - {
        card_words(c) for c in mine
    }
    assert not any(words in said.split("On the table:")[0] + said.split("Your hand:")[1] for words in others)
    assert re.search(r"(Noor|Anna|Bram) has 3 cards\.", said)

    card = re.findall(r'data-pick-card="([^"]+)"', board)[-1]  # the hand comes after the table
    client.post(f"/games/family/{game_id}/tap", data={"tap": card, "version": version(board)}, headers=HX)
    moved = client.post(f"/games/family/{game_id}/move", data={"kind": "lay", "version": version(board)}, headers=HX)
    hand_over = moved.get_data(as_text=True)
    nxt = re.search(r"Pass the tablet to ([^<]+)</h1>", hand_over).group(1)
    assert live_text(hand_over) == f"Pass the tablet to {nxt}"
    # Nothing about any card: not on the screen, not in its live region, no table words for R.
    assert not any(colour in hand_over for colour in COLOURS) and "data-table-say" not in hand_over

    ready = client.post(f"/games/family/{game_id}/ready", data={"version": version(hand_over)}, headers=HX)
    said = live_text(ready.get_data(as_text=True))
    assert said == f"{first} put {card_words(card)} down on the table. Your turn!"


def test_the_family_tables_words_in_the_childs_language(client, db, pupil):
    response = client.post("/games/family/new", data={"length": "round", "name2": "Anna"})
    game_id = int(response.headers["Location"].rstrip("/").split("/")[-1])
    nl = {**HX, "Accept-Language": "nl"}
    page = client.get(f"/games/family/{game_id}", headers={"Accept-Language": "nl"}).get_data(as_text=True)
    board = client.post(f"/games/family/{game_id}/ready", data={"version": version(page)}, headers=nl)
    text = board.get_data(as_text=True)
    assert live_text(text) == "Jij bent aan de beurt!"
    assert table_say(text).startswith("Tovergetal")
