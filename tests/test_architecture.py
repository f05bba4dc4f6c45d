"""The layer contracts in pyproject.toml hold (see docs/ARCHITECTURE.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_import_contract_is_kept():
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, importlinter.cli as c; sys.exit(c.lint_imports(no_cache=True))",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout
