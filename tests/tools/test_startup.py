"""``cardtable bench startup`` counts the CPU a frame took: the program's own and that of the
helpers it waited for, from its start or from the keys pressed, whatever the machine's load."""

from __future__ import annotations

import os
import sys

import pytest

from cardtable.tools.startup import frame_seconds

#: a program that spends known CPU: 0.2 s in a helper it waits for and 0.1 s itself before its
#: first text, then 0.2 s after a key; it waits to be stopped
SPENDER = """
import os, signal, sys, time, tty

def spend(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass

helper = os.fork()
if helper == 0:
    spend(0.2)
    os._exit(0)
os.waitpid(helper, 0)
spend(0.1)
tty.setraw(0)
print("first", flush=True)
sys.stdin.read(1)
spend(0.2)
print("second", flush=True)
signal.pause()
"""

pytestmark = pytest.mark.skipif(
    not os.path.exists("/proc/self/stat"), reason="the CPU is read from Linux's /proc"
)


def test_a_frame_counts_the_cpu_of_the_program_and_its_waited_helper_then_from_the_keys():
    first, second = frame_seconds(
        (sys.executable, "-c", SPENDER), ["first", "second"], dict(os.environ), press=b"k"
    )
    assert first.cpu is not None and second.cpu is not None
    # the helper's 0.2 s counts (it was waited for), with the program's 0.1 s; clock ticks
    # are a hundredth of a second
    assert first.cpu >= 0.28
    # from the key on: the 0.2 s spent after it, not the 0.3 s before
    assert 0.18 <= second.cpu < 0.28
