"""Who sits at the Pazu-Pazaak table as it grows and shrinks between sets: names for the bots
people add, which boards to show, what the between-sets panel says, and the two small choosers
(which level of bot to add, which bot to send away).

A new seat's name is worked out from the seats before it and its level from the ``BotSeated``
event, so a save, a resume and a replay all name it the same way without storing anything more
than the match's own actions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from cardtable.games.pazu.actions import BOT_LEVELS, SeatBot, UnseatBot
from cardtable.games.pazu.state import MAX_SEATS, Phase
from cardtable.games.pazu.view import PazuView

#: what each level plays like, as the add-a-bot chooser says
LEVEL_WORDS = {
    "easy": "plays like a casual human",
    "hard": "bids and plays by the odds",
}


def shown_seats(view: PazuView) -> tuple[int, ...]:
    """The boards to show: everyone at the table, and those who have left while their last
    set's board is still on show (until the next set clears the boards), room permitting."""
    seated = [s for s, here in enumerate(view.seated) if here]
    gone = [s for s, here in enumerate(view.seated) if not here and view.boards[s].cards]
    if len(seated) + len(gone) > MAX_SEATS:
        return tuple(seated)
    return tuple(sorted(seated + gone))


def seat_changes(legal: Iterable[Any]) -> tuple[tuple[SeatBot, ...], tuple[UnseatBot, ...]]:
    """The bots the person deciding may add, and those they may send away, from the legal
    actions (the core decides; the table only reads)."""
    legal = tuple(legal)
    adds = tuple(a for a in legal if isinstance(a, SeatBot))
    removals = tuple(a for a in legal if isinstance(a, UnseatBot))
    return adds, removals


def between_text(view: PazuView, names: Sequence[str], mine: bool, legal: Iterable[Any]) -> str:
    """What the between-sets panel says: whose decision it is, and what the person may do."""
    seat = view.to_move
    if view.phase is not Phase.LEAVE or seat is None:
        return ""
    if not mine:
        return f"Between sets: waiting for {names[seat]} to stay or leave."
    at_table = sum(view.seated)
    adds, removals = seat_changes(legal)
    lines = [f"Set {view.set_number} is over. Stay for set {view.set_number + 1} (n) or leave (L)."]
    if view.config.people:
        lines.append(f"At the table: {at_table} of {MAX_SEATS}.")
        if adds:
            chips = view.config.start_chips
            lines.append(f"Add a bot (a): it sits down with {chips} chips.")
        elif at_table >= MAX_SEATS:
            lines.append("The table is full: send a bot away to make room.")
        else:
            lines.append("No more bots can sit down in this game.")
        if removals:
            lines.append("Send a bot away (r): it leaves with its chips.")
    return " ".join(lines)


class BotLevelPicker(ModalScreen[str | None]):
    """Which bot sits down: keys 1–2 (or e, h) or a click; Escape changes nothing."""

    DEFAULT_CSS = """
    BotLevelPicker { align: center middle; }
    BotLevelPicker #chooser { width: auto; max-width: 76; height: auto; padding: 1 2;
        border: heavy $primary; background: $surface; }
    BotLevelPicker Horizontal { height: auto; width: auto; margin-top: 1; }
    BotLevelPicker Button { margin-right: 1; min-width: 10; }
    BotLevelPicker .note { color: $foreground 70%; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        *(Binding(str(n), f"choose({n - 1})", show=False) for n in range(1, len(BOT_LEVELS) + 1)),
        *(Binding(level[0], f"choose({i})", show=False) for i, level in enumerate(BOT_LEVELS)),
    ]

    def __init__(self, levels: tuple[str, ...], name: str, chips: int) -> None:
        super().__init__()
        self.levels = levels
        self.newcomer = name
        self.chips = chips

    def compose(self) -> ComposeResult:
        with Vertical(id="chooser"):
            yield Static(f"Add a bot: {self.newcomer} sits down with {self.chips} chips.")
            for i, level in enumerate(self.levels):
                yield Static(f"[{i + 1}] {level}: {LEVEL_WORDS.get(level, '')}", markup=False)
            with Horizontal():
                for i, level in enumerate(self.levels):
                    yield Button(f"[{i + 1}] {level.title()}", id=f"level-{i}", variant="primary")
                yield Button("Cancel (Esc)", id="level-cancel")
            yield Static("It joins the next set, after the last seat.", classes="note")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "level-cancel":
            self.dismiss(None)
        else:
            self.action_choose(int((event.button.id or "level-0").split("-")[1]))

    def action_choose(self, index: int) -> None:
        if 0 <= index < len(self.levels):
            self.dismiss(self.levels[index])

    def action_cancel(self) -> None:
        self.dismiss(None)


class BotRemover(ModalScreen[int | None]):
    """Which bot to send away: keys 1–5 or a click on its line; Escape changes nothing."""

    DEFAULT_CSS = """
    BotRemover { align: center middle; }
    BotRemover #chooser { width: auto; max-width: 76; height: auto; padding: 1 2;
        border: heavy $primary; background: $surface; }
    BotRemover Button { margin-top: 1; min-width: 30; }
    BotRemover .note { color: $foreground 70%; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        *(Binding(str(n), f"choose({n - 1})", show=False) for n in range(1, MAX_SEATS)),
    ]

    def __init__(self, bots: tuple[tuple[int, str], ...]) -> None:
        """``bots``: (seat, what its line says) for each bot that may be sent away."""
        super().__init__()
        self.bots = bots

    def compose(self) -> ComposeResult:
        with Vertical(id="chooser"):
            yield Static("Send a bot away: it leaves the table with its chips.", markup=False)
            for i, (_seat, line) in enumerate(self.bots):
                yield Button(f"[{i + 1}] {line}", id=f"bot-{i}")
            yield Button("Cancel (Esc)", id="bot-cancel")
            yield Static("Its chips count in the final standings.", classes="note")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "bot-cancel":
            self.dismiss(None)
        else:
            self.action_choose(int((event.button.id or "bot-0").split("-")[1]))

    def action_choose(self, index: int) -> None:
        if 0 <= index < len(self.bots):
            self.dismiss(self.bots[index][0])

    def action_cancel(self) -> None:
        self.dismiss(None)
