"""The lobby tests use the online tests' real server on 127.0.0.1."""

from tests.online.conftest import server

__all__ = ["server"]
