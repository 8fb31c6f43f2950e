"""The dashboard's blueprint with all its routes: blueprint.py makes `bp` and the four views
modules add their routes to it. They are gathered here rather than at the end of blueprint.py so
that imports run one way (views → blueprint), with no circle."""

from __future__ import annotations

from trainer.web.dashboard import class_views, export_views, pupil_views, replay_views  # noqa: F401 - imported for the routes they add to bp
from trainer.web.dashboard.blueprint import bp

__all__ = ["bp"]
