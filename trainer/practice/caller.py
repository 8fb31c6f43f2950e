"""What the use cases of practice take from whoever calls them, since only the caller knows it.

- The school's clock: epoch seconds now, and the school's date (which zone is the school's is
  the installation's setting). The web app passes trainer.web.core.school_day, the clock its
  tests move; a use case never reads the machine's clock itself, so its moments are the page's.
- How the class's drill settings and the pupil's own are read: the web app passes
  trainer.web.core.once, which reads each once per request (issue 36.3); EACH_TIME reads the
  store at every call, for a caller with no request to keep them for.
"""

from __future__ import annotations

from datetime import date
from typing import Protocol

from sqlite_utils import Database

from trainer.puzzles.drill_settings import DrillSettings
from trainer.store import drills


class Clock(Protocol):
    def now(self) -> float: ...

    def today(self) -> date: ...


class Reads(Protocol):
    def class_settings(self, db: Database, class_id: int) -> DrillSettings: ...

    def pupil_settings(self, db: Database, pupil_id: int) -> dict: ...


class _EachTime:
    def class_settings(self, db: Database, class_id: int) -> DrillSettings:
        return drills.settings_for_class(db, class_id)

    def pupil_settings(self, db: Database, pupil_id: int) -> dict:
        return drills.pupil_settings(db, pupil_id)


EACH_TIME: Reads = _EachTime()
