"""The door of a public server: tables opened per address and in all, and wrong codes tried.

Without it a throw-away script could open tables until the bots at them ate the machine, or
guess invite codes at a few hundred a second.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from cardtable.online.quotas import Quotas
from cardtable.online.tables import Refusal

#: where a proxy on this machine connects from
LOOPBACK = {"127.0.0.1", "::1"}


def client_address(peer: str, forwarded: str | None, behind_proxy: bool) -> str:
    """The address a connection's limits are counted by: the peer's own, or behind a proxy on
    this machine the last address the proxy added to ``X-Forwarded-For`` (earlier entries
    are whatever the client claimed, so only the last is the proxy's word)."""
    if behind_proxy and peer in LOOPBACK and forwarded:
        return forwarded.rsplit(",", 1)[-1].strip() or peer
    return peer


@dataclass
class Gate:
    """Counts tables by the address that opened them and wrong codes by the address trying."""

    quotas: Quotas
    _opened: Counter[str] = field(default_factory=Counter)
    #: address -> (allowance left, when it was last topped up)
    _guesses: dict[str, tuple[float, float]] = field(default_factory=dict)

    def may_open(self, address: str, open_tables: int) -> None:
        """Refuse a new table when the server or this address already has its fill."""
        quotas = self.quotas
        if quotas.tables and open_tables >= quotas.tables:
            raise Refusal("busy", "this server has all the tables it can hold: try again later")
        count = quotas.tables_per_address
        if count and self._opened[address] >= count:
            raise Refusal(
                "tables",
                f"your address has {count} table{'' if count == 1 else 's'} open here already",
            )

    def opened(self, address: str) -> None:
        self._opened[address] += 1

    def closed(self, address: str) -> None:
        self._opened[address] -= 1
        if self._opened[address] <= 0:
            del self._opened[address]

    def may_guess(self, address: str) -> None:
        """Refuse a code from an address that has used up its wrong guesses for now."""
        if self._allowance(address, time.monotonic()) < 1:
            raise Refusal("guesses", "too many wrong codes from your address: wait a minute")

    def missed(self, address: str) -> None:
        """A code that named no table: one guess spent."""
        now = time.monotonic()
        self._guesses[address] = (self._allowance(address, now) - 1, now)

    def forget_idle(self) -> None:
        """Drop the addresses whose allowance has filled up again (it would read the same)."""
        now = time.monotonic()
        full = self.quotas.wrong_codes_per_minute
        for address in [a for a in self._guesses if self._allowance(a, now) >= full]:
            del self._guesses[address]

    def _allowance(self, address: str, now: float) -> float:
        per_minute = self.quotas.wrong_codes_per_minute
        if not per_minute:
            return float("inf")
        left, stamp = self._guesses.get(address, (float(per_minute), now))
        return min(float(per_minute), left + (now - stamp) * per_minute / 60.0)
