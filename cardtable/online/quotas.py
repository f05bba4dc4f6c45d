"""The limits a public server needs, each a ``cardtable serve`` option (0: no limit).

Kept apart from the server so the command line can state the defaults without loading it.
The online benchmark opens thousands of tables from one address, so it turns the per-address
limit off.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Quotas:
    #: tables open at once on the server, and opened from one address
    tables: int = 2000
    tables_per_address: int = 50
    #: wrong invite or watch codes (or seat tokens) an address may try a minute: a burst of
    #: as many, then one every 60/N seconds
    wrong_codes_per_minute: int = 20
    #: seconds a new connection has to sit down (create, join, resume or watch)
    hello_deadline: float = 10.0
    #: minutes a table with nobody connected is kept before it is closed (its game abandoned)
    idle_minutes: float = 60.0
