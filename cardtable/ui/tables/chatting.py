"""Table chat: ``c`` opens a one-line box under an online table, and lines said arrive in its log.

Text from other people is data: a chat line reaches the log as a Rich ``Text``, never parsed as
markup, after the session has dropped control characters, so a name or a line can only ever
print the characters it holds. Chat belongs to the table, not the game: nothing here is saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.widgets import Input

from cardtable.session import Said
from cardtable.ui.widgets.log import MoveLog

if TYPE_CHECKING:
    from cardtable.ui.tables.base import TableScreen

CHAT_KEY = Binding("c", "chat", "Chat")


class ChatBox(Input):
    """The line being typed: Enter sends it, Escape closes the box and keeps the table's keys."""

    DEFAULT_CSS = """
    ChatBox { dock: bottom; display: none; border: tall $accent; }
    ChatBox.-open { display: block; }
    """
    BINDINGS = [Binding("escape", "close", "Close chat")]

    def __init__(self) -> None:
        # only an online table has a chat box, and it has the online package loaded already
        from cardtable.online.chat import MAX_CHAT

        super().__init__(
            placeholder="Say something to the table · Enter sends · Esc closes",
            id="chat-box",
            max_length=MAX_CHAT,  # typing stops at the limit, rather than Enter refusing it
        )

    def _on_paste(self, event: events.Paste) -> None:
        """A pasted line as the others will see it: an escape sequence goes whole (the rest
        of it would be left as text), before ``Input`` inserts it."""
        from cardtable.core.printable import printable

        event.text = printable(event.text)

    def on_mount(self) -> None:
        # closed, it must never take the focus (as the next widget when a button is disabled,
        # say), or it would swallow the table's keys out of sight
        self.can_focus = False

    def open(self) -> None:
        self.add_class("-open")
        self.can_focus = True
        self.focus()

    def action_close(self) -> None:
        self.remove_class("-open")
        self.can_focus = False
        self.screen.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        send(cast("TableScreen", self.screen), self)  # only a table composes a chat box


def chat_offered(table: TableScreen) -> bool:
    """Only an online table has a chat (not a hot-seat game, not a replay)."""
    return table.session.chats and not table.is_replay


def send(table: TableScreen, box: ChatBox) -> None:
    """Send what the box holds; if it cannot go, say why and keep the line to fix."""
    problem = table.session.say(box.value)
    if problem is not None:
        table.notify(problem, title="Not sent", severity="warning", markup=False)
        return
    box.value = ""
    box.action_close()


def show_said(table: TableScreen, said: Said) -> None:
    """The line in the log pane, after its sender's name (both printed as they are)."""
    table.query_one(MoveLog).add(Text.assemble((f"{said.sender}: ", "bold"), said.text))
