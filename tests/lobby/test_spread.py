"""Where a wave's tables open (online/spread.py): on the least loaded live node, a seeker's
node first among equals; a wave's worth of tables is shared out as evenly as the loads allow."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.online.spread import spread

NODES = st.sampled_from(["ws://a", "ws://b", "ws://c", "ws://d"])
LOADS = st.dictionaries(NODES, st.integers(0, 50), min_size=1)


def test_a_thousand_tables_between_two_idle_nodes_split_in_half() -> None:
    hosts = spread({"ws://a": 0, "ws://b": 0}, [{"ws://a"}] * 1000)
    assert hosts.count("ws://a") == hosts.count("ws://b") == 500


def test_the_busier_node_gets_fewer_until_the_loads_meet() -> None:
    hosts = spread({"ws://a": 7, "ws://b": 1}, [set()] * 10)
    assert hosts[:6] == ["ws://b"] * 6  # b catches up first
    assert sorted(hosts[6:]) == ["ws://a", "ws://a", "ws://b", "ws://b"]


def test_among_equally_loaded_nodes_a_seeker_s_own_is_chosen() -> None:
    assert spread({"ws://a": 2, "ws://b": 2, "ws://c": 3}, [{"ws://b", "ws://c"}]) == ["ws://b"]
    assert spread({"ws://a": 2, "ws://b": 3}, [{"ws://b"}]) == ["ws://a"]  # not at any cost


def test_no_live_node_is_an_error_not_a_guess() -> None:
    with pytest.raises(ValueError, match="no live node"):
        spread({}, [set()])


@given(LOADS, st.lists(st.sets(NODES, max_size=3), max_size=60))
def test_every_table_goes_to_a_live_node_and_the_loads_end_as_even_as_they_can(
    loads: dict[str, int], tables: list[set[str]]
) -> None:
    hosts = spread(loads, tables)
    assert len(hosts) == len(tables) and set(hosts) <= set(loads)
    after = {node: load + hosts.count(node) for node, load in loads.items()}
    # a node that was given a table is never left more than one above the least loaded
    assert all(after[node] <= min(after.values()) + 1 for node in set(hosts))
    # and each table went to a node that was least loaded at that moment
    held = dict(loads)
    for host in hosts:
        assert held[host] == min(held.values())
        held[host] += 1
