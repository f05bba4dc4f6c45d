"""The online tests' real server on 127.0.0.1, for the plain client's match."""

from tests.online.conftest import server

__all__ = ["server"]
