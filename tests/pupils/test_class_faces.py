"""Every child has a face in class play from their first login (issue 39.2): their chosen
character, or a default no classmate has, kept as classmates join."""

from hypothesis import given, strategies as st

from trainer.pupils.avatars import AVATARS, class_faces


def test_a_chosen_character_is_kept_and_defaults_avoid_it():
    faces = class_faces([3, 1, 2], {2: "fox"})
    assert faces[2] == "fox"
    assert faces[1] != "fox" and faces[3] != "fox" and faces[1] != faces[3]


def test_a_childs_default_stays_when_a_classmate_joins():
    before = class_faces([1, 2, 3], {})
    after = class_faces([1, 2, 3, 4], {})
    assert {p: after[p] for p in before} == before


@given(st.sets(st.integers(1, 10_000), max_size=40), st.data())
def test_every_pupil_gets_a_character_and_up_to_twelve_they_all_differ(ids, data):
    ids = sorted(ids)
    chosen = {p: data.draw(st.sampled_from(AVATARS)) for p in ids if data.draw(st.booleans())}
    faces = class_faces(ids, chosen)
    assert set(faces) == set(ids) and set(faces.values()) <= set(AVATARS)
    assert all(faces[p] == key for p, key in chosen.items())
    defaults = [faces[p] for p in ids if p not in chosen]
    free = len(set(AVATARS) - set(chosen.values()))
    if len(defaults) <= free:
        assert len(set(defaults)) == len(defaults)
        assert not set(defaults) & set(chosen.values())
