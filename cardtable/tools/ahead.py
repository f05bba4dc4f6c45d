"""Reading a game file in a forked helper while the app starts.

``cardtable resume`` and ``cardtable replay FILE`` check their file with pydantic, whose import
takes about as long as Textual's. A helper forked at start-up imports pydantic and reads the
file on another core while this process imports Textual, then sends back plain JSON: what
pydantic accepted (its dump) or what was wrong, in words. Nothing is drawn from a file that
pydantic has not checked.

Where a fork is not safe (more than one thread is running, as in a test runner) or there is no
fork (Windows), or the helper fails, the reading happens here when its result is asked for.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from typing import Any


def read_ahead(job: Callable[[], Any]) -> Callable[[], Any]:
    """Start ``job`` (whose result is JSON-able) in a forked helper; the function returned
    waits for that result. ``job`` may run twice (the helper failed): it must only read, or
    move aside what it cannot read."""
    if not hasattr(os, "fork") or threading.active_count() > 1:
        return job
    reader, writer = os.pipe()
    helper = os.fork()
    if helper == 0:  # the helper: do the job, hand it over, and leave without cleaning up
        os.close(reader)
        code = 1
        try:
            with os.fdopen(writer, "wb") as out:
                out.write(json.dumps(job()).encode())
            code = 0
        finally:
            os._exit(code)
    os.close(writer)

    def result() -> Any:
        with os.fdopen(reader, "rb") as pipe:
            data = pipe.read()
        _, status = os.waitpid(helper, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            return job()  # here, where whatever went wrong is told as usual
        return json.loads(data)

    return result
