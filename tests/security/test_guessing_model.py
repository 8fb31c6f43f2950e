"""The numbers of docs/security.md, "Guessing: the model and its numbers", recomputed from the
configuration's defaults: a changed limit without a changed table fails here.

ASVS 5.0 V2.1.3 (business logic limits documented per user and for the whole application),
V6.3.1 (brute-force controls as documented)."""

from pathlib import Path

from trainer.config import DEFAULTS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "security.md").read_text()
PASSWORDS = 9 * 8 * 7
CODES = 23**6
SCHOOL_DAY, DAY = 390, 1440  # minutes
CLASS_SIZE, LIVE_CLASSES = 30, 100


def lock_guesses(minutes: int) -> int:
    """Guesses one device gets at one pupil in `minutes`: the free ones, then one per lock."""
    free, base, cap = (
        DEFAULTS["PUPIL_LOGIN_FREE_FAILURES"],
        DEFAULTS["THROTTLE_BASE_SECONDS"] / 60,
        DEFAULTS["THROTTLE_MAX_SECONDS"] / 60,
    )
    guesses, spent, step = free, 0.0, 0
    while spent + min(cap, base * 2**step) <= minutes:
        spent += min(cap, base * 2**step)
        guesses, step = guesses + 1, step + 1
    return guesses


def per_window(limit: int, window_s: int, minutes: int) -> int:
    return limit * max(1, minutes * 60 // window_s)


def days_until_one_of(pupils: int, per_pupil_per_day: int) -> float:
    """Expected days until one of `pupils` falls, each tried with new sequences every day."""
    total, day = 0.0, 0
    while PASSWORDS - day * per_pupil_per_day > 0:
        total += ((PASSWORDS - day * per_pupil_per_day) / PASSWORDS) ** pupils
        day += 1
    return total


def shown(*figures: str) -> None:
    for figure in figures:
        assert figure in DOC, f"docs/security.md should say {figure!r}"


def test_the_picture_password_figures():
    expected = (PASSWORDS + 1) / 2
    pupil_day = DEFAULTS["PICTURE_PUPIL_FAILURES"]  # one window is a day
    class_day = DEFAULTS["PICTURE_CLASS_FAILURES"]
    assert DEFAULTS["PICTURE_WINDOW_SECONDS"] == 24 * 3600
    shown(
        f"{PASSWORDS} passwords",
        f"{expected} guesses on average",
        f"| {pupil_day} / {pupil_day} (the pupil's ceiling) | {100 * pupil_day / PASSWORDS:.1f} % | "
        f"{expected / pupil_day:.0f} days |",
        f"| {class_day} in all / {class_day} (the class's ceiling) | "
        f"{100 * (1 - (1 - 1 / PASSWORDS) ** CLASS_SIZE):.1f} % that some pupil",
        f"{days_until_one_of(CLASS_SIZE, class_day // CLASS_SIZE):.0f} days until one does",
        f"| {lock_guesses(SCHOOL_DAY)} / {lock_guesses(DAY)} | {100 * lock_guesses(SCHOOL_DAY) / PASSWORDS:.1f} % | "
        f"{expected / lock_guesses(SCHOOL_DAY):.1f} school days",
    )
    old_day = lock_guesses(DAY)
    shown(
        f"{100 * (1 - (1 - old_day / PASSWORDS) ** CLASS_SIZE):.1f} % that some pupil of 30 falls in 24 h",
        f"{expected / old_day:.1f} days per pupil",
    )


def test_the_class_code_figures():
    window = DEFAULTS["JOIN_CODE_WINDOW_SECONDS"]
    expected = (CODES + 1) / (LIVE_CLASSES + 1)
    shown(f"{CODES:,} codes", f"{expected:,.0f} guesses on average")
    for limit in (DEFAULTS["JOIN_CODE_ADDRESS_FAILURES"], DEFAULTS["JOIN_CODE_TOTAL_FAILURES"]):
        school, day = per_window(limit, window, SCHOOL_DAY), per_window(limit, window, DAY)
        shown(f"| {school:,} / {day:,} | {100 * school * LIVE_CLASSES / CODES:.2f} % | {expected / day:.0f} days |")
    shown(
        f"per device ({DEFAULTS['JOIN_CODE_DEVICE_FAILURES']})",
        f"per network address ({DEFAULTS['JOIN_CODE_ADDRESS_FAILURES']})",
        f"for the whole installation ({DEFAULTS['JOIN_CODE_TOTAL_FAILURES']})",
    )
