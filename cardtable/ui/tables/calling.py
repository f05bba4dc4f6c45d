"""A session's news reaches its table in the table's own message loop.

Textual sends a pushed box's answer to the message loop that pushed it. Online, news comes from a
websocket task begun on the lobby screen, which is gone by then; a bot's move comes from a worker
thread. Either way the news is posted to the table as a message, and runs there.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

from textual.message import Message
from textual.message_pump import MessagePump


class SessionCalled(Message):
    """A session's callback, posted from another thread or task to run in the table's loop."""

    def __init__(self, callback: Callable[[], None]) -> None:
        super().__init__()
        self.callback = callback


class OwnLoop:
    """A session's ``dispatch`` for one screen: run a callback now if already in the screen's
    own loop, else post it there. Made at mount, on the app's thread, which it remembers."""

    def __init__(self, screen: MessagePump) -> None:
        self.screen = screen
        self.thread = threading.get_ident()

    def __call__(self, callback: Callable[[], None]) -> None:
        if self.running_here():
            callback()
        else:
            self.screen.post_message(SessionCalled(callback))

    def running_here(self) -> bool:
        """On the app's thread, inside the screen's own message task (not the app's, nor another
        screen's)."""
        return threading.get_ident() == self.thread and asyncio.current_task() is self.screen.task
