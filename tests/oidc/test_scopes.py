"""What a sign-in asks the provider for (issue 25, docs/deploy.md): as little as the school's
rules need — a pupil's sign-in the pseudonym only, a teacher's the e-mail besides."""

from trainer.web.signin.flow import scopes


def test_a_pupil_is_asked_for_openid_only():
    assert scopes({"scopes": ""}, "pupil") == "openid"


def test_a_teacher_is_asked_for_the_e_mail_too_and_nothing_else():
    assert scopes({"scopes": ""}, "teacher") == "openid email"


def test_the_schools_extra_scopes_are_added_once():
    assert scopes({"scopes": "groups email"}, "teacher") == "openid email groups"
    assert scopes({"scopes": "groups email"}, "pupil") == "openid groups email"
