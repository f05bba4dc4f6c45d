"""One clear line and exit status 2 for a command line that cannot be carried out."""

from __future__ import annotations

import sys
from typing import NoReturn

USAGE_ERROR = 2


def fail(message: str) -> NoReturn:
    """Print one clear line and exit with the usage-error status."""
    print(f"cardtable: {message}", file=sys.stderr)
    raise SystemExit(USAGE_ERROR)
