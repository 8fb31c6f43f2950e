"""The parent page's link of a pupil, as the letter's QR code holds it (issue 37.3): the database
keeps only its hash, so it is made again from the nonce and the app's secret key."""

from __future__ import annotations

from trainer.store import parent_links


def parent_link(app, db, pupil_id: int) -> str | None:
    row = db.execute("SELECT nonce FROM parent_links WHERE pupil_id = ?", [pupil_id]).fetchone()
    if row is None or row[0] is None:
        return None
    return parent_links.token_for(app.config["SECRET_KEY"], row[0])


def print_letters(client, class_id: int, **args):
    """The teacher opens the class's letters, which hands out the links."""
    response = client.get(f"/classes/{class_id}/letters", query_string=args)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response
