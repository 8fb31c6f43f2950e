from trainer.store import school_settings


def test_a_setting_is_read_with_the_callers_default_until_written(db):
    assert school_settings.get(db, "open_registration") is None
    assert school_settings.get_flag(db, "open_registration", default=True) is True
    school_settings.put(db, "open_registration", False)
    assert school_settings.get(db, "open_registration") == "0"
    assert school_settings.get_flag(db, "open_registration", default=True) is False
    school_settings.put(db, "open_registration", True)
    assert school_settings.get_flag(db, "open_registration") is True
    school_settings.put(db, "oneroster_org", "org-7")
    assert school_settings.get(db, "oneroster_org") == "org-7"
    school_settings.put(db, "oneroster_org", None)
    assert school_settings.get(db, "oneroster_org", "none") == "none"
