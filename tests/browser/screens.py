"""Where the browser tests put their screenshots (issue 44.5): a folder outside the work tree,
so that a run of the suite never rewrites the pictures in docs/. `make screens` runs the tests
that take them with TRAINER_SCREENS=docs/screens, when a page changes on purpose."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

SCREENS = Path(os.environ.get("TRAINER_SCREENS") or Path(tempfile.gettempdir()) / "tweak-screens")
SCREENS.mkdir(parents=True, exist_ok=True)
