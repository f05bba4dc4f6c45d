"""The tables one server holds: by id and by code, who opened each, and when each was last used.

The server's parts (seating, play, the lifecycle), a cluster node and the metrics all read the
same directory, so none of them reaches into another for its tables.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from cardtable.online.tables import Table, new_code, token_hash


class TableDirectory:
    """Every table here by id (``tables[id]``, iteration gives the tables) and by invite or
    watch code (``by_code``)."""

    def __init__(self) -> None:
        self._by_id: dict[str, Table] = {}
        self.by_code: dict[str, Table] = {}
        #: when anyone last came to, left or moved at each table
        self._touched: dict[Table, float] = {}
        #: the address that opened each table (a rebuilt one: nobody known)
        self._opener: dict[Table, str] = {}

    def __len__(self) -> int:
        return len(self._by_id)

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._by_id

    def __getitem__(self, table_id: str) -> Table:
        return self._by_id[table_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def get(self, table_id: str) -> Table | None:
        return self._by_id.get(table_id)

    def values(self) -> list[Table]:
        """The tables now (a copy: the caller may add or forget tables as it goes)."""
        return list(self._by_id.values())

    def holds(self, table: Table) -> bool:
        """``table`` is still this server's (not closed, nor given up to another node)."""
        return self._by_id.get(table.id) is table

    def add(self, table: Table) -> None:
        self._by_id[table.id] = table
        self.by_code[table.invite] = self.by_code[table.watch] = table
        self._touched[table] = time.monotonic()

    def opened_by(self, table: Table, address: str) -> None:
        """``address`` opened ``table``: its quota is counted until the table goes."""
        self._opener[table] = address

    def forget(self, table: Table) -> str | None:
        """Drop ``table``; the address that opened it, if known (its quota is freed)."""
        del self._by_id[table.id]
        del self.by_code[table.invite], self.by_code[table.watch]
        del self._touched[table]
        return self._opener.pop(table, None)

    def touch(self, table: Table) -> None:
        self._touched[table] = time.monotonic()

    def idle(self, seconds: float) -> list[Table]:
        """The tables nobody came to, left or moved at for ``seconds``."""
        stale = time.monotonic() - seconds
        return [table for table, seen in self._touched.items() if seen < stale]

    def renumber(self, table: Table, table_id: str) -> None:
        """The table's next game (a rematch) goes by a new id."""
        del self._by_id[table.id]
        table.id = table_id
        self._by_id[table_id] = table

    def recode(self, table: Table) -> None:
        """Give ``table`` new codes (another node's table has one of these)."""
        del self.by_code[table.invite], self.by_code[table.watch]
        table.invite, table.watch = self.free_codes()
        self.by_code[table.invite] = self.by_code[table.watch] = table

    def free_codes(self) -> tuple[str, str]:
        """An invite and a watch code no table here has."""
        while True:
            invite, watch = new_code(), new_code()
            if invite != watch and invite not in self.by_code and watch not in self.by_code:
                return invite, watch

    def by_token(self, token: str) -> tuple[Table, int] | None:
        """The table and seat a seat token was given for."""
        digest = token_hash(token)
        for table in self._by_id.values():
            if digest in table.tokens:
                return table, table.tokens.index(digest)
        return None
