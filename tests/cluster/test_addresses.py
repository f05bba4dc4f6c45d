"""Where a client dials: the address it was given first, then its fallback nodes in turn, at
the table's path once it knows the table."""

from __future__ import annotations

from cardtable.online.link import Link


def test_the_first_address_first_then_the_fallbacks_in_turn() -> None:
    link = Link("wss://cards.example.org/")
    link.fallbacks = ("ws://10.0.0.2:7002", "ws://10.0.0.3:7003")
    dialled = [link.address(failed, "/t/ACDEF") for failed in range(4)]
    assert dialled == [
        "wss://cards.example.org/t/ACDEF",
        "ws://10.0.0.2:7002/t/ACDEF",
        "ws://10.0.0.3:7003/t/ACDEF",
        "wss://cards.example.org/t/ACDEF",
    ]
    assert Link("ws://127.0.0.1:7777").address(0, "") == "ws://127.0.0.1:7777"
