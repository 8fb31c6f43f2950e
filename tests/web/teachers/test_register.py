"""Teachers create an account."""

import pytest

from trainer.store import passwords

GOOD = {
    "display_name": "Ms Jansen",
    "email": "Jansen@School.example",
    "password": "a long enough password",
    "password2": "a long enough password",
}


def test_register_page_renders(client):
    page = client.get("/register").get_data(as_text=True)
    assert 'name="csrf_token"' in page
    assert 'autocomplete="new-password"' in page


def test_register_creates_account_logs_in_and_stores_argon2id_hash(client, db, real_password_hashing):
    response = client.post("/register", data=GOOD)
    assert response.status_code == 303
    assert response.headers["Location"] == "/classes"
    row = db.execute("SELECT email, password_hash FROM teachers").fetchone()
    assert row[0] == "jansen@school.example"  # e-mail addresses are case-insensitive
    assert row[1].startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert GOOD["password"] not in row[1]
    assert client.get("/classes").status_code == 200


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("display_name", "", "Please enter your name."),
        ("display_name", "x" * 61, "Use at most 60 characters."),
        ("email", "", "Please enter a valid e-mail address."),
        ("email", "not-an-address", "Please enter a valid e-mail address."),
        ("email", "a b@c.d", "Please enter a valid e-mail address."),
        ("password", "short", "Use at least 10 characters."),
        ("password", "x" * 257, "Use at most 256 characters."),
        ("password2", "something else", "The two passwords are not the same."),
    ],
)
def test_register_validation(client, db, field, value, message):
    data = dict(GOOD, **{field: value})
    response = client.post("/register", data=data)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM teachers").fetchone()[0] == 0


def test_register_refuses_an_email_that_is_taken_in_any_case(client, db):
    client.post("/register", data=GOOD)
    client.post("/logout")
    response = client.post("/register", data=dict(GOOD, email="JANSEN@school.EXAMPLE"))
    assert response.status_code == 400
    assert "There is already an account with this e-mail address." in response.get_data(as_text=True)
    assert db.execute("SELECT count(*) FROM teachers").fetchone()[0] == 1


def test_register_keeps_typed_values_but_never_the_password(client):
    page = client.post("/register", data=dict(GOOD, password2="nope")).get_data(as_text=True)
    assert 'value="Ms Jansen"' in page
    assert GOOD["password"] not in page


def test_password_hash_parameters_follow_owasp(real_password_hashing):
    h = passwords.HASHER
    assert (h.time_cost, h.memory_cost, h.parallelism) == (2, 19456, 1)
    assert h.type.name == "ID"
    stored = passwords.hash_password("correct horse battery")
    assert passwords.verify(stored, "correct horse battery")
    assert not passwords.verify(stored, "wrong")
    assert not passwords.verify("not a hash", "wrong")
