"""The start of a set: auction cards revealed, open bids, picks in bid order, the ante.

Bids are paid as they are made (they are open), into the Pazaak Pot. The highest bidder (the
earlier bidder of equals) picks first, becomes the first player and names the ante.
"""

from __future__ import annotations

from collections import Counter

from cardtable.core.rng import derive_rng, shuffled
from cardtable.games.pazaak.cards import Card
from cardtable.games.pazaak.shared import COPIES_PER_RANK, EMPTY, RANKS, MainDeck
from cardtable.games.pazu.cards import SHARED_DECK
from cardtable.games.pazu.draft import Draft, with_
from cardtable.games.pazu.events import (
    AnteSet,
    AntesPaid,
    BidMade,
    CardPicked,
    CardsRevealed,
    EndReason,
    LeaveReason,
)
from cardtable.games.pazu.state import Phase, Status
from cardtable.games.pazu.turns import begin_turn

FULL_DECK = tuple(rank for rank in RANKS for _ in range(COPIES_PER_RANK))


def start_set(d: Draft) -> None:
    """Clear the boards, shuffle both decks and open the bidding at the first player."""
    d.set_number += 1
    n = d.seats
    order = tuple(seat for seat in d.clockwise(d.first) if d.seated[seat])
    d.boards = (EMPTY,) * n
    d.status = (Status.OUT,) * n
    d.stood_at = (0,) * n
    d.bids = (None,) * n
    d.ante = 0
    d.played_side = False
    d.revealed = shuffled(bidding_deck(d.bought), derive_rng(d.seed, "auction", d.set_number))[
        : len(order)
    ]
    if d.config.main_deck is MainDeck.TABLETOP:
        d.deck = shuffled(FULL_DECK, derive_rng(d.seed, "deck", d.set_number))
    d.phase = Phase.BID
    d.queue = order
    d.events.append(CardsRevealed(d.set_number, d.revealed, order[0]))


def bidding_deck(bought: tuple[tuple[Card, ...], ...]) -> tuple[Card, ...]:
    """The shared deck less the copies bought earlier and still held (ruling 2: two of each
    card in all, so a card held twice is never on offer)."""
    held = Counter(card for hand in bought for card in hand)
    deck = []
    for card in SHARED_DECK:
        if held[card]:
            held[card] -= 1
        else:
            deck.append(card)
    return tuple(deck)


def bid(d: Draft, amount: int) -> None:
    seat = d.queue[0]
    d.pay(seat, amount)
    d.pazaak_pot += amount
    d.bids = with_(d.bids, seat, amount)
    d.events.append(BidMade(seat, amount, d.pazaak_pot))
    d.queue = d.queue[1:]
    if not d.queue:
        _open_picks(d)


def _open_picks(d: Draft) -> None:
    """Order the picks by bid, highest first; a stable sort keeps equal bids in bidding order."""
    bidders = [seat for seat in d.clockwise(d.first) if d.bids[seat] is not None]
    order = sorted(bidders, key=lambda seat: -(d.bids[seat] or 0))
    d.first = order[0]
    d.phase = Phase.PICK
    # with most of the shared deck held, fewer cards than bidders may be on offer
    d.queue = tuple(order[: len(d.revealed)])
    _hand_out_forced(d)


def pick(d: Draft, card: Card) -> None:
    _take(d, card, auto=False)
    _hand_out_forced(d)


def _take(d: Draft, card: Card, auto: bool) -> None:
    seat = d.queue[0]
    at = d.revealed.index(card)
    d.revealed = d.revealed[:at] + d.revealed[at + 1 :]
    d.hands = with_(d.hands, seat, (*d.hands[seat], card))
    d.bought = with_(d.bought, seat, (*d.bought[seat], card))
    d.events.append(CardPicked(seat, card, auto))
    d.queue = d.queue[1:]


def _hand_out_forced(d: Draft) -> None:
    """Cards left on offer that are all alike leave no choice: they are handed out in order.
    Once every card is taken, the first player names the ante."""
    while d.queue and len(set(d.revealed)) == 1:
        _take(d, d.revealed[0], auto=True)
    if not d.queue:
        d.phase = Phase.ANTE
        d.queue = (d.first,)


def set_ante(d: Draft, amount: int) -> None:
    """Whoever cannot pay leaves; if two or more remain they pay and the first turn begins."""
    d.ante = amount
    d.events.append(AnteSet(d.first, amount))
    order = [seat for seat in d.clockwise(d.first) if d.seated[seat]]
    for seat in order:
        if d.chips[seat] < amount:
            d.leave(seat, LeaveReason.CANNOT_PAY)
    payers = tuple(seat for seat in order if d.seated[seat])
    if d.people_gone or len(payers) < 2:
        d.end_game(EndReason.PEOPLE_LEFT if d.people_gone else EndReason.FEW_PLAYERS)
        return
    for seat in payers:
        d.pay(seat, amount)
    d.set_pot += amount * len(payers)
    d.status = tuple(Status.ACTIVE if seat in payers else Status.OUT for seat in range(d.seats))
    d.events.append(AntesPaid(payers, amount, d.set_pot))
    begin_turn(d, payers[0])
