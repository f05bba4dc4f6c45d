"""Table chat: ``c`` opens a one-line box under an online table, and lines said arrive in its log.

Text from other people is data: a chat line reaches the log as a Rich ``Text``, never parsed as
markup, after the session has dropped control characters, so a name or a line can only ever
print the characters it holds. Chat belongs to the table, not the game: nothing here is saved.

The box knows nothing of its table: Enter posts the line as a ``ChatBox.Typed`` message, and
the table (which holds the session) answers it with ``sent``.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input

from cardtable.session import Said, Session

CHAT_KEY = Binding("c", "chat", "Chat")


class ChatBox(Input):
    """The line being typed: Enter sends it, Escape closes the box and keeps the table's keys."""

    DEFAULT_CSS = """
    ChatBox { dock: bottom; display: none; border: tall $accent; }
    ChatBox.-open { display: block; }
    """
    BINDINGS = [Binding("escape", "close", "Close chat")]

    class Typed(Message):
        """A line to say, typed and entered: the table sends it, and answers with ``sent``."""

        def __init__(self, box: ChatBox, line: str) -> None:
            super().__init__()
            self.box = box
            self.line = line

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
        self.post_message(self.Typed(self, self.value))

    def sent(self, problem: str | None) -> None:
        """The table's answer to a line: gone (the box closes), or why it could not go (the
        line stays, to fix)."""
        if problem is not None:
            self.notify(problem, title="Not sent", severity="warning", markup=False)
            return
        self.value = ""
        self.action_close()


def chat_offered(session: Session) -> bool:
    """Only an online table has a chat (not a hot-seat game, not a replay)."""
    return session.chats and not session.is_replay


def said_line(said: Said) -> Text:
    """A line said, for the log pane: its sender's name, then the line (both printed as they
    are)."""
    return Text.assemble((f"{said.sender}: ", "bold"), said.text)
