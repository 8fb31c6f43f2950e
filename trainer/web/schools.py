"""Many schools on one service (issue 19): a WSGI dispatcher in front of one Flask app per school.

Werkzeug's DispatcherMiddleware maps a fixed set of path prefixes to apps made beforehand; here
the set is the folder's files (trainer.ops.schools), which `trainer school add` changes while
the server runs, so each school's app is made at its first request and kept for the life of
the process (each gunicorn worker makes its own, after the fork: no app, connection or thread
is shared across processes). Making an app runs that school's migrations on its file.

The school is chosen by one setting:
- "host": `<slug>.<domain>` (e.g. oak-lane.tweak.example); the session cookie is host-only.
- "path": `/<slug>/...` on a single host. The slug moves from PATH_INFO to SCRIPT_NAME, so
  url_for makes `/<slug>/...` links, and the session cookie's path is the prefix.

Each app's SECRET_KEY is derived from the folder's master key and the slug, so a session of
school A does not verify at school B even when both are on one host. A host or prefix that
names no school gets werkzeug's plain 404 page.
"""

from __future__ import annotations

import threading

from werkzeug.exceptions import NotFound

from trainer.ops import schools

SELECT_BY = ("host", "path")


class SchoolsDispatcher:
    def __init__(
        self,
        folder: str,
        select_by: str = "host",
        domain: str | None = None,
        test_config: dict | None = None,
        trust_proxy: bool | None = None,
    ):
        if select_by not in SELECT_BY:
            raise ValueError(f"select_by must be one of {SELECT_BY}, not {select_by!r}")
        if select_by == "host" and not domain:
            raise ValueError("choosing the school by host name needs a domain")
        self.folder = schools.check_folder(folder)
        self.select_by = select_by
        self.domain = (domain or "").lower().strip(".")
        self.test_config = test_config
        self.master = schools.master_key(self.folder)
        if trust_proxy is None:
            from trainer.config import file_config

            trust_proxy = bool((test_config or file_config()).get("TRUST_PROXY"))
        # Behind the TLS proxy the app (ProxyFix) reads X-Forwarded-Host: choose the school
        # from the same header, so the two never disagree about which school this is.
        self.trust_proxy = trust_proxy
        self._apps: dict[str, object] = {}
        # One lock per school: a school whose app is being made holds up only its own requests.
        self._locks: dict[str, threading.Lock] = {}

    # -- choosing the school ------------------------------------------------------------
    def slug_for_host(self, host: str) -> str | None:
        # The live channel finds the school by the same rule (trainer.ops.schools).
        return schools.slug_for_host(host, self.domain)

    def _host(self, environ) -> str:
        return schools.request_host(
            environ.get("HTTP_HOST") or environ.get("SERVER_NAME", ""),
            environ.get("HTTP_X_FORWARDED_HOST"),
            self.trust_proxy,
        )

    # -- the apps -------------------------------------------------------------------------
    def app_for(self, slug: str, script_name: str = ""):
        """The school's app, made on first use; None if there is no such school (any more)."""
        path = schools.existing_path(self.folder, slug)
        if path is None:
            # Removed while we run (`trainer school remove`): forget its app too.
            self._apps.pop(slug, None)
            return None
        app = self._apps.get(slug)
        if app is None:
            with self._locks.setdefault(slug, threading.Lock()):
                app = self._apps.get(slug)
                if app is None:
                    app = self._apps[slug] = self._make(slug, path, script_name)
        return app

    def make_all(self) -> None:
        """Every school's app now, before the first request: a worker that (re)starts then
        answers every school at once instead of making ten apps while their pupils wait.
        Only by host name: by path, an app takes its prefix from its first request."""
        if self.select_by == "host":
            for slug in schools.slugs(self.folder):
                self.app_for(slug)

    def _make(self, slug: str, path: str, script_name: str):
        from trainer.web import create_app

        school = {
            "DATABASE": path,
            "SECRET_KEY": schools.secret_key(self.master, slug),
            "SCHOOL_SLUG": slug,
            # Links on login cards follow the request's own host (and prefix), which is
            # this school's: one installation-wide PUBLIC_URL would point at a single school.
            "PUBLIC_URL": None,
            # A file dropped into the folder by hand is closed to self-registration until
            # its administrator opens it (`trainer school add` also writes it off).
            "OPEN_REGISTRATION": False,
        }
        if self.select_by == "path":
            school["SESSION_COOKIE_PATH"] = f"{script_name}/{slug}"
            school["APPLICATION_ROOT"] = f"{script_name}/{slug}"
        return create_app(self.test_config, school)

    def cached(self) -> list[str]:
        return sorted(self._apps)

    # -- WSGI ---------------------------------------------------------------------------------
    def __call__(self, environ, start_response):
        if self.select_by == "host":
            slug = self.slug_for_host(self._host(environ))
            app = self.app_for(slug) if slug else None
        else:
            path = environ.get("PATH_INFO", "") or "/"
            slug, rest = schools.slug_for_path(path), path.lstrip("/").partition("/")[2]
            script_name = environ.get("SCRIPT_NAME", "").rstrip("/")
            app = self.app_for(slug, script_name) if slug else None
            if app is not None:
                environ = dict(environ, SCRIPT_NAME=f"{script_name}/{slug}", PATH_INFO="/" + rest)
        if app is None:
            return NotFound()(environ, start_response)
        return app(environ, start_response)
