"""Which node opens each table a quick-match wave forms: the least loaded, so that a wave of a
thousand tables does not land on the node that happens to run the waves.

Pure arithmetic, no I/O: the wave runner reads how many tables each live node holds (each node
publishes its count with its heartbeat) and hands each formed table, in turn, to the node
holding fewest, counting the tables it has handed out so far. Between equally loaded nodes it
prefers one a seeker of the table is connected to (that seeker then sits down without a
redirect), then the first by name, so the choice is the same however the nodes are listed.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping


def spread(loads: Mapping[str, int], seekers_at: list[Collection[str]]) -> list[str]:
    """The node each table opens on: ``loads`` the tables each live node holds now,
    ``seekers_at`` the nodes each formed table's seekers are connected to."""
    if not loads:
        raise ValueError("no live node to open tables on")
    held = dict(loads)
    chosen = []
    for near in seekers_at:
        node = min(held, key=lambda n: (held[n], n not in near, n))
        held[node] += 1
        chosen.append(node)
    return chosen
