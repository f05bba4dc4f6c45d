"""``cardtable web``: the app in a browser, one app process and one data folder per tab.

textual-serve starts the served command afresh for every browser connection. Each of those
processes makes its own folder under the server's temporary folder (``CARDTABLE_WEB_ROOT`` says
where) and keeps its saves, stats and settings there, so two visitors never see each other's
"Continue" or hot-seat hands, and a closed tab leaves nothing behind.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cardtable.tools.fail import fail

WEB_ROOT = "CARDTABLE_WEB_ROOT"


def served_command() -> str:
    """The shell command textual-serve runs per tab: this Python, this cardtable, home screen."""
    return shlex.join([sys.executable, "-m", "cardtable"])


@contextmanager
def visitor_home() -> Iterator[None]:
    """Under ``cardtable web``, point CARDTABLE_HOME at a fresh folder for this tab, then drop it.

    Outside a web server this does nothing: the person's own data folder is used.
    """
    root = os.environ.get(WEB_ROOT)
    if not root:
        yield
        return
    home = tempfile.mkdtemp(prefix="visitor-", dir=root)
    os.environ["CARDTABLE_HOME"] = home
    try:
        yield
    finally:
        shutil.rmtree(home, ignore_errors=True)


def run_web_command(args: Any) -> int:
    try:
        from textual_serve.server import Server
    except ImportError:
        fail("serving to a browser needs the web extra: pip install 'cardtable[web]'")
    root = tempfile.mkdtemp(prefix="cardtable-web-")
    os.environ[WEB_ROOT] = root
    try:
        server = Server(
            served_command(),
            host=args.host,
            port=args.port,
            title="cardtable",
            public_url=args.public_url,
        )
        server.serve()
    except OSError as error:
        fail(f"cannot listen on {args.host}:{args.port}: {error.strerror or error}")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0
