"""The servers and the clean-up the doc-written client's tests share."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from tests.protocol_client.client import Client
from tests.protocol_client.server import serving


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with the default limits for a module's tests."""
    with serving(tmp_path_factory.mktemp("server")) as url:
        yield url


@pytest.fixture
async def clients() -> AsyncIterator[list[Client]]:
    """Clients a test opens go here and are hung up after it, so a failed test leaves nobody in
    the quick-match pool or at a table for the next one."""
    opened: list[Client] = []
    yield opened
    for client in opened:
        if client.conn.open_now:
            await client.conn.close()
