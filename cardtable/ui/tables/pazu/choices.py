"""What a person's keys and clicks do at the Pazu-Pazaak table: which keys are live in each
phase, and the choices they make (a hand card, an offered card, a bid, seats, leaving).

The base of ``PazuTable``, between it and ``TableScreen``: Textual finds a screen's actions and
handlers on the screen's class, so the keys live in a class of their own that draws nothing, and
the table above it draws. A key is shown only while it can be used (the player's turn, its
phase, a bot to add or send away); a card key on the player's turn stays live, and whatever
the core refuses is refused with its reason, never silently.
"""

from __future__ import annotations

from textual.widgets import Button

from cardtable.core.seats import newcomer_name
from cardtable.games.pazu.actions import (
    END_TURN,
    LEAVE,
    STAND,
    STAY,
    Bid,
    Pick,
    SeatBot,
    SetAnte,
    UnseatBot,
)
from cardtable.games.pazu.state import Phase
from cardtable.ui.screens.result import ResultScreen
from cardtable.ui.tables.base import TableScreen
from cardtable.ui.tables.pazaak.handplay import play_hand_card
from cardtable.ui.tables.pazaak.widgets import HandCardChosen
from cardtable.ui.tables.pazu.auction import AmountEntered, AuctionPanel, OfferChosen
from cardtable.ui.tables.pazu.seats import (
    BotLevelPicker,
    BotRemover,
    seat_changes,
)
from cardtable.ui.tables.pazu.story import auction_story

#: what each phase's footer keys are for; a key of another phase is hidden
KEY_PHASES = {
    "stand": Phase.TURN,
    "end_turn": Phase.TURN,
    "stay": Phase.LEAVE,
    "leave": Phase.LEAVE,
    "add_bot": Phase.LEAVE,
    "remove_bot": Phase.LEAVE,
}


class PazuChoices(TableScreen):
    """Keys, clicks and the choices they make; ``PazuTable`` draws."""

    # -- choices -------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in (*KEY_PHASES, "digit"):
            return super().check_action(action, parameters)
        # a key is shown only to whoever may use it now: between sets, only the person asked
        # sees Next set and Leave, and Add bot only while a bot may still sit down
        if self.looking_on or not self.my_turn:
            return False
        phase = self.session.observe().phase
        if action in KEY_PHASES:
            if phase is not KEY_PHASES[action]:
                return False
            legal = self.session.playable()
            adds, removals = seat_changes(legal)
            if action in ("add_bot", "remove_bot"):
                people = self.session.observe().config.people  # bots change at a people's table
                return bool(people) and bool(adds if action == "add_bot" else removals)
            wanted = {"stand": STAND, "end_turn": END_TURN, "stay": STAY, "leave": LEAVE}[action]
            return wanted in legal
        # a card that can't be played, or one already taken, is refused with the reason
        return phase in (Phase.TURN, Phase.PICK)

    def pickable_slots(self) -> frozenset[int]:
        story = auction_story(self.session.history())
        if not self.my_turn or story is None or self.session.observe().phase is not Phase.PICK:
            return frozenset()
        return frozenset(slot for slot, who in enumerate(story.takers) if who is None)

    def action_stand(self) -> None:
        self.play_human(STAND)

    def action_end_turn(self) -> None:
        self.play_human(END_TURN)

    def action_stay(self) -> None:
        self.play_human(STAY)

    def action_leave(self) -> None:
        """Leaving is for good (ruling 8), so ask first."""
        if self.check_action("leave", ()) is not True:
            return
        seated = self.session.observe().seated
        alone = sum(seat.is_human and seated[i] for i, seat in enumerate(self.seats)) <= 1
        box = ResultScreen(
            "Leave the table?",
            "You leave with your chips and do not come back"
            + (": you are the last person here, so the game ends." if alone else "."),
            (("stay", "Stay"), ("leave", "Leave")),
        )
        self.app.push_screen(
            box, lambda choice: self.play_human(LEAVE) if choice == "leave" else None
        )

    def action_add_bot(self) -> None:
        """Ask which level of bot sits down, then seat it (the core checks there is room)."""
        adds, _ = seat_changes(self.session.playable())
        if not adds:
            return
        levels = tuple(add.level for add in adds)
        name = newcomer_name(self.seats)
        chips = self.session.observe().config.start_chips

        def seat(level: str | None) -> None:
            if level is not None:
                self.play_human(SeatBot(level))

        self.app.push_screen(BotLevelPicker(levels, name, chips), seat)

    def action_remove_bot(self) -> None:
        """Ask which bot to send away, then send it (it leaves with its chips)."""
        _, removals = seat_changes(self.session.playable())
        if not removals:
            return
        chips = self.session.observe().chips
        bots = tuple(
            (r.seat, f"{self.seats[r.seat].label} · {chips[r.seat]} chips") for r in removals
        )

        def unseat(seat: int | None) -> None:
            if seat is not None:
                self.play_human(UnseatBot(seat))

        self.app.push_screen(BotRemover(bots), unseat)

    def action_digit(self, index: int) -> None:
        if self.session.observe().phase is Phase.PICK:
            self.pick_slot(index)
        else:
            self.play_card(index)

    def pick_slot(self, slot: int) -> None:
        """Take the revealed card in ``slot``; a card already taken is refused by name."""
        story = auction_story(self.session.history())
        if story is None or slot >= len(story.offer):
            return
        taker = story.takers[slot]
        if taker is not None and self.my_turn:
            self.notify(
                f"{self.seat_name(taker)} took that card; pick one still on offer.",
                title="Not allowed",
                severity="warning",
                markup=False,
            )
            return
        self.play_human(Pick(story.offer[slot]))

    def play_card(self, index: int) -> None:
        play_hand_card(self, index, "hand cards")

    def on_hand_card_chosen(self, message: HandCardChosen) -> None:
        self.play_card(message.index)

    def on_offer_chosen(self, message: OfferChosen) -> None:
        self.pick_slot(message.slot)

    def on_amount_entered(self, message: AmountEntered) -> None:
        """A bid or an ante from the box; out of bounds, the core's reason shows under it."""
        phase = self.session.observe().phase
        panel = self.query_one(AuctionPanel)
        try:
            amount = int(message.text.strip())
        except ValueError:
            panel.say("Type a whole number of chips (0 to pass).")
            return
        self.play_human(Bid(amount) if phase is Phase.BID else SetAnte(amount))

    def refused(self, reason: str) -> None:
        """A bid or an ante out of bounds: the reason shows under the box too."""
        super().refused(reason)
        if self.session.observe().phase in (Phase.BID, Phase.ANTE):
            self.query_one(AuctionPanel).say(f"Refused: {self.name_seats(reason)}.")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"pz-stand": STAND, "pz-end": END_TURN, "pz-stay": STAY}
        if event.button.id == "pz-leave":
            self.action_leave()
        elif event.button.id in actions:
            self.play_human(actions[event.button.id])
        elif event.button.id == "pz-add":
            self.action_add_bot()
        elif event.button.id == "pz-remove":
            self.action_remove_bot()
