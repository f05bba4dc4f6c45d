"""Pazu-Pazaak's cards: Pazaak's own (``pazaak.cards``), and the deck the table bids for.

Each player brings a personal side deck of Pazaak cards; ruling 2 adds one shared deck,
shuffled every set, from which a card per player is revealed and bid for.
"""

from __future__ import annotations

from cardtable.games.pazaak.cards import (
    DOUBLE,
    FLIP_2_4,
    FLIP_3_6,
    TIEBREAKER,
    VARIABLE,
    Card,
    dual,
    minus,
    plus,
)


def _shared_deck() -> tuple[Card, ...]:
    """Ruling 2's bidding deck: two of every card, ±7…±10 included (62 cards)."""
    kinds = [plus(n) for n in range(1, 11)] + [minus(n) for n in range(1, 11)]
    kinds += [dual(n) for n in range(1, 7)]
    kinds += [FLIP_2_4, FLIP_3_6, DOUBLE, TIEBREAKER, VARIABLE]
    return tuple(card for card in kinds for _ in range(2))


SHARED_DECK = _shared_deck()
