"""Every route that takes an id, with form data to post to it: the table
tests/web/test_authorization.py checks against the app's url_map, shared with the security
suite's access tests and the games' bad-input tests. And who each page is for (`audience`),
from which the checks of every page take their lists (tests/page_checks.py)."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import url_for
from werkzeug.exceptions import HTTPException

from trainer.web.core import login
from web_helpers import TEACHER_PASSWORD

# Who a page is for (issue 48.4): "teacher", "pupil", "parent", "projector" (a teacher's page
# shown on the classroom's wall) or "everyone". A view behind `teacher_required` or
# `admin_required` is a teacher's and one behind `pupil_required` a pupil's, as the code says;
# a route no login decorator guards is listed in NO_LOGIN with who it is for, and
# tests/web/test_checks_cover_every_page.py fails for one that is not. What a page is checked
# for follows from this: every pupil, parent, projector and everyone's page for its fit on a
# tablet and a phone and for axe (tests/page_checks.py), every page for its headers
# (tests/security/).
NO_LOGIN = {
    "static": "everyone",
    "pages.home": "everyone",  # the first page: "I am a pupil" and the teachers' login
    "pages.how_to_play": "everyone",
    # The installable web app's files (issue 18), and the page its worker shows without Wi-Fi.
    "install.manifest": "everyone",
    "install.service_worker": "everyone",
    "install.offline": "everyone",
    "auth.login": "teacher",
    "auth.register": "teacher",
    "invitations.accept": "teacher",  # the link an administrator sends (issue 19)
    "invitations.join": "teacher",  # its form, at an address without the token (issue 38.2)
    # Sign-in with the school's service (issue 25), before anyone is logged in, pupils and teachers.
    "signin.start": "everyone",
    "signin.callback": "everyone",
    "signin.link_teacher": "teacher",
    "pupil_login.join": "pupil",
    "pupil_login.names": "pupil",
    "pupil_login.pictures_step": "pupil",
    "home_login.welcome": "pupil",  # where a child's personal home QR opens (issue 37.1)
    "home_login.closed": "pupil",  # not public: only a home session outside its hours sees it
    "parent_page.show": "parent",  # opened by a child's personal link, a home letter's QR (37.3)
}
# Behind a teacher's login, but shown to the class.
SHOWN_TO_THE_CLASS = {"classplay_watch.projector": "projector"}
# A page anyone may open without logging in (the security walk's anonymous visitor gets it).
PUBLIC_ENDPOINTS = set(NO_LOGIN) - {"static", "home_login.closed"}

_GUARDS = {
    login.teacher_required(lambda: None).__code__: "teacher",
    login.admin_required(lambda: None).__code__: "teacher",
    login.pupil_required(lambda: None).__code__: "pupil",
}


def login_audience(view) -> str | None:
    """Who a view's login decorator lets in: the decorators wrap with functools.wraps, so each
    layer's code is compared with the decorators' own wrapper."""
    while view is not None:
        if getattr(view, "__code__", None) in _GUARDS:
            return _GUARDS[view.__code__]
        view = getattr(view, "__wrapped__", None)
    return None


def audience(app, endpoint: str) -> str | None:
    """None: no decorator says, and NO_LOGIN does not either."""
    if endpoint in SHOWN_TO_THE_CLASS:
        return SHOWN_TO_THE_CLASS[endpoint]
    return login_audience(app.view_functions.get(endpoint)) or NO_LOGIN.get(endpoint)


def get_endpoints(app) -> set[str]:
    return {rule.endpoint for rule in app.url_map.iter_rules() if "GET" in rule.methods}


def endpoint_of(app, url: str) -> str | None:
    """The endpoint a browser's address is answered by, or None."""
    try:
        endpoint, _args = app.url_map.bind("localhost").match(urlsplit(url).path, method="GET")
    except HTTPException:
        return None
    return endpoint


# endpoint -> {method: form data}; "kind" says whose id the route takes.
TEACHER_ROUTES = {
    "classes.show": {"GET": None},
    "classes.rename": {"POST": {"name": "Hacked"}},
    "classes.regenerate_code": {"POST": {}},
    "classes.archive": {"POST": {}},
    "classes.retention": {"POST": {"days": "30"}},
    "classes.restore": {"POST": {}},
    "classes.delete": {"GET": None, "POST": {"confirm_name": "B's class"}},
    "classes.export": {"GET": None},
    # The teacher's own account: the id in the URL must be the logged-in teacher's.
    "account.export": {"GET": None},
    "account.delete": {"GET": None, "POST": {"password": TEACHER_PASSWORD}},
    "roster.add": {"POST": {"name": "Intruder"}},
    "roster.upload": {"GET": None, "POST": {}},
    "roster.cards": {"GET": None},
    "roster.paste": {"GET": None, "POST": {"step": "add", "name": "Intruder", "line": "1"}},
    "roster.class_sheet": {"GET": None},
    "classes.settings": {"GET": None},
    "roster.show": {"GET": None},
    "roster.rename": {"POST": {"name": "Hacked"}},
    "roster.reset_pictures": {"POST": {}},
    "unlock.pupil": {"POST": {}},
    "unlock.klass": {"POST": {}},
    "roster.archive": {"POST": {}},
    "roster.restore": {"POST": {}},
    "roster.delete": {"GET": None, "POST": {"confirm_name": "Victim"}},
    "roster.export": {"GET": None},
    "roster.needs": {"GET": None, "POST": {"extra_time": "0", "no_timer": "1"}},
    "pupil_links.unlink": {"POST": {}},
    "class_games.limits": {"GET": None, "POST": {"levels": "random", "lengths": "round", "max_bots": "5"}},
    "drills.settings": {"GET": None, "POST": {"mode": "puzzles", "puzzles": "3", "kinds": "quick", "time_limit": "9"}},
    "drills.extra_time": {"POST": {}},
    "dashboard.overview_page": {"GET": None},
    "dashboard.class_hard": {"GET": None},
    "dashboard.class_report": {"GET": None},
    "dashboard.class_attempts_csv": {"GET": None},
    "dashboard.class_pupils_csv": {"GET": None},
    "dashboard.pupil_page": {"GET": None},
    "dashboard.pupil_attempts": {"GET": None},
    "dashboard.pupil_report": {"GET": None},
    "dashboard.pupil_attempts_csv": {"GET": None},
    "dashboard.replay_page": {"GET": None},  # the game id is a query argument, checked against the pupil
    "drills.drill_set": {"POST": {"set_id": ""}},
    "worksheets.new": {"GET": None, "POST": {"kinds": "all", "band": "class", "count": "4", "seed": "1"}},
    "worksheets.show": {"GET": None},
    "puzzle_sets.show": {"GET": None},
    "puzzle_sets.draft": {"POST": {"table": "R1a", "hand": "B4", "target": "5", "kind": "all"}},
    "puzzle_sets.add": {"POST": {"table": "R1a", "hand": "B4", "target": "5", "kind": "all"}},
    "puzzle_sets.remove": {"POST": {}},
    "puzzle_sets.print_set": {"POST": {}},
    "puzzle_sets.delete": {"POST": {}},
    "certificates.show": {"GET": None},
    # Class play (issue 16): only the class's teacher watches its tables.
    "classplay_watch.watch": {"GET": None},
    "classplay_watch.watch_live": {"GET": None},
    "classplay_watch.projector": {"GET": None},
    "classplay_watch.projector_live": {"GET": None},
    "classplay_tournament.live": {"GET": None},
    "classplay_tournament.start": {"POST": {"present": "1", "seating": "random", "length": "round"}},
    "classplay_tournament.end": {"POST": {}},
    "classplay_tournament.certificates": {"GET": None},
    # The school administrator's page (issue 19): admin_required, so another teacher gets 403
    # and a pupil or nobody the teachers' login.
    "school.set_active": {"POST": {"active": "1"}},
    "school.set_role": {"POST": {"role": "admin"}},
    "school.hand_over": {"POST": {"teacher_id": "1"}},
    "school.withdraw": {"POST": {}},
    # The administrator's review of teachers' puzzles (issue 38.1): the puzzle_id is the victim
    # teacher's own waiting puzzle.
    "puzzle_review.review": {"POST": {"decision": "accept"}},
    "puzzle_review.remove": {"POST": {}},
    "school_signin.remove": {"POST": {}},
    # Issue 34: the administrator's test sign-in and the teachers' claim values of a service.
    "school_signin.test": {"GET": None},
    "school_signin.add_name": {"POST": {"teacher_id": "1", "value": "tina0042"}},
    "school_signin.remove_name": {"POST": {"name_id": "1"}},
    # Home practice (issue 37.1): the class's hours, and a pupil's home QR shown and renewed.
    "home_practice.settings": {
        "GET": None,
        "POST": {
            "enabled": "1",
            "opens": "07:00",
            "closes": "20:00",
            "days": "1",
            "counts": "1",
            "school_opens": "08:00",
            "school_closes": "16:00",
            "school_days": "1",
        },
    },
    "home_practice.show_qr": {"GET": None},
    "home_practice.renew": {"POST": {}},
    "home_practice.free": {"POST": {}},  # issue 47.2: a home QR let go of its device
    # Home letters and parent links (issue 37.2, 37.3).
    "home_letters.letters": {"GET": None},
    "home_letters.renew_pupil": {"POST": {}},
    "home_letters.off_pupil": {"POST": {}},
    "home_letters.renew_class": {"POST": {}},
    "home_letters.off_class": {"POST": {}},
}
# Public routes whose argument is a secret token, not an id (tests/web/teachers/test_invitation_accept.py
# tries used, expired, withdrawn and made-up tokens): listed so the registry test knows them.
TOKEN_ROUTES = {
    "invitations.accept": {"GET": None},
    # The parent page (issue 37.3): tests/web/parents/ try unknown, renewed, switched-off and
    # expired links, and that the link opens nothing else.
    "parent_page.show": {"GET": None},
}
# Public routes whose argument is one of the school's sign-in services (issue 25), the same for
# everyone and before anyone is logged in: tests/oidc/test_refused_sign_ins.py tries an unknown
# provider (404), a replayed or foreign state and bad tokens; listed so the registry test knows them.
PROVIDER_ROUTES = {
    "signin.start": {"GET": None},
    "signin.callback": {"GET": None},
}
# Routes a pupil uses during login: the id must be a pupil of the class they chose.
PUPIL_LOGIN_ROUTES = {
    "pupil_login.pictures_step": {"GET": None, "POST": {"pick": "sun"}},
}
# Routes of a logged-in pupil that take an id of their own things (drills, games, ...).
PUPIL_ROUTES: dict = {
    "games.show": {"GET": None},
    "games.tap": {"POST": {"tap": "R1a"}},
    "games.move": {"POST": {"kind": "lay"}},
    "games.hint": {"POST": {}},
    "games.start_next_round": {"POST": {}},
    "games.stop": {"POST": {}},
    "family.show": {"GET": None},
    "family.ready": {"POST": {"version": "0:0"}},
    "family.tap": {"POST": {"tap": "R1a"}},
    "family.move": {"POST": {"kind": "lay"}},
    "family.start_next_round": {"POST": {}},
    "family.stop": {"POST": {}},
    # Class play (issue 16): only pupils of the table's class sit at or see it.
    "classplay.table": {"GET": None},
    "classplay.live": {"POST": {}},
    "classplay.join": {"POST": {}},
    "classplay.leave": {"POST": {}},
    "classplay.start": {"POST": {"bots": "1"}},
    "classplay.move": {"POST": {"version": "1", "kind": "lay", "hand": "R1a"}},
}
# POST routes without an id in their URL, with the data a real form sends.
# "{join_code}" / "{qr_token}" are filled in from the security suite's hostile_world
# (tests/security/: test_request_forgery.py, test_refusals_store_nothing.py).
PLAIN_POSTS = {
    "auth.register": {
        "display_name": "New",
        "email": "new@school.example",
        "password": TEACHER_PASSWORD,
        "password2": TEACHER_PASSWORD,
    },
    "auth.login": {"email": "hostile@school.example", "password": TEACHER_PASSWORD},
    "auth.logout": {},
    "auth.change_password": {
        "current": TEACHER_PASSWORD,
        "password": "a forged new password",
        "password2": "a forged new password",
    },
    "classes.index": {"name": "Forged class"},
    "pupil_login.join": {"code": "{join_code}"},
    "pupil_login.join_qr": {"token": "{qr_token}"},
    "pupil_login.leave": {},
    "home_login.welcome": {"token": "{qr_token}"},
    "language.choose": {"lang": "de"},
    "drills.upload_puzzles": {"note": "a file of puzzles"},
    "games.new": {"bot1": "beginner", "length": "round"},
    "practice.next_puzzle": {"mode": "drill"},
    "practice.answer": {"attempt": "x", "answer": "[]", "final": "pass"},
    "practice.countdown": {"hide": "1"},
    "pupil_home.switch": {"name": "sounds", "on": "1"},
    "puzzle_sets.index": {"name": "Forged set"},
    "worksheets.find": {"code": "AAAA-AAAA"},
    "pupil_home.avatar": {"avatar": "fox"},
    "pupil_home.play": {},
    "school.invite": {"role": "admin"},
    "school.registration": {"open": "1"},
    "rosters.index": {},
    "rosters.apply": {"upload": "x", "org": "x"},
    "school_signin.index": {
        "name": "Forged",
        "issuer": "http://127.0.0.1:9",
        "client_id": "x",
        "secret": "x",
        "teacher_claim": "email",
        "teacher_value": "@evil.example",
    },
    "signin.link_teacher": {"password": TEACHER_PASSWORD},
    "signin_confirm.ask": {"answer": "yes"},
    "classplay.open_table": {"seats": "3", "length": "round", "bot_level": ""},
    "family.new": {"name2": "Anna", "length": "round"},
    "table_check.pupil": {"target": "9", "table": "R1a", "hand": "P6", "tried": "P6"},
    "table_check.teacher": {"target": "9", "table": "R1a", "hand": "P6", "tried": "P6"},
    # The form of the invitation link opened in this browser (its token is in the session).
    "invitations.join": {
        "display_name": "New",
        "email": "new@school.example",
        "password": "a forged new password",
        "password2": "a forged new password",
    },
}

ALL_ROUTES = {**TEACHER_ROUTES, **PUPIL_LOGIN_ROUTES, **PUPIL_ROUTES, **TOKEN_ROUTES, **PROVIDER_ROUTES}

CASES = [
    (e, m) for e, methods in ALL_ROUTES.items() for m in methods if e not in TOKEN_ROUTES and e not in PROVIDER_ROUTES
]
OUTSIDE_LOGIN = [c for c in CASES if c[0] not in PUPIL_LOGIN_ROUTES]


def route_url(app, endpoint, ids):
    rule = next(r for r in app.url_map.iter_rules() if r.endpoint == endpoint)
    with app.test_request_context():
        return url_for(endpoint, **{arg: ids[arg] for arg in rule.arguments})


def send(client, method, url, data):
    if method == "GET":
        return client.get(url)
    return client.post(url, data=data or {})


def assert_refused_to_a_pupil(endpoint, response):
    """A logged-in pupil asking for an id not theirs: a teacher route sends them to the
    teachers' login, any other route refuses (tests/web/test_authorization.py, and school A's
    pupil with school B's ids in tests/schools/test_isolation.py)."""
    if endpoint in TEACHER_ROUTES:
        assert response.status_code in (302, 403, 404)
        if response.status_code == 302:
            assert response.headers["Location"].startswith("/login")
    else:
        assert response.status_code in (403, 404)
