"""The whole teacher-to-pupil path through the test client, end to end."""


def test_teacher_sets_up_a_class_and_a_pupil_logs_in(client, auth, make, pupil_auth, db):
    auth.login_new_teacher()
    response = client.post("/classes", data={"name": "Group 5"})
    assert response.status_code == 303
    class_url = response.headers["Location"]
    class_id = int(class_url.rsplit("/", 1)[1])
    assert client.post(f"/classes/{class_id}/pupils", data={"name": "Noor"}).status_code == 303
    page = client.get(class_url).get_data(as_text=True)
    assert "Noor" in page
    pupil_id = db.execute("SELECT id FROM pupils WHERE name = 'Noor'").fetchone()[0]
    password = db.execute("SELECT picture_password FROM pupils WHERE id = ?", [pupil_id]).fetchone()[0]
    auth.logout()
    response = pupil_auth.login(class_id, pupil_id, password.split(","))
    assert response.status_code == 303
    assert response.headers["Location"] == "/me"
    assert "Noor" in client.get("/me").get_data(as_text=True)
