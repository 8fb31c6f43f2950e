"""What the class page's partials show besides the roster (issue 35.2: views hand templates
their data): characters, who is locked out of the picture login, and the school logins. The
class page and the roster's own fragments read it here, a handful of queries for any class."""

from __future__ import annotations

from sqlite_utils import Database

from trainer.store import oidc_links, pupil_rewards
from trainer.web.core import guessing
from trainer.web.signin import class_links
from trainer.web.signin.views import signin_providers


def roster_context(db: Database, class_id: int) -> dict:
    """For roster/_roster.html and classes/_unlock.html."""
    locked_pupils, class_full = guessing.class_lockout(db, class_id)
    return dict(avatars=pupil_rewards.class_avatars(db, class_id), locked_pupils=locked_pupils, class_full=class_full)


def class_page_context(db: Database, class_id: int) -> dict:
    """For the whole class page: the roster's, and signin/_class_links.html's."""
    return dict(
        roster_context(db, class_id),
        signin_links=oidc_links.linked_pupils(db, class_id),
        new_signin_links=class_links.new_signin_links(db, class_id),
        pupil_providers=signin_providers("pupil"),
    )
