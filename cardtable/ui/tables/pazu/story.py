"""This set's auction as it happened, read back from the match's events.

The observation says who is still to bid or pick, but not who took which card or in what order
the picks went: those are public events (bids are open, the cards lie face up). Reading them back
lets the bidding screen show the offer as it was dealt, with each card's taker, and the pick order
as it resolves, without the table keeping any game state of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.games.pazaak.cards import Card
from cardtable.games.pazu.events import AnteSet, BidMade, CardPicked, CardsRevealed, LeftTable
from cardtable.games.pazu.state import Phase
from cardtable.games.pazu.view import PazuView


@dataclass(frozen=True)
class Story:
    number: int
    #: the cards as they were turned up, in order (slot k is key k+1)
    offer: tuple[Card, ...]
    #: who bid first this set
    opener: int
    #: (seat, amount) in the order the bids were made
    bids: tuple[tuple[int, int], ...]
    #: (seat, card, handed out because nothing was left to choose) in the order taken
    picks: tuple[tuple[int, Card, bool], ...]
    #: who took each offer slot, None while it is still on offer
    takers: tuple[int | None, ...]
    #: (seat, amount) once the first player has named the ante
    ante: tuple[int, int] | None


def _this_set(history: Sequence[tuple[Any, ...]]) -> list[Any]:
    """Every event since the last cards were revealed, oldest first."""
    found: list[Any] = []
    for events in reversed(history):
        for event in reversed(events):
            found.append(event)
            if isinstance(event, CardsRevealed):
                return found[::-1]
    return []


def auction_story(history: Sequence[tuple[Any, ...]]) -> Story | None:
    """The current set's auction, or None before the first cards are revealed."""
    events = _this_set(history)
    if not events:
        return None
    opening = events[0]
    assert isinstance(opening, CardsRevealed)
    bids = tuple((e.seat, e.amount) for e in events if isinstance(e, BidMade))
    picks = tuple((e.seat, e.card, e.auto) for e in events if isinstance(e, CardPicked))
    ante = next(((e.seat, e.amount) for e in events if isinstance(e, AnteSet)), None)
    return Story(
        opening.number,
        opening.cards,
        opening.bids_first,
        bids,
        picks,
        _takers(opening.cards, picks),
        ante,
    )


def _takers(
    offer: tuple[Card, ...], picks: Iterable[tuple[int, Card, bool]]
) -> tuple[int | None, ...]:
    """Each pick takes the first untaken slot holding its card (equal cards are one choice)."""
    takers: list[int | None] = [None] * len(offer)
    for seat, card, _auto in picks:
        slot = next(i for i, c in enumerate(offer) if c == card and takers[i] is None)
        takers[slot] = seat
    return tuple(takers)


def pick_order(view: PazuView, story: Story) -> tuple[tuple[int, ...], bool]:
    """The pick order as it stands, and whether it is final.

    Once bidding is over the core's queue is the order of the picks still to come; while bids
    are still coming in, the order so far is shown (highest bid first, equal bids in the order
    they were made, as the rules have it) and marked as not final.
    """
    taken = tuple(seat for seat, _card, _auto in story.picks)
    if view.phase is Phase.PICK:
        return taken + view.queue, True
    if view.phase is Phase.BID:
        ranked = sorted(range(len(story.bids)), key=lambda i: (-story.bids[i][1], i))
        return tuple(story.bids[i][0] for i in ranked), False
    return taken, True


def departures(history: Sequence[tuple[Any, ...]]) -> dict[int, tuple[int, Any]]:
    """For each seat that left: the set it left after and why (for the final standings)."""
    left: dict[int, tuple[int, Any]] = {}
    number = 0
    for events in history:
        for event in events:
            if isinstance(event, CardsRevealed):
                number = event.number
            elif isinstance(event, LeftTable):
                left[event.seat] = (number, event.reason)
    return left
