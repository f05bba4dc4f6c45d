"""Reading ahead in a forked helper (``tools.ahead``): the result comes back, a failed helper
leaves the job to this process, and no fork happens while other threads run."""

from __future__ import annotations

import os
import threading

from cardtable.tools.ahead import read_ahead
from tests.conformance.test_conformance import fresh_python_prints


def single_threaded_python(*lines: str) -> str:
    """What a new interpreter (one thread: where ``read_ahead`` forks) prints running ``lines``."""
    return fresh_python_prints("import os", "from cardtable.tools.ahead import read_ahead", *lines)


def test_the_job_runs_in_a_helper_and_its_result_comes_back_as_json():
    printed = single_threaded_python(
        "result = read_ahead(lambda: {'pid': os.getpid(), 'words': ['a', 1, None]})",
        "found = result()",
        "print(found['pid'] != os.getpid(), found['words'])",
    )
    assert printed == "True ['a', 1, None]"


def test_a_helper_that_fails_leaves_the_job_to_this_process():
    printed = single_threaded_python(
        "me = os.getpid()",
        "def job():",
        "    if os.getpid() != me:",
        "        raise RuntimeError('the helper breaks')",
        "    return 'read here'",
        "print(read_ahead(job)())",
    )
    assert printed == "read here"


def test_no_fork_while_other_threads_run():
    """A fork copies one thread: a lock another holds would never be let go in the helper."""
    stop = threading.Event()
    other = threading.Thread(target=stop.wait, args=(10,))
    other.start()
    try:

        def job() -> int:
            return os.getpid()

        assert read_ahead(job) is job
    finally:
        stop.set()
        other.join(timeout=10)
