"""The app, the CLI and the rules core never load the RL extra (it is optional)."""

from __future__ import annotations

import subprocess
import sys


def test_the_app_and_core_never_import_cardtable_env():
    probe = (
        "import sys, cardtable.cli, cardtable.core.seating, cardtable.tools.sim, "
        "cardtable.tools.launch, cardtable.ui.app\n"
        "from cardtable.games.registry import GAMES\n"
        "[spec.rules for spec in GAMES.values()]\n"
        "print(sorted(m for m in ('cardtable.env', 'gymnasium', 'pettingzoo', 'numpy') "
        "if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"
