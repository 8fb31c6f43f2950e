"""The games' web tests: a pupil logged in on `client`, in a class of their own."""

import pytest


@pytest.fixture
def pupil(make, pupil_auth):
    class_id = make.klass(make.teacher())
    pupil_id = make.pupil(class_id, "Noor")
    pupil_auth.login(class_id, pupil_id)
    return {"class_id": class_id, "pupil_id": pupil_id}
