"""A token bucket: how the server lets a burst through and then only a steady trickle."""

from __future__ import annotations

import time
from collections.abc import Callable


class Bucket:
    """Holds up to ``burst`` tokens, refilled at ``rate`` a second; each message takes one."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._stamp = clock()

    def take(self) -> bool:
        """One token if there is one: False means the message came too soon."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True
