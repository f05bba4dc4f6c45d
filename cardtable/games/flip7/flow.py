"""How one decision plays out: the flips, busts, action cards and round ends it sets off.

``Work`` is a mutable scratch copy of a state, worked on step by step and frozen once at the
end: Flip Three chains, set-aside cards and pauses for a target choice read far more plainly as
one loop over a to-do list than as nested returns of new states.
"""

from __future__ import annotations

from dataclasses import replace
from operator import add
from typing import Any

from cardtable.core.rng import derive_rng, randbelow, shuffled
from cardtable.games.flip7.cards import FIRST_ACTION, FLIP_SEVEN, GOAL, LAST_NUMBER, Card, row_score
from cardtable.games.flip7.events import (
    ActionDiscarded,
    ActionSetAside,
    Busted,
    CardFlipped,
    FlipSeven,
    FlipThreeEnded,
    FlipThreeStarted,
    Frozen,
    GameEnded,
    PlayOn,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    SecondChanceGiven,
    SecondChanceKept,
    SecondChanceUsed,
    Stayed,
    Why,
)
from cardtable.games.flip7.state import (
    CARD_CHOICE,
    CHOICE_CARD,
    Choice,
    Flip7Config,
    Flip7State,
    FlipThree,
    Mode,
    Pending,
    Resolution,
    Row,
    Status,
    Table,
)

# Enum members looked up once: a class attribute lookup on an Enum costs more than a hit's
# arithmetic, and these are read on every move.
ACTIVE, STAYED, FROZEN, BUST = Status.ACTIVE, Status.STAYED, Status.FROZEN, Status.BUST
SECOND_CHANCE = Card.SECOND_CHANCE
HIT_FLIP, DEAL_FLIP, THREE_FLIP = Why.HIT, Why.DEAL, Why.FLIP_THREE
TABLE = Mode.TABLE
EMPTY_ROW = Row()


class Work:
    """A state being changed in place; ``freeze`` gives the new immutable state."""

    __slots__ = (
        "config",
        "seed",
        "deck",
        "discard",
        "rows",
        "table",
        "turn",
        "flow",
        "events",
        "flip7",
    )

    def __init__(self, state: Flip7State) -> None:
        self.config = state.config
        self.seed = state.seed
        self.deck = state.deck
        self.discard = state.discard
        self.rows = list(state.rows)
        self.table = state.table
        self.turn = state.turn
        self.flow = state.flow
        self.events: list[Any] = []
        #: someone made a Flip 7: the round ends before anything else happens
        self.flip7 = False

    def freeze(self) -> Flip7State:
        rows = tuple(self.rows)
        return Flip7State(
            self.config, self.seed, self.deck, self.discard, rows, self.table, self.turn, self.flow
        )

    # The three decisions -------------------------------------------------------------------

    def hit(self) -> None:
        self.flip(self.turn, HIT_FLIP)
        self.settle()

    def stay(self) -> None:
        seat = self.turn
        row = self.rows[seat]
        self.rows[seat] = Row(row.numbers, row.modifiers, row.second_chance, STAYED)
        self.events.append(Stayed(seat, row_score(row.numbers, row.modifiers)))
        self.settle()

    def choose(self, target: int) -> None:
        assert self.flow is not None and self.flow.pending is not None
        pending = self.flow.pending
        self.flow = replace(self.flow, pending=None)
        self.give(pending.choice, pending.chooser, target)
        self.settle()

    # Cards ---------------------------------------------------------------------------------

    def draw(self) -> Card:
        """The top card; an empty deck is first refilled from the discard pile, shuffled.

        Both are never empty at once: at most 7 cards per row stay out of a 79-number deck.
        """
        if not self.deck:
            reshuffles = self.table.reshuffles
            rng = derive_rng(self.seed, "reshuffle", reshuffles)
            self.deck, self.discard = shuffled(self.discard, rng), ()
            self.table = replace(self.table, reshuffles=reshuffles + 1)
            self.events.append(Reshuffled(len(self.deck)))
        card = self.deck[0]
        self.deck = self.deck[1:]
        return card

    def flip(self, seat: int, why: Why) -> None:
        card = self.draw()
        self.events.append(CardFlipped(seat, card, why))
        if card <= LAST_NUMBER:
            self.take_number(seat, card)
        elif card < FIRST_ACTION:
            self.rows[seat] = add_card(self.rows[seat], card)
        elif card is SECOND_CHANCE:
            self.take_second_chance(seat)
        elif why is THREE_FLIP:
            frame = self.flow.chain[-1]  # type: ignore[union-attr]  # a Flip Three is in play
            self.set_top(replace(frame, set_aside=frame.set_aside + (card,)))
            self.events.append(ActionSetAside(seat, card))
        else:
            self.offer(CARD_CHOICE[card], seat)

    def take_number(self, seat: int, card: Card) -> None:
        row = self.rows[seat]
        if card in row.numbers:
            if row.second_chance:
                self.rows[seat] = Row(row.numbers, row.modifiers, False, row.status)
                self.discard += (card, SECOND_CHANCE)
                self.events.append(SecondChanceUsed(seat, card))
            else:
                self.rows[seat] = Row(row.numbers + (card,), row.modifiers, False, BUST)
                self.events.append(Busted(seat, card))
            return
        row = self.rows[seat] = add_card(row, card)
        if len(row.numbers) == FLIP_SEVEN:
            self.flip7 = True
            self.events.append(FlipSeven(seat))

    def take_second_chance(self, seat: int) -> None:
        """Keep it; if you hold one already, it must go to an active player who has none."""
        row = self.rows[seat]
        if not row.second_chance:
            self.rows[seat] = Row(row.numbers, row.modifiers, True, row.status)
            self.events.append(SecondChanceKept(seat))
            return
        options = tuple(
            s
            for s, other in enumerate(self.rows)
            if s != seat and other.status is ACTIVE and not other.second_chance
        )
        self.hand_out(Choice.SECOND_CHANCE, seat, options)

    # Action cards --------------------------------------------------------------------------

    def offer(self, choice: Choice, chooser: int) -> None:
        """Freeze and Flip Three go to an active player, the chooser included."""
        options = tuple(s for s, row in enumerate(self.rows) if row.status is ACTIVE)
        self.hand_out(choice, chooser, options)

    def hand_out(self, choice: Choice, chooser: int, options: tuple[int, ...]) -> None:
        """Give the card at once when there is no real choice; else wait for the chooser."""
        if not options:
            self.discard += (CHOICE_CARD[choice],)
            self.events.append(ActionDiscarded(chooser, CHOICE_CARD[choice]))
        elif len(options) == 1:
            self.give(choice, chooser, options[0])
        else:
            self.flow = replace(self.ensure_flow(), pending=Pending(choice, chooser, options))

    def give(self, choice: Choice, chooser: int, target: int) -> None:
        row = self.rows[target]
        if choice is Choice.SECOND_CHANCE:
            self.rows[target] = Row(row.numbers, row.modifiers, True, row.status)
            self.events.append(SecondChanceGiven(chooser, target))
            return
        self.discard += (CHOICE_CARD[choice],)
        if choice is Choice.FREEZE:
            self.rows[target] = Row(row.numbers, row.modifiers, row.second_chance, FROZEN)
            self.events.append(Frozen(target, chooser, row.score))
            return
        flow = self.ensure_flow()
        # Play continues after the first recipient of a Flip Three (not in the deal, which
        # goes on in deal order, nor for a Flip Three set aside inside another one).
        resume = flow.resume if flow.dealing or flow.chain else target
        self.flow = replace(flow, chain=flow.chain + (FlipThree(target),), resume=resume)
        self.events.append(FlipThreeStarted(target, chooser))

    def ensure_flow(self) -> Resolution:
        if self.flow is None:
            self.flow = Resolution(resume=self.turn)
        return self.flow

    def set_top(self, frame: FlipThree) -> None:
        flow = self.flow
        assert flow is not None
        self.flow = replace(flow, chain=flow.chain[:-1] + (frame,))

    # The to-do list ------------------------------------------------------------------------

    def settle(self) -> None:
        """Work through everything owed until a player must decide or the game is over."""
        while True:
            if self.flip7 or ACTIVE not in [row.status for row in self.rows]:
                self.end_round()
                return
            flow = self.flow
            if flow is None:
                self.turn = next_active(self.rows, self.turn)
                return
            if flow.pending is not None:
                return
            if flow.chain:
                self.step_chain(flow.chain[-1])
            elif flow.deal_left:
                self.deal_next(flow)
            else:
                self.flow = None
                self.turn = next_active(self.rows, flow.resume)
                return

    def step_chain(self, frame: FlipThree) -> None:
        """One step of the innermost Flip Three: a flip, or one set-aside card, or its end."""
        target = frame.target
        if frame.flips_left and self.rows[target].status is ACTIVE:
            self.flip(target, THREE_FLIP)
            frame = self.flow.chain[-1]  # type: ignore[union-attr]  # a Flip Three is in play
            stopped = self.rows[target].status is BUST or self.flip7
            left = 0 if stopped else frame.flips_left - 1
            self.set_top(replace(frame, flips_left=left))
            if not left:
                self.events.append(FlipThreeEnded(target))
            return
        if frame.set_aside and self.rows[target].status is not BUST:
            self.set_top(replace(frame, set_aside=frame.set_aside[1:]))
            self.offer(CARD_CHOICE[frame.set_aside[0]], target)
            return
        for card in frame.set_aside:
            self.discard += (card,)
            self.events.append(ActionDiscarded(target, card))
        flow = self.flow
        assert flow is not None
        self.flow = replace(flow, chain=flow.chain[:-1])

    def deal_next(self, flow: Resolution) -> None:
        """One deal card; a player already out of the round (frozen, bust) is skipped."""
        seat = flow.deal_left[0]
        self.flow = replace(flow, deal_left=flow.deal_left[1:])
        if self.rows[seat].status is ACTIVE:
            self.flip(seat, DEAL_FLIP)

    # Rounds --------------------------------------------------------------------------------

    def end_round(self) -> None:
        """Bank the scores, ending the game or the round; either way the rows stay on the
        table to be seen (the next round is dealt by ``deal_next_round``)."""
        scores = tuple([row.score for row in self.rows])
        self.table, banking = bank_round(self.table, scores)
        if self.flow is not None:
            # ended mid-resolution (a Flip 7, or nobody left to act): set-aside cards are lost
            for frame in self.flow.chain:
                self.events += [ActionDiscarded(frame.target, card) for card in frame.set_aside]
            self.discard += self.flow.cards
            self.flow = None
        self.events += banking
        self.flip7 = False

    def deal_next_round(self) -> None:
        """The ended round's rows go to the discard; the next round is dealt."""
        discard = self.discard
        for row in self.rows:
            discard += row.cards
        self.discard = discard
        self.start_round(next_round(self.table))
        self.settle()

    def start_round(self, table: Table) -> None:
        """Empty rows; the table game deals one card each, from left of the dealer to the dealer."""
        self.table = table
        seats = len(table.banked)
        self.rows = [EMPTY_ROW] * seats
        self.turn = table.dealer
        self.events.append(RoundStarted(table.round, table.dealer))
        if self.config.mode is TABLE:
            order = tuple((table.dealer + step) % seats for step in range(1, seats + 1))
            self.flow = Resolution(deal_left=order, dealing=True, resume=table.dealer)


def bank_round(table: Table, scores: tuple[int, ...]) -> tuple[Table, list[Any]]:
    """The totals after a round that scored ``scores``, and what follows: the game's end, or
    the round ended with another to come.

    The game ends once someone's total reaches the goal with nobody level at the top; a tie
    at the top plays on.
    """
    banked = tuple(map(add, table.banked, scores))
    events: list[Any] = [RoundEnded(table.round, scores, banked)]
    top = max(banked)
    if top >= GOAL and banked.count(top) == 1:
        events.append(GameEnded((banked.index(top),), banked, table.round))
        return Table(banked, table.round, table.dealer, table.reshuffles, over=True), events
    if top >= GOAL:
        events.append(PlayOn(tuple([s for s, total in enumerate(banked) if total == top])))
    return Table(banked, table.round, table.dealer, table.reshuffles, ended=True), events


def next_round(table: Table) -> Table:
    """The table of the round after an ended one: the dealer's place passes left."""
    dealer = (table.dealer + 1) % len(table.banked)
    return Table(table.banked, table.round + 1, dealer, table.reshuffles)


def add_card(row: Row, card: Card) -> Row:
    """``row`` with a number it does not hold yet, or a modifier."""
    if card <= LAST_NUMBER:
        return Row(row.numbers + (card,), row.modifiers, row.second_chance, row.status)
    return Row(row.numbers, row.modifiers + (card,), row.second_chance, row.status)


def next_active(rows: list[Row] | tuple[Row, ...], seat: int) -> int:
    """The first active seat clockwise after ``seat`` (``seat`` itself if it is the only one)."""
    seats = len(rows)
    for step in range(1, seats + 1):
        other = (seat + step) % seats
        if rows[other].status is ACTIVE:
            return other
    raise AssertionError("next_active called with nobody active")


def opening(config: Flip7Config, seed: int) -> Work:
    """A new game: the deck shuffled, a dealer drawn (table game), the first round dealt."""
    deck = shuffled(config.deck, derive_rng(seed, "deck"))
    dealer = randbelow(derive_rng(seed, "dealer"), config.seats) if config.mode is Mode.TABLE else 0
    return first_round(config, seed, deck, dealer)


def first_round(config: Flip7Config, seed: int, deck: tuple[Card, ...], dealer: int) -> Work:
    """The game started on a given deck order (tests stack it) with ``dealer`` dealing."""
    table = Table(banked=(0,) * config.seats, dealer=dealer)
    work = Work(Flip7State(config, seed, deck, (), (), table, dealer))
    work.start_round(table)
    work.settle()
    return work
