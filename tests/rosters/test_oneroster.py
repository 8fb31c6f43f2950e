"""Reading OneRoster bulk files: both versions' headers, and every kind of bad file refused
whole with its file and line."""

from __future__ import annotations

import pytest

from rosters.district import District, zip_of
from trainer.rosters import oneroster
from trainer.rosters.oneroster import Issue, RosterRefused

SMALL = {
    "orgs.csv": "sourcedId,status,name,type\norg-1,,North School,school\n",
    "users.csv": (
        "sourcedId,status,enabledUser,orgSourcedIds,role,username,givenName,familyName,email\n"
        "u1,,true,org-1,student,emma.j,Emma,Jansen,emma@x.example\n"
        "u2,,true,org-1,teacher,kok,Karin,Kok,Karin.Kok@school.example\n"
    ),
    "classes.csv": "sourcedId,status,title,courseSourcedId,schoolSourcedId\nc1,,Group 3B,,org-1\n",
    "enrollments.csv": (
        "sourcedId,status,classSourcedId,schoolSourcedId,userSourcedId,role,primary\n"
        "e1,,c1,org-1,u1,student,false\ne2,,c1,org-1,u2,teacher,true\n"
    ),
}


def refused(texts) -> list[Issue]:
    with pytest.raises(RosterRefused) as caught:
        oneroster.read_texts(texts)
    return caught.value.issues


def test_a_1_1_file_is_read():
    roster = oneroster.read_zip(zip_of(SMALL))
    assert roster.version == "1.1"
    assert roster.users["u1"].given_name == "Emma"
    assert roster.users["u2"].email == "karin.kok@school.example"
    assert [o.sourced_id for o in roster.schools()] == ["org-1"]
    assert [(e.user_id, e.role, e.primary) for e in roster.enrollments] == [
        ("u1", "student", False),
        ("u2", "teacher", True),
    ]


def test_a_1_2_file_is_read_without_a_role_column_and_with_roles_csv():
    texts = dict(SMALL)
    texts["manifest.csv"] = "propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\nfile.users,bulk\n"
    texts["users.csv"] = (
        "sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,"
        "familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,"
        "password,userMasterIdentifier,resourceSourcedIds,preferredGivenName,"
        "preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns\n"
        "u1,active,,true,emma,,Emma,Jansen,,,,,,,,,,,,,,org-1,\n"
        "u2,active,,true,kok,,Karin,Kok,,,k@x.example,,,,,,,,,,,org-1,\n"
    )
    texts["roles.csv"] = "sourcedId,status,userSourcedId,roleType,role,orgSourcedId\nr1,,u1,primary,student,org-1\n"
    roster = oneroster.read_texts(texts)
    assert roster.version == "1.2" and set(roster.users) == {"u1", "u2"}


def test_a_byte_order_mark_and_a_folder_in_the_zip_are_fine():
    texts = {f"export/{k}": "\ufeff" + v for k, v in SMALL.items()}
    assert oneroster.read_zip(zip_of(texts)).classes["c1"].title == "Group 3B"


def test_bad_rows_are_reported_by_file_and_line_and_refuse_the_whole_file():
    texts = dict(SMALL)
    texts["enrollments.csv"] = SMALL["enrollments.csv"] + "e3,,c9,org-1,u1,student,false\ne1,,c1,org-1,u1,student,\n"
    texts["classes.csv"] = SMALL["classes.csv"] + "c2,,,,org-1\nc3,weird,X,,org-1\n"
    issues = refused(texts)
    assert Issue("enrollments.csv", 4, "unknown_ref", "c9") in issues
    assert Issue("enrollments.csv", 5, "duplicate_id", "e1") in issues
    assert Issue("classes.csv", 3, "empty", "title") in issues
    assert Issue("classes.csv", 4, "bad_status", "weird") in issues


def test_rows_marked_tobedeleted_take_the_rows_that_refer_to_them_along():
    texts = dict(SMALL)
    texts["users.csv"] = SMALL["users.csv"] + "u3,tobedeleted,true,org-1,student,x,Bo,Berg,\n"
    texts["classes.csv"] = SMALL["classes.csv"] + "c2,tobedeleted,Group 4,,org-1\n"
    texts["enrollments.csv"] = SMALL["enrollments.csv"] + (
        "e3,,c1,org-1,u3,student,false\ne4,,c2,org-1,u1,student,false\n"
    )
    roster = oneroster.read_texts(texts)
    assert set(roster.users) == {"u1", "u2"} and set(roster.classes) == {"c1"}
    assert [e.sourced_id for e in roster.enrollments] == ["e1", "e2"]


def test_a_reference_to_a_row_that_never_was_still_refuses_the_file():
    texts = dict(SMALL)
    texts["enrollments.csv"] = SMALL["enrollments.csv"] + "e3,,c1,org-1,,student,false\n"
    assert Issue("enrollments.csv", 4, "unknown_ref", "") in refused(texts)


def test_a_missing_file_and_a_missing_column_are_reported():
    texts = dict(SMALL)
    del texts["enrollments.csv"]
    assert refused(texts) == [Issue("enrollments.csv", 0, "missing_file")]
    texts = dict(SMALL, **{"users.csv": "sourcedId,givenName\nu1,Emma\n"})
    assert refused(texts) == [Issue("users.csv", 1, "missing_column", "familyName")]


def test_a_delta_file_is_refused():
    texts = dict(SMALL, **{"manifest.csv": "propertyName,value\nfile.users,delta\n"})
    assert refused(texts) == [Issue("manifest.csv", 2, "delta", "file.users")]


@pytest.mark.parametrize("data", [b"", b"not a zip", b"PK\x03\x04broken", b"\x00" * 100])
def test_not_a_zip_is_refused(data):
    with pytest.raises(RosterRefused) as caught:
        oneroster.read_zip(data)
    assert caught.value.issues == [Issue("", 0, "not_zip")]


def test_text_that_is_not_utf8_is_refused():
    texts = {k: v.encode() for k, v in SMALL.items()}
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in texts.items():
            archive.writestr(name, data if name != "users.csv" else b"sourcedId,givenName,familyName\nu1,\xff,\xfe\n")
    with pytest.raises(RosterRefused) as caught:
        oneroster.read_zip(buffer.getvalue())
    assert caught.value.issues == [Issue("users.csv", 0, "not_utf8")]


def test_the_district_file_reads():
    roster = oneroster.read_zip(District().zip())
    assert len(roster.classes) == 40
    assert sum(e.role == "student" for e in roster.enrollments) == 1000
    assert [o.sourced_id for o in roster.schools()] == ["org-1", "org-2", "org-3"]
