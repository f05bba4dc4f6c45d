"""Pazaak's cards: main and side cards, their labels, the card inventory and ready-made side decks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache


class Kind(Enum):
    """What a card is; side cards differ in how they change a board."""

    MAIN = "main"
    PLUS = "plus"
    MINUS = "minus"
    DUAL = "dual"
    VARIABLE = "variable"
    FLIP_2_4 = "flip_2_4"
    FLIP_3_6 = "flip_3_6"
    DOUBLE = "double"
    TIEBREAKER = "tiebreaker"

    #: members are singletons, so identity hashing is exact; Enum's own hashes the name in
    #: Python, and every legal-move lookup hashes a hand of cards
    __hash__ = object.__hash__


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card. ``amount`` is the rank of a main card or the N of +N, -N and ±N."""

    kind: Kind
    amount: int = 0


#: side cards whose sign is fixed or chosen and that add their value to the board
VALUED = frozenset({Kind.PLUS, Kind.MINUS, Kind.DUAL, Kind.VARIABLE, Kind.TIEBREAKER})
#: the board values each Flip card turns over (both signs)
FLIP_TARGETS: Mapping[Kind, frozenset[int]] = {
    Kind.FLIP_2_4: frozenset({2, 4}),
    Kind.FLIP_3_6: frozenset({3, 6}),
}

VARIABLE = Card(Kind.VARIABLE)
FLIP_2_4 = Card(Kind.FLIP_2_4)
FLIP_3_6 = Card(Kind.FLIP_3_6)
DOUBLE = Card(Kind.DOUBLE)
TIEBREAKER = Card(Kind.TIEBREAKER)


def main(rank: int) -> Card:
    return Card(Kind.MAIN, rank)


def plus(n: int) -> Card:
    return Card(Kind.PLUS, n)


def minus(n: int) -> Card:
    return Card(Kind.MINUS, n)


def dual(n: int) -> Card:
    return Card(Kind.DUAL, n)


@cache
def side_values(card: Card) -> tuple[int, ...]:
    """The signed values a hand card may be played as; 0 for Flip and Double, which add nothing."""
    kind, n = card.kind, card.amount
    if kind is Kind.PLUS:
        return (n,)
    if kind is Kind.MINUS:
        return (-n,)
    if kind is Kind.DUAL:
        return (n, -n)
    if kind is Kind.VARIABLE:
        return (1, -1, 2, -2)
    if kind is Kind.TIEBREAKER:
        return (1, -1)
    if kind is Kind.MAIN:
        raise ValueError(f"{label(card)} is a main-deck card, not a hand card")
    return (0,)


_FIXED_LABELS = {
    Kind.VARIABLE: "±1/2",
    Kind.FLIP_2_4: "2&4",
    Kind.FLIP_3_6: "3&6",
    Kind.DOUBLE: "D",
    Kind.TIEBREAKER: "±1T",
}
_SIGNS = {Kind.MAIN: "", Kind.PLUS: "+", Kind.MINUS: "-", Kind.DUAL: "±"}


def label(card: Card) -> str:
    """A short face for the UI, sign and symbol included: "7", "+3", "-2", "±4", "±1/2", "D"."""
    fixed = _FIXED_LABELS.get(card.kind)
    return fixed if fixed is not None else f"{_SIGNS[card.kind]}{card.amount}"


def signed(value: int) -> str:
    """A board value with its sign, as side cards show it: "+3", "-2", "0"."""
    return f"{value:+d}" if value else "0"


def parse(text: str) -> Card:
    """The card a label names (``label``'s inverse); "+-4" is accepted for "±4"."""
    text = text.strip().replace("+-", "±")
    for kind, face in _FIXED_LABELS.items():
        if text == face:
            return Card(kind)
    sign, digits = (text[0], text[1:]) if text[:1] in "+-±" else ("", text)
    kinds = {"": Kind.MAIN, "+": Kind.PLUS, "-": Kind.MINUS, "±": Kind.DUAL}
    if not digits.isdigit():
        raise ValueError(f"not a Pazaak card: {text!r}")
    return Card(kinds[sign], int(digits))


def parse_all(text: str) -> tuple[Card, ...]:
    """Cards from space-separated labels, e.g. ``"+1 -2 ±3 D"`` (handy for decks and tests)."""
    return tuple(parse(word) for word in text.split())


def _inventory() -> dict[Card, int]:
    counts: dict[Card, int] = {}
    for make in (plus, minus, dual):
        counts.update({make(n): 4 for n in range(1, 7)})
    counts.update({FLIP_2_4: 4, FLIP_3_6: 4, DOUBLE: 2, TIEBREAKER: 2, VARIABLE: 2})
    return counts


#: the card collection side decks are built from: at most this many copies of each card
INVENTORY: Mapping[Card, int] = _inventory()
SIDE_DECK_SIZE = 10


def deck_problem(cards: Iterable[Card]) -> str | None:
    """Why ``cards`` is not a legal side deck, or None when it is."""
    cards = tuple(cards)
    if len(cards) != SIDE_DECK_SIZE:
        return f"a side deck holds exactly {SIDE_DECK_SIZE} cards, not {len(cards)}"
    for card, copies in Counter(cards).items():
        allowed = INVENTORY.get(card, 0)
        if allowed == 0:
            return f"{label(card)} is not a side card in the inventory"
        if copies > allowed:
            return f"the deck has {copies}× {label(card)}, the inventory only {allowed}"
    return None


def check_deck(cards: Iterable[Card]) -> None:
    """Raise ValueError with the reason when ``cards`` is not a legal side deck."""
    problem = deck_problem(cards)
    if problem is not None:
        raise ValueError(problem)


@dataclass(frozen=True, slots=True)
class NamedDeck:
    """A ready-made side deck, so nobody has to build one before the first match."""

    name: str
    title: str
    blurb: str
    cards: tuple[Card, ...]


READY_DECKS: Mapping[str, NamedDeck] = {
    deck.name: deck
    for deck in (
        NamedDeck(
            "balanced",
            "Balanced duals",
            "Ten dual cards: every one can fix a bust or reach 20.",
            parse_all("±1 ±2 ±2 ±3 ±3 ±4 ±4 ±5 ±5 ±6"),
        ),
        NamedDeck(
            "beginner",
            "Beginner",
            "Plain plus and minus cards, +1 to +5 and -1 to -5.",
            parse_all("+1 +2 +3 +4 +5 -1 -2 -3 -4 -5"),
        ),
        NamedDeck(
            "gold",
            "Gold cards",
            "Flips, Double, Tiebreaker and ±1/2, backed by a few duals.",
            parse_all("2&4 3&6 D ±1T ±1/2 ±2 ±3 ±4 -5 -6"),
        ),
        NamedDeck(
            "cautious",
            "Cautious",
            "Heavy on minus cards, for players who push their luck.",
            parse_all("-1 -2 -3 -4 -5 -6 ±1 ±2 ±3 ±4"),
        ),
    )
}


def deck_named(name: str) -> NamedDeck:
    """A ready-made deck by name; ValueError lists the names there are."""
    try:
        return READY_DECKS[name]
    except KeyError:
        raise ValueError(
            f"no ready-made deck {name!r}; choose from: {', '.join(READY_DECKS)}"
        ) from None
