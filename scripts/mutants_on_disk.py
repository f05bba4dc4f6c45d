"""Re-check mutmut's survivors with each mutant written to disk, in a scratch copy.

mutmut 3 switches a mutant on inside forked workers that have imported the code already, so a
function that runs only while its module is imported (a table built once, such as Pazu's shared
deck or Pixies' component sizes, or a decorator) never meets its mutant there: every mutant of
it "survives". Here ``mutmut apply`` writes one survivor at a time into a copy of the project
and the survivor's game tests (plus the redeal conformance properties) run afresh in a new
process. Run it after ``make mutate``, from the project root:

    python scripts/mutants_on_disk.py [NAME_GLOB ...]

It prints ``NAME killed|survived [first failing test]`` a line each and changes nothing here:
mutmut's own results stay as they are.
"""

from __future__ import annotations

import fnmatch
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path.cwd()
#: seconds a game's tests may take before the mutant counts as a hang (they take about ten on a busy machine)
TIMEOUT = 60
CONFORMANCE = "tests/conformance/test_conformance.py::test_redeal"
REDEAL = (
    f"{CONFORMANCE}_reshuffles_the_hidden_main_deck",
    f"{CONFORMANCE}_reseeds_every_shuffle_still_to_come",
    f"{CONFORMANCE}s_draw_their_seeds_from_the_generator_they_are_given",
)


def survivors(globs: list[str]) -> list[str]:
    out = subprocess.run(["mutmut", "results"], capture_output=True, text=True, check=True).stdout
    names = [line.split(":")[0].strip() for line in out.splitlines() if line.endswith("survived")]
    return [n for n in names if not globs or any(fnmatch.fnmatch(n, g) for g in globs)]


def main(globs: list[str]) -> None:
    names = survivors(globs)
    scratch = Path(tempfile.mkdtemp(prefix="mutants-on-disk-"))
    try:
        for part in ("cardtable", "tests", "mutants"):
            shutil.copytree(ROOT / part, scratch / part)
        shutil.copy(ROOT / "pyproject.toml", scratch / "pyproject.toml")
        env = {**os.environ, "PYTHONPATH": str(scratch)}
        for name in names:
            game, module = name.split(".")[2:4]
            path = Path("cardtable/games") / game / f"{module}.py"
            subprocess.run(["mutmut", "apply", name], cwd=scratch, check=True, capture_output=True)
            try:
                run = subprocess.run(
                    [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:randomly"]
                    + ["-rf", f"tests/games/{game}", *REDEAL],
                    cwd=scratch,
                    env=env,
                    capture_output=True,
                    text=True,
                    timeout=TIMEOUT,
                )
            except subprocess.TimeoutExpired:  # a mutant that hangs the game is caught too
                print(name, "killed", f"(timeout: no result in {TIMEOUT} s)", flush=True)
                continue
            finally:
                shutil.copy(ROOT / path, scratch / path)
            failed = [line for line in run.stdout.splitlines() if line.startswith("FAILED")]
            verdict = "survived" if run.returncode == 0 else "killed"
            # no FAILED line: the mutant broke the import, so every test errored
            print(name, verdict, failed[0][7:] if failed else "", flush=True)
    finally:
        shutil.rmtree(scratch)


if __name__ == "__main__":
    main(sys.argv[1:])
