"""The worked examples of shared/examples/ (an independent implementation of RULES.md),
copied into tests/data/examples so a clean clone tests against them."""

import json
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"


def load(name: str) -> list[dict]:
    return [json.loads(line) for line in (EXAMPLES / name).read_text().splitlines() if line.strip()]
