"""What a person's keys and clicks do at the Flip 7 table: hit, stay, hand an action card to a
player (a key, a click on their line, or the picker's button), and the odds panel.

The base of the Flip 7 ``Table``, between it and ``TableScreen`` (as ``PazuChoices`` is for
Pazu-Pazaak): the keys live in a class of their own that draws nothing, and the table draws.
"""

from __future__ import annotations

from textual.widgets import Button

from cardtable.games.flip7.actions import HIT, STAY, ChooseTarget
from cardtable.session import Session
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.tables.flip7.widgets import SeatChosen


class Flip7Choices(TableScreen):
    """Keys and clicks; the ``Table`` draws."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        #: the odds panel is open (``o`` opens and closes it)
        self.odds_open = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("hit", "stay", "target"):
            # shown only to whoever may use it now: not dimmed for the seats that wait
            if self.looking_on or not self.my_turn:
                return False
            legal = self.session.playable()
            if action == "target":
                choosing = any(isinstance(a, ChooseTarget) for a in legal)
                target = parameters[0]
                return choosing and isinstance(target, int) and target < len(self.seats)
            return (HIT if action == "hit" else STAY) in legal
        return super().check_action(action, parameters)

    def action_hit(self) -> None:
        self.play_human(HIT)

    def action_stay(self) -> None:
        self.play_human(STAY)

    def action_target(self, seat: int) -> None:
        """Hand the action card to ``seat``; an ineligible one is refused with the rules' reason."""
        self.play_human(ChooseTarget(seat))

    def action_odds(self) -> None:
        self.odds_open = not self.odds_open
        self.redraw()

    def on_seat_chosen(self, message: SeatChosen) -> None:
        if any(isinstance(a, ChooseTarget) for a in self.session.playable()):
            self.action_target(message.seat)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        if button == "hit":
            self.action_hit()
        elif button == "stay":
            self.action_stay()
        elif button == "toggle-odds":
            self.action_odds()
        elif button.startswith("target-"):
            self.action_target(int(button.split("-")[1]))
