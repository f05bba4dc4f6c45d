"""What a person's keys and clicks do at the Pixies table: one cursor walks whatever they must
choose now (a revealed card, new or old, an empty space), so arrows and Enter always work;
digits, n/o and clicks go straight to a choice. Every choice becomes an action through
``play_human``, and the core refuses illegal ones with a reason.

The base of ``PixiesTable``, between it and ``TableScreen`` (as ``PazuChoices`` is for
Pazu-Pazaak): Textual finds a screen's actions and handlers on its class, so the keys live in a
class of their own that draws nothing, and the table above it draws.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.pixies.actions import KeepNew, KeepOld, PlaceFaceDown, Take
from cardtable.games.pixies.state import Phase
from cardtable.session import Session
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.tables.pixies.widgets import OfferChosen, SpaceChosen


class PixiesChoices(TableScreen):
    """The cursor, keys and clicks; ``PixiesTable`` draws."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        #: which of the current choices Enter takes (screen state, not game state)
        self.cursor = 0
        self._cursor_ply = -1

    # -- the cursor ----------------------------------------------------------------------------

    def choices(self) -> list[Any]:
        """What the person at the keyboard may choose now, in the order the cursor walks it."""
        legal = list(self.session.playable())
        return sorted(legal, key=lambda a: (isinstance(a, KeepOld), getattr(a, "space", 0)))

    def current_choice(self) -> Any:
        choices = self.choices()
        return choices[self.cursor % len(choices)] if choices else None

    def _sync_cursor(self) -> None:
        """A new decision starts with the cursor on its first choice."""
        ply = self.session.ply
        if ply != self._cursor_ply:
            self._cursor_ply, self.cursor = ply, 0

    # -- commands ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in ("digit", "keep", "confirm", "nudge"):
            return super().check_action(action, parameters)
        if self.looking_on:  # in a replay, the arrows step through it
            return self.is_replay and action == "nudge"
        if action == "nudge":
            return True
        # shown only to whoever may use it now: not dimmed for the seats that wait
        if not self.my_turn:
            return False
        phase = self.session.observe().phase
        if action == "keep":
            return phase is Phase.KEEP
        if action == "digit":  # a card that is gone or a taken space is refused with the reason
            return phase in (Phase.PICK, Phase.FACE_DOWN)
        return True

    def action_digit(self, number: int) -> None:
        view = self.session.observe()
        if view.phase is Phase.PICK:
            left = len(view.revealed)
            if number > left and self.my_turn:
                self.refused(f"card {number} is gone: {left} on offer, keys 1–{left}")
                return
            self.play_human(Take(number - 1))
        else:
            self.play_human(PlaceFaceDown(number))

    def action_keep(self, which: str) -> None:
        self.play_human(KeepNew() if which == "new" else KeepOld())

    def action_nudge(self, delta: int) -> None:
        if self.is_replay:
            self.action_step(delta)
            return
        choices = self.choices()
        if choices:
            self.cursor = (self.cursor + delta) % len(choices)
            self.redraw()

    def action_confirm(self) -> None:
        current = self.current_choice()
        if current is not None:
            self.play_human(current)

    def on_offer_chosen(self, message: OfferChosen) -> None:
        choice = message.choice
        if isinstance(choice, int):
            self.play_human(Take(choice))
        else:
            self.play_human(KeepNew() if choice == "new" else KeepOld())

    def on_space_chosen(self, message: SpaceChosen) -> None:
        if self.my_turn and message.seat != self.session.to_move:
            self.notify("Cards go on your own grid.", title="Not allowed", severity="warning")
            return
        self.play_human(PlaceFaceDown(message.space))
