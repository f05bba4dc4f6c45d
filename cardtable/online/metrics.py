"""What a running server counts for its operator, and ``serve --metrics`` serving it to Prometheus.

The server calls ``ServerMetrics`` on its hot path, so counting is a plain integer or dict
increment: no lock, no import of ``prometheus_client`` unless ``--metrics`` asks for it (a
server embedded in a player's app never pays for it). Labels are the game, a refusal's code
and a drop's cause: each a short list fixed in the code, never anything a client sends (no
table codes, no names). What can be read off the server itself (open tables, connections,
queued messages) is counted when Prometheus scrapes, not kept up to date on every move.
"""

from __future__ import annotations

import time
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.online.connection import Connection
    from cardtable.online.directory import TableDirectory

#: upper bounds of the move-latency buckets, in seconds: a loop turn is well under a
#: millisecond; a full garbage collection or a slow disk shows in the hundreds
LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class Latencies:
    """A histogram kept as bucket counts (Prometheus' ``le`` buckets, not yet cumulative)."""

    def __init__(self, bounds: tuple[float, ...] = LATENCY_BUCKETS) -> None:
        self.bounds = bounds
        self.counts = [0] * (len(bounds) + 1)
        self.total = 0.0

    def observe(self, seconds: float) -> None:
        self.counts[bisect_left(self.bounds, seconds)] += 1
        self.total += seconds


class ServerMetrics:
    """The server's running counts: moves by game, refusals by code, dropped peers by cause,
    and how long people's moves take to be kept."""

    def __init__(self) -> None:
        self.moves: Counter[str] = Counter()
        self.refusals: Counter[str] = Counter()
        self.drops: Counter[str] = Counter()
        #: from reading a person's move off its connection to the store commit that keeps it:
        #: its update leaves for every peer that keeps up in the same turn of the loop
        self.latency = Latencies()

    def moved(self, game: str) -> None:
        self.moves[game] += 1

    def refused(self, code: str) -> None:
        self.refusals[code] += 1

    def dropped(self, cause: str) -> None:
        self.drops[cause] += 1

    def kept(self, read_at: float) -> None:
        """Time a person's move read at ``read_at`` (``time.perf_counter``) until now, the
        moment the store has kept it (``Journal.when_kept``: a failed commit keeps nothing,
        so it is not timed)."""
        self.latency.observe(time.perf_counter() - read_at)


class _Collector:
    """Reads a server's counts, tables and connections when Prometheus scrapes (on the HTTP
    thread: it only copies the server's dicts and sets, which is atomic, and never changes
    them)."""

    def __init__(
        self, tables: TableDirectory, connections: set[Connection], counts: ServerMetrics
    ) -> None:
        self.tables, self.connections, self.counts = tables, connections, counts

    def collect(self) -> Iterator[Any]:
        from prometheus_client.core import (
            CounterMetricFamily,
            GaugeMetricFamily,
            HistogramMetricFamily,
        )
        from prometheus_client.utils import floatToGoString

        counts = self.counts
        tables = GaugeMetricFamily("cardtable_tables", "Tables open, by game", labels=["game"])
        for game, n in sorted(Counter(t.spec.id for t in self.tables.values()).items()):
            tables.add_metric([game], n)
        yield tables
        connections = list(self.connections)
        roles = Counter(_role(conn) for conn in connections)
        people = GaugeMetricFamily(
            "cardtable_connections",
            "Open connections: players, spectators, and those not sat down yet",
            labels=["role"],
        )
        for role in ("player", "spectator", "unseated"):
            people.add_metric([role], roles[role])
        yield people
        yield GaugeMetricFamily(
            "cardtable_outbox_messages",
            "Messages queued for peers that have not taken them yet",
            value=sum(conn.backlog() for conn in connections),
        )
        for name, what, label, counter in (
            ("cardtable_moves", "Moves applied (people's and bots')", "game", counts.moves),
            ("cardtable_refusals", "Messages refused, by error code", "reason", counts.refusals),
            ("cardtable_dropped_peers", "Peers dropped for not keeping up", "cause", counts.drops),
        ):
            family = CounterMetricFamily(name, what, labels=[label])
            for key, n in sorted(dict(counter).items()):
                family.add_metric([key], n)
            yield family
        latency = counts.latency
        bucket_counts, total = list(latency.counts), latency.total
        cumulative, buckets = 0, []
        for bound, n in zip((*latency.bounds, float("inf")), bucket_counts, strict=True):
            cumulative += n
            buckets.append((floatToGoString(bound), cumulative))
        yield HistogramMetricFamily(
            "cardtable_move_latency_seconds",
            "From reading a person's move to the store commit that releases its update to "
            "every peer",
            buckets=buckets,
            sum_value=total,
        )


def _role(conn: Any) -> str:
    if conn.table is None:
        return "unseated"
    return "spectator" if conn.seat is None else "player"


class Exposed:
    """The metrics HTTP endpoint of a server; ``close()`` stops it."""

    def __init__(
        self,
        tables: TableDirectory,
        connections: set[Connection],
        counts: ServerMetrics,
        host: str,
        port: int,
    ) -> None:
        from prometheus_client import (
            GC_COLLECTOR,
            PROCESS_COLLECTOR,
            CollectorRegistry,
            start_http_server,
        )

        registry = CollectorRegistry(auto_describe=False)
        for collector in (_Collector(tables, connections, counts), PROCESS_COLLECTOR, GC_COLLECTOR):
            registry.register(collector)
        self._http, self._thread = start_http_server(port, host, registry)
        self.port: int = self._http.server_port

    def close(self) -> None:
        self._http.shutdown()
        self._http.server_close()
        self._thread.join()
