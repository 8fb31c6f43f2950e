"""Picture-password guessing is limited in the database, so the limits hold in every server
process, and a burst of parallel guesses gets no more tries than slow ones.

ASVS 5.0 V6.3.1: controls against brute force are implemented as documented (docs/security.md,
"Guessing": 5 free failures per pupil on one device, then 1, 2, 4 ... up to 15 minutes; and
from devices the pupil never used, ceilings per pupil, class and address).
ASVS 5.0 V2.4.1: anti-automation against excessive calls to a function.
The teacher's side (per e-mail, shared by two app instances) is in
tests/web/teachers/test_login.py::test_throttle_counter_is_shared_between_server_processes;
the rules themselves in tests/security/test_guessing_limits.py.
"""

from concurrent.futures import ThreadPoolExecutor

from trainer.store import throttle

WRONG = ("moon", "star", "fish")
RIGHT = ("sun", "tree", "boat")


def _pupil(real_servers, name):
    db = real_servers.db()
    try:
        make = real_servers.make(db)
        class_id = make.klass(make.teacher(), f"Class of {name}")
        pupil_id = make.pupil(class_id, name, password=",".join(RIGHT))
        return pupil_id, make.class_row(class_id)["join_code"]
    finally:
        db.close()


def _failures(real_servers, pupil_id):
    """(failures counted by the pupil's lock on the one device used, failures under the pupil's
    ceiling for new devices)."""
    db = real_servers.db()
    try:
        (lock_key,) = [
            r[0] for r in db.execute("SELECT key FROM login_throttle WHERE key LIKE ?", [f"pupil:{pupil_id}:device:%"])
        ]
        ceiling = db.execute("SELECT count(*) FROM login_failures WHERE key = ?", [f"pupil:{pupil_id}"]).fetchone()[0]
        return throttle.failures(db, lock_key), ceiling
    finally:
        db.close()


def _attempt(browser, server, pupil_id, pictures):
    response = None
    for key in pictures:
        response = browser.post(server, f"/join/pupil/{pupil_id}", {"pick": key})
    return response


def test_the_lock_holds_in_both_server_processes(real_servers):
    # ASVS 5.0 V6.3.1: brute-force protection that another process cannot sidestep.
    single, workers = real_servers.single, real_servers.workers
    pupil_id, code = _pupil(real_servers, "Noor")
    tablet = real_servers.browser()
    tablet.get(single, "/join")
    assert tablet.post(single, "/join", {"code": code}).status == 303

    # Wrong pictures, alternating between the processes: the waitress one and gunicorn's
    # two workers all count into the same row.
    statuses = []
    for attempt in range(5):
        server = single if attempt % 2 == 0 else workers
        statuses.append(_attempt(tablet, server, pupil_id, WRONG).status)
    assert statuses == [400, 400, 400, 400, 429]
    assert _failures(real_servers, pupil_id) == (5, 5)

    # Locked on this tablet in every process, even with the right pictures...
    for server in (single, workers, single, workers):
        locked = _attempt(tablet, server, pupil_id, RIGHT)
        assert locked.status == 429
        assert "Try again in 1 minute, or ask your teacher." in locked.text
    assert _failures(real_servers, pupil_id) == (5, 5)  # refused tries are not even compared
    # ...but not on another tablet: a classmate's wrong guesses lock only their own device;
    # the pupil's ceiling for new devices counted them in both processes (5 of 10).
    other = real_servers.browser()
    other.get(workers, "/join")
    assert other.post(workers, "/join", {"code": code}).status == 303
    assert _attempt(other, single, pupil_id, RIGHT).status == 303


def test_parallel_guesses_from_a_copied_cookie_get_no_extra_tries(real_servers):
    # ASVS 5.0 V6.3.1 / V2.4.1: the lock check and the count are one transaction, before the
    # comparison. A cookie copied after two taps, replayed with every possible third picture
    # at once on both processes, gets exactly the 5 free tries; before the fix (check first,
    # count after comparing) such a burst had 11 of 18 guesses compared.
    single, workers = real_servers.single, real_servers.workers
    pupil_id, code = _pupil(real_servers, "Sem")
    attacker = real_servers.browser()
    attacker.get(single, "/join")
    attacker.post(single, "/join", {"code": code})
    attacker.post(single, f"/join/pupil/{pupil_id}", {"pick": "moon"})
    attacker.post(single, f"/join/pupil/{pupil_id}", {"pick": "star"})
    cookie, token = attacker.cookie_header(), attacker.csrf
    thirds = ["sun", "tree", "heart", "house", "fish", "boat", "flower"] * 4

    def guess(i):
        server = single if i % 2 else workers
        return attacker.request(
            server, "POST", f"/join/pupil/{pupil_id}", cookie=cookie, form={"pick": thirds[i], "csrf_token": token}
        ).status

    with ThreadPoolExecutor(max_workers=len(thirds)) as pool:
        statuses = list(pool.map(guess, range(len(thirds))))
    assert sorted(statuses) == [400] * 4 + [429] * (len(thirds) - 4)
    assert _failures(real_servers, pupil_id) == (5, 5)


def test_claims_are_atomic_across_connections(app):
    # ASVS 5.0 V6.3.1 for every throttled login (teachers per e-mail, pupils per pupil): 24
    # connections claiming at the same instant get exactly the 5 free tries between them.
    import threading

    from trainer.store.db import connect

    barrier = threading.Barrier(24)
    results = []

    def claim():
        db = connect(app.config["DATABASE"])
        try:
            barrier.wait()
            results.append(throttle.attempt(db, throttle.Lock("teacher:burst@school.example", 5, 60, 900), ()))
        finally:
            db.close()

    threads = [threading.Thread(target=claim) for _ in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    admitted = [tried.lock for tried in results if not tried.refused]
    assert len(admitted) == 5 and sorted(admitted) == [0, 0, 0, 0, 60]


def test_spoofed_forwarded_addresses_do_not_escape_the_class_code_throttle(tmp_path):
    # ASVS 5.0 V6.3.1 / V2.4.1: wrong class codes are counted per network address. Without
    # TRUST_PROXY an X-Forwarded-For header is ignored; with it, only the address the proxy
    # itself added (the last one) counts, so a made-up first entry changes nothing.
    from web_helpers import make_app

    for trusted in (False, True):
        app = make_app(tmp_path / f"j{trusted}.db", TRUST_PROXY=trusted, JOIN_CODE_ADDRESS_FAILURES=2)
        client = app.test_client()
        statuses = []
        for n in range(4):
            spoofed = {"X-Forwarded-For": f"10.9.{n}.1, 192.0.2.7" if trusted else f"10.9.{n}.1"}
            statuses.append(client.post("/join", data={"code": f"ZZZZZ{n}"}, headers=spoofed).status_code)
        assert statuses == [400, 400, 429, 429], trusted
