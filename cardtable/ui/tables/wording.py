"""The log's words as a table prints them: seats named (``session.wording``, shared with the
plain line mode)."""

from __future__ import annotations

from cardtable.session.wording import name_seats

__all__ = ["name_seats"]
