"""docs/PROTOCOL.md lists every error code the server can send: a code added to the server and
not to the page's table fails here, so a client written from the page alone knows them all."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import cardtable.online

ROOT = Path(__file__).resolve().parents[2]


def _codes_sent() -> set[str]:
    """Every literal code in a ``Refusal(code, …)`` or a transport's ``refuse(conn, code, …)``."""
    codes = set()
    for source in Path(cardtable.online.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            at = {"Refusal": 0, "refuse": 1}.get(name)
            if at is None or len(node.args) <= at:
                continue
            arg = node.args[at]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                codes.add(arg.value)
    return codes


def test_every_error_code_the_server_sends_is_in_the_documents_table() -> None:
    page = (ROOT / "docs" / "PROTOCOL.md").read_text()
    listed = set(re.findall(r"^\| `([a-z_]+)` \|", page, re.MULTILINE))
    sent = _codes_sent()
    assert {"waiting", "chat", "hello", "rate", "size"} <= sent  # the scan finds what it should
    assert sent - listed == set(), "error codes the server sends and PROTOCOL.md does not list"
